ALTER TABLE "rate_limits" ADD COLUMN "hits" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_login_attempts" ADD COLUMN "failed_at" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_uploads" ADD COLUMN "client_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_uploads" ADD COLUMN "received_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "document_uploads_client_hash_idx" ON "document_uploads" USING btree ("client_hash");