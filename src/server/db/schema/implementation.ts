/*
 * The implementation request (SPEC §3) and the identity documents it carries.
 *
 * Documents are stored IN the database (bytea), not on disk: the file and the request
 * row then commit or roll back together in one transaction, nothing is ever under a
 * public folder, the same code works on PGlite, PostgreSQL and serverless deploys that
 * have no lasting disk, and backups of the database include them. At most two 5 MB files
 * per request keeps that cheap. Only the admin download endpoint reads `content`.
 */
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { IMPLEMENTATION_STATUSES, type ImplementationStatus } from '../../../lib/lead-pipeline';

export { IMPLEMENTATION_STATUSES, type ImplementationStatus };

const statusList = IMPLEMENTATION_STATUSES.map((status) => `'${status}'`).join(', ');

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres needs a Buffer to send bytea; PGlite takes any Uint8Array (a Buffer is one).
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

export const DOCUMENT_KINDS = ['pdf', 'jpeg', 'png'] as const;

export const privateFiles = pgTable(
  'private_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Recognised from the content (magic bytes), never from the name or the browser. */
    kind: text('kind').$type<(typeof DOCUMENT_KINDS)[number]>().notNull(),
    mimeType: text('mime_type').notNull(),
    /**
     * The name the e-mail shows and the download uses: the visitor's file name reduced to
     * safe characters with the extension of `kind` (lib/file-type `documentFileName`).
     * Rows saved before that rule hold the raw name; the download applies the rule again.
     */
    originalName: text('original_name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [check('private_files_kind_check', sql`${table.kind} in ('pdf', 'jpeg', 'png')`)],
);

export const solicitacoesImplementacao = pgTable(
  'solicitacoes_implementacao',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    tipoDocumento: text('tipo_documento').$type<'cpf' | 'cnpj'>().notNull(),
    emailAcesso: text('email_acesso').notNull(),
    /** scrypt hash with its own salt and parameters (see implementation/password.ts); never the password. */
    senhaHash: text('senha_hash').notNull(),
    // CPF section; null on a CNPJ request. Documents and phones unmasked.
    cpf: text('cpf'),
    nomeCompleto: text('nome_completo'),
    celular: text('celular'),
    email: text('email'),
    /** The spec's cnh_file_path, as a reference to a private file instead of a public URL. */
    cnhFileId: uuid('cnh_file_id').references(() => privateFiles.id, { onDelete: 'set null' }),
    // CNPJ section; null on a CPF request. An alphanumeric CNPJ is stored upper-cased.
    cnpj: text('cnpj'),
    razaoSocial: text('razao_social'),
    responsavelCpf: text('responsavel_cpf'),
    responsavelNome: text('responsavel_nome'),
    responsavelCelular: text('responsavel_celular'),
    responsavelEmail: text('responsavel_email'),
    responsavelCnhFileId: uuid('responsavel_cnh_file_id').references(() => privateFiles.id, { onDelete: 'set null' }),
    /** recebida → em implantação → concluída / cancelada; every change in implementation_status_changes. */
    status: text('status').$type<ImplementationStatus>().notNull().default('recebida'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  },
  (table) => [
    index('solicitacoes_implementacao_created_at_idx').on(table.createdAt),
    index('solicitacoes_implementacao_status_created_at_idx').on(table.status, table.createdAt),
    check('solicitacoes_implementacao_tipo_check', sql`${table.tipoDocumento} in ('cpf', 'cnpj')`),
    check('solicitacoes_implementacao_status_check', sql.raw(`status in (${statusList})`)),
  ],
);

/** Every status change of an implementation request: who, when, from and to. */
export const implementationStatusChanges = pgTable(
  'implementation_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => solicitacoesImplementacao.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<ImplementationStatus>().notNull(),
    toStatus: text('to_status').$type<ImplementationStatus>().notNull(),
    /** The account that changed it (no foreign key: the history outlives accounts) and its name then. */
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('implementation_status_changes_request_idx').on(table.requestId, table.createdAt),
    check('implementation_status_changes_from_check', sql.raw(`from_status in (${statusList})`)),
    check('implementation_status_changes_to_check', sql.raw(`to_status in (${statusList})`)),
  ],
);

/**
 * Every download of an identity document by the team: who and when.
 * No foreign keys: the record stays when retention deletes the file, or the request
 * goes with a data-subject erasure — then only the ids and the time remain.
 */
export const documentDownloads = pgTable(
  'document_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id').notNull(),
    /** The request the file belongs to, when it still does. */
    requestId: uuid('request_id'),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('document_downloads_request_idx').on(table.requestId, table.createdAt),
    index('document_downloads_file_idx').on(table.fileId, table.createdAt),
  ],
);

/*
 * A document on its way in, sent in chunks by the form (each request well under a Netlify
 * function's 6 MB payload limit). The browser holds a random token; only its SHA-256 is
 * stored here as the id, so neither a database read nor a log line is enough to add chunks
 * to someone's upload or attach it to a request. The request's transaction moves the
 * assembled file into private_files and deletes the upload; what is never submitted is
 * deleted once `expires_at` has passed (src/server/implementation/document-uploads.ts), and
 * what one client and everyone together may hold at a time is capped there.
 * Nothing ever serves a chunk back.
 */
export const documentUploads = pgTable(
  'document_uploads',
  {
    /** SHA-256 (hex) of the upload token the browser holds. */
    id: text('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What the browser declared: the file's size, SHA-256 (hex) and name; checked against the chunks on submit. */
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    name: text('name').notNull(),
    chunkBytes: integer('chunk_bytes').notNull(),
    /** Keyed hash of the address that started it (rate-limit.ts hashIp): what one client holds is capped. */
    clientHash: text('client_hash').notNull().default(''),
    /** Chunk bytes taken so far, resent ones included: capped at a multiple of `size`. */
    receivedBytes: integer('received_bytes').notNull().default(0),
  },
  (table) => [
    index('document_uploads_expires_at_idx').on(table.expiresAt),
    index('document_uploads_client_hash_idx').on(table.clientHash),
  ],
);

export const documentUploadChunks = pgTable(
  'document_upload_chunks',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => documentUploads.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.index] })],
);

export type PrivateFile = typeof privateFiles.$inferSelect;
export type SolicitacaoImplementacao = typeof solicitacoesImplementacao.$inferSelect;
export type NewSolicitacaoImplementacao = typeof solicitacoesImplementacao.$inferInsert;
export type ImplementationStatusChange = typeof implementationStatusChanges.$inferSelect;
export type DocumentDownload = typeof documentDownloads.$inferSelect;
