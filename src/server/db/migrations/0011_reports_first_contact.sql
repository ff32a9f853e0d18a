ALTER TABLE "contatos" ADD COLUMN "first_contact_at" timestamp with time zone;--> statement-breakpoint
-- Leads already worked: their first move out of 'novo' from the status history.
UPDATE "contatos" AS c SET "first_contact_at" = f.first_at
  FROM (SELECT "lead_id", min("created_at") AS first_at FROM "lead_status_changes" WHERE "from_status" = 'novo' GROUP BY "lead_id") AS f
  WHERE f."lead_id" = c."id";
