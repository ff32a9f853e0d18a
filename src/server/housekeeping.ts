/*
 * Deletes what anonymous visitors leave behind once it has served its purpose, and gives the
 * space back: uploads never submitted (past UPLOAD_TTL_MS), rate-limit counters and failed
 * sign-in counters nobody touched for a day, and the team's invitations a month after they
 * closed (./auth/invitation-retention.ts). Runs on a timer in the Node server (every
 * HOUSEKEEPING_INTERVAL_MS, and once at start) and as Netlify's scheduled function
 * netlify/jobs/housekeeping.mts.
 *
 * Space: a deleted or replaced chunk stays in the table's files as a dead row until VACUUM.
 * PostgreSQL's autovacuum takes care of that; the embedded PGlite has no autovacuum, so there
 * each pass vacuums the chunks' table itself (cheap: only pages with dead rows are read, and a
 * table emptied at its end is truncated). When that frees space, a checkpoint that removes
 * the write-ahead log the chunks went through (instead of keeping it for reuse) brings the
 * data folder back down too.
 */
import type { PGlite } from '@electric-sql/pglite';
import { and, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from './db/client';
import { describeError } from './describe-error';
import { authLoginAttempts } from './db/schema/auth';
import { pruneClosedInvitations } from './auth/invitation-retention';
import { pruneUnconfirmedAccounts } from './auth/unconfirmed-accounts';
import { pruneExpiredUploads } from './implementation/document-uploads';
import { RATE_LIMIT_ROW_TTL_MS, pruneRateLimits } from './rate-limit';
import type { Logger } from './log/logger';
import type { Clock } from './clock';

/** How often the Node server runs a pass; expired uploads wait at most this long past their time. */
export const HOUSEKEEPING_INTERVAL_MS = 5 * 60_000;

export interface HousekeepingCounts {
  uploads: number;
  rateLimits: number;
  signInCounters: number;
  invitations: number;
  /** Sign-ups never confirmed (./auth/unconfirmed-accounts.ts). */
  unconfirmedAccounts: number;
  /** Bytes the chunks' table gave back (PGlite only; 0 on PostgreSQL, where autovacuum does it). */
  reclaimedBytes: number;
}

/** One pass over `db`; `pglite` when that is the embedded database (it vacuums there). */
export async function runHousekeeping(db: DbOrTx, pglite: PGlite | undefined, now: Date): Promise<HousekeepingCounts> {
  const uploads = await pruneExpiredUploads(db, now);
  const rateLimits = await pruneRateLimits(db, now);
  const stale = new Date(now.getTime() - RATE_LIMIT_ROW_TTL_MS);
  const signInCounters = (
    await db
      .delete(authLoginAttempts)
      .where(
        and(
          lte(authLoginAttempts.windowStartedAt, stale),
          or(isNull(authLoginAttempts.lockedUntil), lte(authLoginAttempts.lockedUntil, now)),
        ),
      )
      .returning({ email: authLoginAttempts.email })
  ).length;
  const invitations = await pruneClosedInvitations(db, now);
  const unconfirmedAccounts = await pruneUnconfirmedAccounts(db, now);
  const reclaimedBytes = pglite ? await reclaimUploadSpace(pglite, uploads > 0) : 0;
  return { uploads, rateLimits, signInCounters, invitations, unconfirmedAccounts, reclaimedBytes };
}

const CHUNKS_TABLE = 'document_upload_chunks';

async function reclaimUploadSpace(pglite: PGlite, deleted: boolean): Promise<number> {
  const size = async () => {
    const { rows } = await pglite.query<{ bytes: number }>(
      `select pg_total_relation_size('${CHUNKS_TABLE}')::float8 as bytes`,
    );
    return Number(rows[0]?.bytes ?? 0);
  };
  const before = await size();
  // VACUUM runs outside a transaction, so each statement goes on its own.
  await pglite.exec(`vacuum ${CHUNKS_TABLE}`);
  const reclaimed = Math.max(0, before - (await size()));
  if (reclaimed > 0 || deleted) {
    await pglite.exec('set wal_recycle = off');
    try {
      await pglite.exec('checkpoint');
    } finally {
      await pglite.exec('reset wal_recycle');
    }
  }
  return reclaimed;
}

/** The log line of a pass: counts only. */
export function describeHousekeeping(counts: HousekeepingCounts, ms: number): string {
  const mb = (counts.reclaimedBytes / (1024 * 1024)).toFixed(1);
  return (
    `${counts.uploads} expired uploads deleted, ${counts.rateLimits} rate-limit counters ` +
    `and ${counts.signInCounters} sign-in counters deleted, ${counts.invitations} closed invitations and ` +
    `${counts.unconfirmedAccounts} unconfirmed sign-ups deleted, ` +
    `${mb} MB reclaimed in ${ms} ms`
  );
}

export interface HousekeepingTimerDeps {
  db: DbOrTx;
  pglite: PGlite | undefined;
  now: Clock;
  log: Logger;
}

/** Runs a pass now and every `intervalMs`; the returned stop waits for a pass under way. */
export function startHousekeeping(
  deps: HousekeepingTimerDeps,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const pass = () => {
    running ??= (async () => {
      const started = Date.now();
      try {
        const counts = await runHousekeeping(deps.db, deps.pglite, deps.now());
        if (
          counts.uploads +
            counts.rateLimits +
            counts.signInCounters +
            counts.invitations +
            counts.unconfirmedAccounts +
            counts.reclaimedBytes >
          0
        ) {
          deps.log.info(describeHousekeeping(counts, Date.now() - started));
        }
      } catch (error) {
        deps.log.error(`pass failed: ${describeError(error)}`);
      }
    })().finally(() => (running = undefined));
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
