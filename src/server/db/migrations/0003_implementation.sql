CREATE TABLE "private_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"original_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "private_files_kind_check" CHECK ("private_files"."kind" in ('pdf', 'jpeg', 'png'))
);
--> statement-breakpoint
CREATE TABLE "solicitacoes_implementacao" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tipo_documento" text NOT NULL,
	"email_acesso" text NOT NULL,
	"senha_hash" text NOT NULL,
	"cpf" text,
	"nome_completo" text,
	"celular" text,
	"email" text,
	"cnh_file_id" uuid,
	"cnpj" text,
	"razao_social" text,
	"responsavel_cpf" text,
	"responsavel_nome" text,
	"responsavel_celular" text,
	"responsavel_email" text,
	"responsavel_cnh_file_id" uuid,
	CONSTRAINT "solicitacoes_implementacao_tipo_check" CHECK ("solicitacoes_implementacao"."tipo_documento" in ('cpf', 'cnpj'))
);
--> statement-breakpoint
ALTER TABLE "solicitacoes_implementacao" ADD CONSTRAINT "solicitacoes_implementacao_cnh_file_id_private_files_id_fk" FOREIGN KEY ("cnh_file_id") REFERENCES "public"."private_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_implementacao" ADD CONSTRAINT "solicitacoes_implementacao_responsavel_cnh_file_id_private_files_id_fk" FOREIGN KEY ("responsavel_cnh_file_id") REFERENCES "public"."private_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solicitacoes_implementacao_created_at_idx" ON "solicitacoes_implementacao" USING btree ("created_at");