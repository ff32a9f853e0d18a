CREATE TABLE "cookie_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visitor_id" text NOT NULL,
	"version" text NOT NULL,
	"analytics" boolean NOT NULL,
	"functionality" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cookie_consents_visitor_idx" ON "cookie_consents" USING btree ("visitor_id","recorded_at");