/*
 * Identity documents that arrive in chunks (src/lib/document-upload.ts says why): start an
 * upload, store its chunks, and — when the form is submitted — assemble and check the file
 * and consume the upload in the request's own transaction.
 *
 * The token the browser holds is the only key: 32 random bytes, stored as its SHA-256, so
 * knowing the table's rows is not enough to add a chunk or attach the file. Nothing here
 * ever returns a chunk; the assembled file goes into private_files (admin-only) or nowhere.
 * An upload never submitted is deleted once UPLOAD_TTL_MS has passed: each new upload first
 * deletes the expired ones, which needs no timer (Netlify has none between requests).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { CHUNK_BYTES, SHA256_PATTERN, UPLOAD_TOKEN_PATTERN, chunkCount, chunkRange } from '~/lib/document-upload';
import { MAX_CNH_BYTES, SNIFF_BYTES, detectDocumentKind, documentFileName } from '~/lib/file-type';
import type { Db, DbOrTx } from '../db/client';
import { documentUploadChunks, documentUploads } from '../db/schema';
import type { UploadedDocument } from './implementation.service';
import { corrupted, expired, incomplete, invalidType, malformed, tooLarge, type FileField } from './upload-rejected';

/** How long an upload may wait for its form: the form uploads right before it posts, so an hour is generous. */
export const UPLOAD_TTL_MS = 60 * 60 * 1000;

/** Longest declared file name kept (the stored name is cut further by `documentFileName`). */
const MAX_NAME_LENGTH = 255;

/** What the browser declares before sending the bytes. */
export interface UploadDeclaration {
  size: number;
  sha256: string;
  name: string;
}

/** A document assembled from its chunks, checked, with the upload it came from. */
export interface AssembledDocument extends UploadedDocument {
  uploadId: string;
}

const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

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
 * Starts an upload for a file the browser describes; returns the token to send its chunks
 * and the form with. Throws `UploadRejected` for a size over 5 MB (413) or a declaration
 * that is not one (400).
 */
export async function startUpload(
  db: Db,
  declared: UploadDeclaration,
  now: Date,
): Promise<{ token: string; chunkBytes: number }> {
  const { size, sha256, name } = declared;
  if (!Number.isSafeInteger(size) || size < 1 || !SHA256_PATTERN.test(sha256)) throw malformed();
  if (size > MAX_CNH_BYTES) throw tooLarge();
  await pruneExpiredUploads(db, now);
  const token = randomBytes(32).toString('base64url');
  await db.insert(documentUploads).values({
    id: sha256Hex(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + UPLOAD_TTL_MS),
    size,
    sha256,
    name: name.slice(0, MAX_NAME_LENGTH),
    chunkBytes: CHUNK_BYTES,
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
  await db
    .insert(documentUploadChunks)
    .values({ uploadId: upload.id, index, content })
    .onConflictDoUpdate({
      target: [documentUploadChunks.uploadId, documentUploadChunks.index],
      set: { content },
    });
}

/**
 * The file of an upload, put together and checked: every chunk present, the SHA-256 the
 * browser declared, a PDF/JPEG/PNG within 5 MB. Throws `UploadRejected` (with `field`)
 * otherwise; nothing is changed, so the visitor can simply send again.
 */
export async function assembleUpload(
  db: DbOrTx,
  token: string,
  now: Date,
  field?: FileField,
): Promise<AssembledDocument> {
  const upload = await liveUpload(db, token, now, field);
  const chunks = await db
    .select({ index: documentUploadChunks.index, content: documentUploadChunks.content })
    .from(documentUploadChunks)
    .where(eq(documentUploadChunks.uploadId, upload.id))
    .orderBy(asc(documentUploadChunks.index));
  const expected = chunkCount(upload.size, upload.chunkBytes);
  if (chunks.length !== expected || chunks.some((chunk, i) => chunk.index !== i)) throw incomplete(field);
  const content = Buffer.concat(chunks.map((chunk) => chunk.content));
  // Chunk sizes were checked on the way in; a changed chunk size since then would show here.
  if (content.byteLength !== upload.size) throw incomplete(field);
  if (content.byteLength > MAX_CNH_BYTES) throw tooLarge(field);
  if (sha256Hex(content) !== upload.sha256) throw corrupted(field);
  const kind = detectDocumentKind(content.subarray(0, SNIFF_BYTES));
  if (!kind) throw invalidType(field);
  return { uploadId: upload.id, kind, content, name: documentFileName(upload.name || field || '', kind) };
}

/**
 * Deletes an upload (and its chunks) as its file is stored: call it inside the request's
 * transaction. False when it is already gone — a second submission of the same upload, or
 * one pruned meanwhile — so that transaction can be rolled back instead of storing it twice.
 */
export async function consumeUpload(tx: DbOrTx, uploadId: string): Promise<boolean> {
  const gone = await tx
    .delete(documentUploads)
    .where(eq(documentUploads.id, uploadId))
    .returning({ id: documentUploads.id });
  return gone.length === 1;
}
