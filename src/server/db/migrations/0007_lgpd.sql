CREATE TABLE "lgpd_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"email_hash" text NOT NULL,
	"cpf" text,
	"detalhes" text DEFAULT '' NOT NULL,
	"submission_key" text NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"due_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"anonymized_at" timestamp with time zone,
	"ip_hash" text,
	CONSTRAINT "lgpd_requests_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "lgpd_requests_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "lgpd_requests_tipo_check" CHECK ("lgpd_requests"."tipo" in ('confirmacao_acesso', 'correcao', 'anonimizacao_eliminacao', 'portabilidade', 'compartilhamento', 'revogacao_consentimento', 'oposicao', 'revisao_decisao_automatizada'))
);
--> statement-breakpoint
CREATE TABLE "form_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"version" text NOT NULL,
	"text_sha256" text NOT NULL,
	"page" text DEFAULT '' NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	CONSTRAINT "form_consents_subject_type_check" CHECK ("form_consents"."subject_type" in ('lead', 'implementacao'))
);
--> statement-breakpoint
CREATE TABLE "lgpd_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"identifier_kind" text NOT NULL,
	"subject_hash" text NOT NULL,
	"request_id" uuid,
	"counts" jsonb NOT NULL,
	CONSTRAINT "lgpd_audit_action_check" CHECK ("lgpd_audit"."action" in ('export', 'anonymize', 'delete', 'complete'))
);
--> statement-breakpoint
CREATE INDEX "lgpd_requests_due_idx" ON "lgpd_requests" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "lgpd_requests_email_hash_idx" ON "lgpd_requests" USING btree ("email_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "form_consents_subject_idx" ON "form_consents" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "lgpd_audit_at_idx" ON "lgpd_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "lgpd_audit_subject_idx" ON "lgpd_audit" USING btree ("subject_hash");