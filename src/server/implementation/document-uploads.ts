/*
 * Identity documents that arrive in chunks (src/lib/document-upload.ts says why): start an
 * upload, store its chunks, and — when the form is submitted — check the assembled file and
 * move it into private_files in the request's own transaction, consuming the upload.
 *
 * The bytes never come back out of the database: PostgreSQL (and PGlite, the same engine)
 * measures, hashes (sha256) and concatenates the chunks itself, and only the first bytes
 * (for the type) reach the app. Chunks go in as base64 that SQL decodes: PGlite's own
 * encoding of a binary parameter made a 2 MiB chunk take ~0.5 s, decode() ~0.1 s.
 *
 * The token the browser holds is the only key: 32 random bytes, stored as its SHA-256, so
 * knowing the table's rows is not enough to add a chunk or attach the file. Nothing here
 * ever returns a chunk; the assembled file goes into private_files (admin-only) or nowhere.
 * An upload never submitted is deleted once UPLOAD_TTL_MS has passed: by the housekeeping
 * timer on Node and the scheduled function on Netlify (src/server/housekeeping.ts), and by
 * each new upload before it counts what is held.
 *
 * What anonymous clients can make the server hold is bounded: an upload takes at most
 * UPLOAD_MAX_RECEIVED_FACTOR times its declared size in chunks (each chunk once, and once
 * more for a retry), the live uploads of one client address declare at most
 * UPLOAD_CLIENT_MAX_BYTES, and those of everyone together UPLOAD_TOTAL_MAX_BYTES (507 past
 * it). The chunk requests themselves are rate-limited per address by the route.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { CHUNK_BYTES, SHA256_PATTERN, UPLOAD_TOKEN_PATTERN, chunkCount, chunkRange } from '~/lib/document-upload';
import {
  MAX_CNH_BYTES,
  MIME_BY_KIND,
  SNIFF_BYTES,
  detectDocumentKind,
  documentFileName,
  type DocumentKind,
} from '~/lib/file-type';
import type { Db, DbOrTx } from '../db/client';
import { documentUploadChunks, documentUploads, privateFiles } from '../db/schema/implementation';
import {
  clientBusy,
  corrupted,
  expired,
  incomplete,
  invalidType,
  malformed,
  resentTooOften,
  storageFull,
  tooLarge,
  type FileField,
} from './upload-rejected';

/** How long an upload may wait for its form: the form uploads right before it posts, so an hour is generous. */
export const UPLOAD_TTL_MS = 60 * 60 * 1000;

/** Chunk bytes an upload takes per declared byte: every chunk once, and a retry of each (the island tries twice). */
export const UPLOAD_MAX_RECEIVED_FACTOR = 2;

/** Declared bytes of the live uploads of one client address: four full documents (a form, its retry, a neighbour's). */
export const UPLOAD_CLIENT_MAX_BYTES = 4 * MAX_CNH_BYTES;

/** Declared bytes of all live uploads together: fifty full documents, far above the site's traffic. */
export const UPLOAD_TOTAL_MAX_BYTES = 50 * MAX_CNH_BYTES;

/** Serialises the starts' count-then-insert, so parallel starts cannot all squeeze under the caps. */
const UPLOAD_START_LOCK = 0x706c_7570;

/** Longest declared file name kept (the stored name is cut further by `documentFileName`). */
const MAX_NAME_LENGTH = 255;

/** What the browser declares before sending the bytes. */
export interface UploadDeclaration {
  size: number;
  sha256: string;
  name: string;
}

/** A document whose chunks are all there and check out, still in the upload it came from. */
export interface CheckedUpload {
  uploadId: string;
  name: string;
  kind: DocumentKind;
  size: number;
  sha256: string;
}

/** The chunks of `uploadId` as one bytea, in order (an SQL expression over document_upload_chunks). */
const assembled = sql`string_agg(${documentUploadChunks.content}, ''::bytea order by ${documentUploadChunks.index})`;

const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');

/** The stored id of a token; a malformed token has none (it cannot be one we handed out). */
function uploadIdOf(token: string): string | undefined {
  return UPLOAD_TOKEN_PATTERN.test(token) ? sha256Hex(token) : undefined;
}

