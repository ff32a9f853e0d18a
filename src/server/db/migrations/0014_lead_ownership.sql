CREATE TABLE "lead_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"from_user_id" text,
	"from_user_name" text,
	"to_user_id" text,
	"to_user_name" text,
	"user_id" text,
	"user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"round_robin" boolean DEFAULT false NOT NULL,
	"round_robin_turn" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "sales_settings_one_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "contatos" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "lead_assignments" ADD CONSTRAINT "lead_assignments_lead_id_contatos_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."contatos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_assignments_lead_idx" ON "lead_assignments" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "contatos_assigned_to_created_at_idx" ON "contatos" USING btree ("assigned_to","created_at");--> statement-breakpoint
-- The settings' one row, round-robin off.
INSERT INTO "sales_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- An address invited again after its link expired has two open rows: the newer one stays open.
UPDATE "team_invitations" AS t SET "revoked_at" = now()
  WHERE t."accepted_at" IS NULL AND t."revoked_at" IS NULL AND EXISTS (
    SELECT 1 FROM "team_invitations" AS n
    WHERE n."email" = t."email" AND n."accepted_at" IS NULL AND n."revoked_at" IS NULL
      AND (n."created_at", n."id") > (t."created_at", t."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_open_email_unique" ON "team_invitations" USING btree ("email") WHERE "team_invitations"."accepted_at" is null and "team_invitations"."revoked_at" is null;