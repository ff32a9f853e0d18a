CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"partner" text NOT NULL,
	"cta" text NOT NULL,
	"device" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"openers" integer DEFAULT 0 NOT NULL,
	"starters" integer DEFAULT 0 NOT NULL,
	"senders" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_pk" PRIMARY KEY("day","path","source","medium","campaign","partner","cta","device")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_dims" (
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"value" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"openers" integer DEFAULT 0 NOT NULL,
	"starters" integer DEFAULT 0 NOT NULL,
	"senders" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_dims_pk" PRIMARY KEY("day","dim","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_pairs" (
	"filter_dim" text NOT NULL,
	"filter_value" text NOT NULL,
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"value" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"openers" integer DEFAULT 0 NOT NULL,
	"starters" integer DEFAULT 0 NOT NULL,
	"senders" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_pairs_pk" PRIMARY KEY("filter_dim","filter_value","day","dim","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"partner" text DEFAULT '' NOT NULL,
	"cta" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"field" text DEFAULT '' NOT NULL,
	CONSTRAINT "analytics_events_kind_check" CHECK ("analytics_events"."kind" in ('view', 'open', 'start', 'sent', 'error'))
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_path_idx" ON "analytics_daily" USING btree ("path","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_source_idx" ON "analytics_daily" USING btree ("source","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_campaign_idx" ON "analytics_daily" USING btree ("campaign","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_partner_idx" ON "analytics_daily" USING btree ("partner","day");--> statement-breakpoint
CREATE INDEX "analytics_daily_pairs_day_idx" ON "analytics_daily_pairs" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day");