/** Deletes every upload past its time, chunks included; returns how many. */
export async function pruneExpiredUploads(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db
    .delete(documentUploads)
    .where(lte(documentUploads.expiresAt, now))
    .returning({ id: documentUploads.id });
  return gone.length;
}

/**
 * Starts an upload for a file the browser describes, for the client whose address hashes to
 * `clientHash`; returns the token to send its chunks and the form with. Throws
 * `UploadRejected` for a size over 5 MB (413), a declaration that is not one (400), a client
 * already holding UPLOAD_CLIENT_MAX_BYTES (429) or a server holding UPLOAD_TOTAL_MAX_BYTES (507).
 */
export async function startUpload(
  db: Db,
  declared: UploadDeclaration,
  clientHash: string,
  now: Date,
): Promise<{ token: string; chunkBytes: number }> {
  const { size, sha256, name } = declared;
  if (!Number.isSafeInteger(size) || size < 1 || !SHA256_PATTERN.test(sha256)) throw malformed();
  if (size > MAX_CNH_BYTES) throw tooLarge();
  await pruneExpiredUploads(db, now);
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_START_LOCK})`);
    const [held] = await tx
      .select({
        client: sql<number>`coalesce(sum(${documentUploads.size}) filter (where ${documentUploads.clientHash} = ${clientHash}), 0)::float8`,
        total: sql<number>`coalesce(sum(${documentUploads.size}), 0)::float8`,
      })
      .from(documentUploads)
      .where(gt(documentUploads.expiresAt, now));
    if (Number(held?.total ?? 0) + size > UPLOAD_TOTAL_MAX_BYTES) throw storageFull();
    if (Number(held?.client ?? 0) + size > UPLOAD_CLIENT_MAX_BYTES) throw clientBusy();
    await tx.insert(documentUploads).values({
      id: sha256Hex(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + UPLOAD_TTL_MS),
      size,
      sha256,
      name: name.slice(0, MAX_NAME_LENGTH),
      chunkBytes: CHUNK_BYTES,
      clientHash,
    });
  });
  return { token, chunkBytes: CHUNK_BYTES };
}

async function liveUpload(db: DbOrTx, token: string, now: Date, field?: FileField) {
  const id = uploadIdOf(token);
  const [upload] = id
    ? await db
        .select()
        .from(documentUploads)
        .where(and(eq(documentUploads.id, id), gt(documentUploads.expiresAt, now)))
        .limit(1)
    : [];
  if (!upload) throw expired(field);
  return upload;
}

/**
 * Stores chunk `index` of an upload (again, if the browser retries it). The chunk must be
 * exactly its share of the declared size; the first one must start like a PDF, JPEG or PNG,
 * so a wrong file is refused before the rest is sent.
 */
export async function putChunk(db: Db, token: string, index: number, content: Uint8Array, now: Date): Promise<void> {
  const upload = await liveUpload(db, token, now);
  if (!Number.isSafeInteger(index) || index < 0 || index >= chunkCount(upload.size, upload.chunkBytes)) {
    throw malformed();
  }
  const [start, end] = chunkRange(upload.size, upload.chunkBytes, index);
  if (content.byteLength !== end - start) throw malformed();
  if (index === 0 && !detectDocumentKind(content.subarray(0, SNIFF_BYTES))) throw invalidType();
  // Counts the bytes before storing them: past the cap the upload takes no more.
  const [counted] = await db
    .update(documentUploads)
    .set({ receivedBytes: sql`${documentUploads.receivedBytes} + ${content.byteLength}` })
    .where(
      and(
        eq(documentUploads.id, upload.id),
        gt(documentUploads.expiresAt, now),
        sql`${documentUploads.receivedBytes} + ${content.byteLength} <= ${documentUploads.size} * ${UPLOAD_MAX_RECEIVED_FACTOR}`,
      ),
    )
    .returning({ id: documentUploads.id });
  if (!counted) {
    await liveUpload(db, token, now); // gone meanwhile (submitted, expired): 410
    throw resentTooOften();
  }
  const bytes = sql`decode(${Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('base64')}, 'base64')`;
  // The same bytes again (a retry after a lost answer) leave the row alone: no dead copy to reclaim.
  await db
    .insert(documentUploadChunks)
    .values({ uploadId: upload.id, index, content: bytes })
    .onConflictDoUpdate({
      target: [documentUploadChunks.uploadId, documentUploadChunks.index],
      set: { content: sql`excluded.content` },
      setWhere: sql`${documentUploadChunks.content} is distinct from excluded.content`,
    });
}

/**
 * Checks the file of an upload as the chunks put it together: every chunk present, the
 * SHA-256 the browser declared, a PDF/JPEG/PNG within 5 MB. Throws `UploadRejected` (with
 * `field`) otherwise; nothing is changed, so the visitor can simply send again.
 */
export async function checkUpload(db: DbOrTx, token: string, now: Date, field?: FileField): Promise<CheckedUpload> {
  const upload = await liveUpload(db, token, now, field);
  const [found] = await db
    .select({
      chunks: sql<number>`count(*)::int`,
      size: sql<number>`coalesce(sum(length(${documentUploadChunks.content})), 0)::int`,
      sha256: sql<string | null>`encode(sha256(${assembled}), 'hex')`,
      head: sql<string | null>`encode(substring(${assembled} from 1 for ${SNIFF_BYTES}), 'hex')`,
    })
    .from(documentUploadChunks)
    .where(eq(documentUploadChunks.uploadId, upload.id));
  // Chunk sizes were checked on the way in, so the right count and total mean every chunk is there.
  if (found?.chunks !== chunkCount(upload.size, upload.chunkBytes) || found.size !== upload.size) {
    throw incomplete(field);
  }
  if (found.size > MAX_CNH_BYTES) throw tooLarge(field);
  if (found.sha256 !== upload.sha256) throw corrupted(field);
  const kind = detectDocumentKind(Buffer.from(found.head ?? '', 'hex'));
  if (!kind) throw invalidType(field);
  return {
    uploadId: upload.id,
    kind,
    size: found.size,
    sha256: found.sha256,
    name: documentFileName(upload.name, kind),
  };
}

/**
 * Moves a checked upload into private_files, inside the request's transaction, and deletes
 * the upload with its chunks. Null when the upload is gone or changed since it was checked
 * (a second submission of the same token, a prune, a chunk sent again meanwhile), so that
 * transaction can be rolled back instead of storing a wrong or second copy.
 */
export async function storeUpload(tx: DbOrTx, upload: CheckedUpload, now: Date): Promise<string | null> {
  // Locks the upload: a chunk sent meanwhile waits for this transaction, then finds no upload.
  const [locked] = await tx
    .select({ id: documentUploads.id })
    .from(documentUploads)
    .where(eq(documentUploads.id, upload.uploadId))
    .for('update');
  if (!locked) return null;
  const file = await tx.execute(sql`
    insert into ${privateFiles} (created_at, kind, mime_type, original_name, size, sha256, content)
    select ${now.toISOString()}::timestamptz, ${upload.kind}, ${MIME_BY_KIND[upload.kind]}, ${upload.name},
           ${upload.size}, ${upload.sha256}, ${assembled}
      from ${documentUploadChunks}
     where ${documentUploadChunks.uploadId} = ${upload.uploadId}
    having encode(sha256(${assembled}), 'hex') = ${upload.sha256}
    returning id`);
  const id = rowsOf<{ id: string }>(file)[0]?.id;
  if (!id) return null;
  await consumeUpload(tx, upload.uploadId);
  return id;
}

/** node-postgres answers `execute` with a result object, PGlite with its rows too: both carry `rows`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Deletes an upload (and its chunks). False when it is already gone.
 */
export async function consumeUpload(tx: DbOrTx, uploadId: string): Promise<boolean> {
  const gone = await tx
    .delete(documentUploads)
    .where(eq(documentUploads.id, uploadId))
    .returning({ id: documentUploads.id });
  return gone.length === 1;
}
