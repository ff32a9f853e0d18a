CREATE TABLE "delivery_targets" (
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"paused_until" timestamp with time zone,
	"pauses" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_targets_kind_target_pk" PRIMARY KEY("kind","target")
);
