ALTER TABLE "contatos" ADD COLUMN "marketing_version" text;--> statement-breakpoint
ALTER TABLE "contatos" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "form_consents" ADD COLUMN "marketing_version" text;--> statement-breakpoint
ALTER TABLE "form_consents" ADD COLUMN "marketing_text_sha256" text;--> statement-breakpoint
ALTER TABLE "form_consents" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;