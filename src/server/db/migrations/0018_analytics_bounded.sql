CREATE TABLE "analytics_values" (
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "analytics_values_pk" PRIMARY KEY("day","dim","value")
);
--> statement-breakpoint
-- Events already here were rolled up by the rebuilds before this: counted (a constant default rewrites nothing).
ALTER TABLE "analytics_events" ADD COLUMN "rolled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" ALTER COLUMN "rolled" SET DEFAULT false;--> statement-breakpoint
-- Except the last two days, which the minute job rebuilt until now: added again from scratch.
DELETE FROM "analytics_daily" WHERE "day" >= (SELECT max("day") - 1 FROM "analytics_events");--> statement-breakpoint
DELETE FROM "analytics_daily_dims" WHERE "day" >= (SELECT max("day") - 1 FROM "analytics_events");--> statement-breakpoint
DELETE FROM "analytics_daily_pairs" WHERE "day" >= (SELECT max("day") - 1 FROM "analytics_events");--> statement-breakpoint
UPDATE "analytics_events" SET "rolled" = false WHERE "day" >= (SELECT max("day") - 1 FROM "analytics_events");--> statement-breakpoint
CREATE INDEX "analytics_events_unrolled_idx" ON "analytics_events" USING btree ("id") WHERE not "analytics_events"."rolled";--> statement-breakpoint
CREATE INDEX "analytics_events_visitor_idx" ON "analytics_events" USING btree ("visitor","day");
