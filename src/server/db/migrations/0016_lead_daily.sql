CREATE TABLE "lead_daily" (
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"value" text,
	"leads" integer NOT NULL,
	"conversions" integer NOT NULL,
	"contact_seconds" double precision[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_daily_stale" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lead_daily_day_idx" ON "lead_daily" USING btree ("day");--> statement-breakpoint
-- Whatever writes a lead (the form, the pipeline, an assignment, an erasure, a test), the
-- São Paulo day of what the reports count is logged stale: one row per statement and day.
CREATE FUNCTION "lead_daily_mark_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "lead_daily_stale" ("day")
      SELECT DISTINCT ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date FROM "new_rows";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "lead_daily_stale" ("day")
      SELECT DISTINCT ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date FROM "old_rows";
  ELSE
    INSERT INTO "lead_daily_stale" ("day")
      SELECT DISTINCT (t."at" AT TIME ZONE 'America/Sao_Paulo')::date
        FROM "old_rows" AS o
        JOIN "new_rows" AS n ON n."id" = o."id"
        CROSS JOIN LATERAL (VALUES (o."created_at"), (n."created_at")) AS t("at")
       WHERE (o."created_at", o."status", o."first_contact_at", o."assigned_to", o."utm_source",
              o."utm_campaign", o."partner_slug", o."tipo", o."cta_source")
             IS DISTINCT FROM
             (n."created_at", n."status", n."first_contact_at", n."assigned_to", n."utm_source",
              n."utm_campaign", n."partner_slug", n."tipo", n."cta_source");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_daily_inserted" AFTER INSERT ON "contatos"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lead_daily_mark_stale"();--> statement-breakpoint
CREATE TRIGGER "lead_daily_updated" AFTER UPDATE ON "contatos"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lead_daily_mark_stale"();--> statement-breakpoint
CREATE TRIGGER "lead_daily_deleted" AFTER DELETE ON "contatos"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lead_daily_mark_stale"();--> statement-breakpoint
-- The leads already there: every day of theirs is built by the first report.
INSERT INTO "lead_daily_stale" ("day")
  SELECT DISTINCT ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date FROM "contatos";
