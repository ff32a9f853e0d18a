CREATE TABLE "contatos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"celular" text NOT NULL,
	"tipo" text NOT NULL,
	"empresa" text DEFAULT '' NOT NULL,
	"mensagem" text DEFAULT '' NOT NULL,
	"pagina_origem" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"cta_source" text DEFAULT '' NOT NULL,
	"partner_slug" text,
	"consent_version" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"submission_key" text NOT NULL,
	"status" text DEFAULT 'novo' NOT NULL,
	"ip_hash" text,
	"user_agent" text,
	CONSTRAINT "contatos_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "contatos_tipo_check" CHECK ("contatos"."tipo" in ('proprietario', 'corretor', 'administrador', 'imobiliaria')),
	CONSTRAINT "contatos_status_check" CHECK ("contatos"."status" in ('novo', 'em_contato', 'convertido', 'descartado'))
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contatos_created_at_idx" ON "contatos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deliveries_subject_idx" ON "deliveries" USING btree ("subject_type","subject_id");