/*
 * What anonymous implementation requests may keep in private_files. A stored document stays
 * for months (the retention period), so the per-minute form limit alone would let one address
 * store ~50 MiB a minute. Two caps, checked in the request's own transaction so a refused or
 * rolled-back request counts for nothing:
 *
 * - per client address, DOCUMENTS_PER_CLIENT_PER_DAY documents in any 24 hours (a sliding
 *   window in rate_limits, keyed by the same address hash as every limiter; off with the
 *   other limits when LEAD_RATE_LIMIT is 'off'): 429;
 * - all together, PENDING_DOCUMENTS_MAX_BYTES of documents on requests the team has not
 *   handled yet (status 'recebida'), counted under an advisory lock so parallel requests
 *   cannot all squeeze under it: 507. Moving requests on frees the room.
 */
import { eq, or, sql } from 'drizzle-orm';
import { MAX_CNH_BYTES } from '~/lib/file-type';
import type { DbOrTx } from '../db/client';
import { privateFiles, solicitacoesImplementacao } from '../db/schema/implementation';
import { hitRateLimit } from '../rate-limit';
import { dailyDocumentsReached, pendingDocumentsFull } from './upload-rejected';

/**
 * Documents one address may store per day. A customer sends one request with one document;
 * five leave room for a correction, a retry and a few customers behind the same carrier NAT,
 * while holding an address to 25 MiB a day.
 */
export const DOCUMENTS_PER_CLIENT_PER_DAY = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Bytes of documents on requests still 'recebida': a hundred full documents, weeks of real requests. */
export const PENDING_DOCUMENTS_MAX_BYTES = 100 * MAX_CNH_BYTES;

/** Serialises the count-then-store of documents, so parallel requests cannot all pass the global cap. */
const DOCUMENT_STORE_LOCK = 0x646f_6373;

/**
 * Makes room for `bytes` of documents from the client whose address hashes to `clientHash`
 * (none: rate limits are off), inside the transaction that stores them; throws
 * `UploadRejected` (429 or 507) when a cap is reached. Holds the lock until that transaction ends.
 */
export async function reserveDocumentRoom(
  tx: DbOrTx,
  clientHash: string | undefined,
  bytes: number,
  now: Date,
): Promise<void> {
  const limit = { count: DOCUMENTS_PER_CLIENT_PER_DAY, windowMs: DAY_MS };
  if (clientHash && !(await hitRateLimit(tx, `implementacao-documentos-dia:${clientHash}`, limit, now))) {
    throw dailyDocumentsReached();
  }
  await tx.execute(sql`select pg_advisory_xact_lock(${DOCUMENT_STORE_LOCK})`);
  const [held] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${privateFiles.size}), 0)::float8` })
    .from(privateFiles)
    .innerJoin(
      solicitacoesImplementacao,
      or(
        eq(solicitacoesImplementacao.cnhFileId, privateFiles.id),
        eq(solicitacoesImplementacao.responsavelCnhFileId, privateFiles.id),
      ),
    )
    .where(eq(solicitacoesImplementacao.status, 'recebida'));
  if (Number(held?.bytes ?? 0) + bytes > PENDING_DOCUMENTS_MAX_BYTES) throw pendingDocumentsFull();
}
