CREATE TABLE "lead_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"body" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_notes_body_check" CHECK (length(btrim(body)) > 0 and length(body) <= 5000)
);
--> statement-breakpoint
CREATE TABLE "lead_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_status_changes_from_check" CHECK (from_status in ('novo', 'em_contato', 'qualificado', 'convertido', 'descartado')),
	CONSTRAINT "lead_status_changes_to_check" CHECK (to_status in ('novo', 'em_contato', 'qualificado', 'convertido', 'descartado')),
	CONSTRAINT "lead_status_changes_reason_check" CHECK ((to_status <> 'descartado' or length(btrim(coalesce(reason, ''))) > 0) and length(coalesce(reason, '')) <= 500)
);
--> statement-breakpoint
CREATE TABLE "document_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"request_id" uuid,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "implementation_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "implementation_status_changes_from_check" CHECK (from_status in ('recebida', 'em_implantacao', 'concluida', 'cancelada')),
	CONSTRAINT "implementation_status_changes_to_check" CHECK (to_status in ('recebida', 'em_implantacao', 'concluida', 'cancelada'))
);
--> statement-breakpoint
ALTER TABLE "contatos" DROP CONSTRAINT "contatos_status_check";--> statement-breakpoint
ALTER TABLE "contatos" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contatos" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(normalize("contatos"."nome" || ' ' || "contatos"."email" || ' ' || "contatos"."empresa", NFC), 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćĈĉĊċČčĎďĐđÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħÌÍÎÏìíîïĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłÑñŃńŅņŇňÒÓÔÕÖØòóôõöøŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųŴŵÝýÿŶŷŸŹźŻżŽž', 'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz') || ' ' || regexp_replace("contatos"."celular", '[^0-9]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitacoes_implementacao" ADD COLUMN "status" text DEFAULT 'recebida' NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitacoes_implementacao" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_contatos_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."contatos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_changes" ADD CONSTRAINT "lead_status_changes_lead_id_contatos_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."contatos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implementation_status_changes" ADD CONSTRAINT "implementation_status_changes_request_id_solicitacoes_implementacao_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."solicitacoes_implementacao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_notes_lead_idx" ON "lead_notes" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_status_changes_lead_idx" ON "lead_status_changes" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_status_changes_created_at_idx" ON "lead_status_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "document_downloads_request_idx" ON "document_downloads" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "document_downloads_file_idx" ON "document_downloads" USING btree ("file_id","created_at");--> statement-breakpoint
CREATE INDEX "implementation_status_changes_request_idx" ON "implementation_status_changes" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "contatos_status_created_at_idx" ON "contatos" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contatos_tipo_created_at_idx" ON "contatos" USING btree ("tipo","created_at");--> statement-breakpoint
CREATE INDEX "contatos_utm_source_created_at_idx" ON "contatos" USING btree ("utm_source","created_at");--> statement-breakpoint
CREATE INDEX "contatos_utm_campaign_created_at_idx" ON "contatos" USING btree ("utm_campaign","created_at");--> statement-breakpoint
CREATE INDEX "contatos_partner_created_at_idx" ON "contatos" USING btree ("partner_slug","created_at");--> statement-breakpoint
CREATE INDEX "contatos_cta_created_at_idx" ON "contatos" USING btree ("cta_source","created_at");--> statement-breakpoint
CREATE INDEX "contatos_pagina_origem_created_at_idx" ON "contatos" USING btree ("pagina_origem","created_at");--> statement-breakpoint
CREATE INDEX "contatos_nome_idx" ON "contatos" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "contatos_email_lower_idx" ON "contatos" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contatos_celular_idx" ON "contatos" USING btree ("celular");--> statement-breakpoint
CREATE INDEX "solicitacoes_implementacao_status_created_at_idx" ON "solicitacoes_implementacao" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "contatos" ADD CONSTRAINT "contatos_status_check" CHECK (status in ('novo', 'em_contato', 'qualificado', 'convertido', 'descartado'));--> statement-breakpoint
ALTER TABLE "solicitacoes_implementacao" ADD CONSTRAINT "solicitacoes_implementacao_status_check" CHECK (status in ('recebida', 'em_implantacao', 'concluida', 'cancelada'));--> statement-breakpoint
-- Hand-written (issue 14). Every lead that predates the pipeline starts it at 'novo': no
-- screen or service set a status before, and the pipeline's history starts here.
UPDATE "contatos" SET "status" = 'novo' WHERE "status" <> 'novo';--> statement-breakpoint
-- Substring search on the folded column through trigrams, only where pg_trgm can be had
-- (PostgreSQL: a trusted extension; PGlite: loaded by src/server/db/client.ts). Without it
-- the inbox's search still works, by scanning. drizzle-kit's schema does not know this index.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS "contatos_search_text_trgm_idx" ON "contatos" USING gin ("search_text" gin_trgm_ops);
  END IF;
EXCEPTION WHEN insufficient_privilege OR undefined_object THEN
  RAISE NOTICE 'pg_trgm unavailable (%): the leads search scans instead of using an index', SQLERRM;
END $$;
