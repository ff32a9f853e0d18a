CREATE TABLE "follow_up_digest_opt_outs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_follow_ups" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_follow_ups_kind_check" CHECK (kind in ('ligar', 'whatsapp', 'email', 'reuniao')),
	CONSTRAINT "lead_follow_ups_note_check" CHECK (length(note) <= 140)
);
--> statement-breakpoint
ALTER TABLE "follow_up_digest_opt_outs" ADD CONSTRAINT "follow_up_digest_opt_outs_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_follow_ups" ADD CONSTRAINT "lead_follow_ups_lead_id_contatos_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."contatos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_follow_ups_user_due_idx" ON "lead_follow_ups" USING btree ("user_id","due_at");--> statement-breakpoint
CREATE INDEX "lead_follow_ups_due_idx" ON "lead_follow_ups" USING btree ("due_at");