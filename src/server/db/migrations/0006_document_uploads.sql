CREATE TABLE "document_upload_chunks" (
	"upload_id" text NOT NULL,
	"index" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "document_upload_chunks_upload_id_index_pk" PRIMARY KEY("upload_id","index")
);
--> statement-breakpoint
CREATE TABLE "document_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"name" text NOT NULL,
	"chunk_bytes" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_upload_chunks" ADD CONSTRAINT "document_upload_chunks_upload_id_document_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."document_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_uploads_expires_at_idx" ON "document_uploads" USING btree ("expires_at");