/*
 * Records finished attempts in batches: one transaction updates their `deliveries`
 * rows (status, attempts + 1, error, times) and settles their pg-boss jobs — complete
 * for the delivered, fail for the rest, which pg-boss retries with back-off until the
 * retry limit. Settling each job on its own cost two commits per delivery; a batch
 * costs one, whatever its size.
 *
 * Jobs are settled fenced to the attempt that was fetched ({ id, retryCount }): an
 * attempt that outlived its expiry cannot settle the retry that replaced it.
 *
 * A wait a receiver asked for (a 429, ./rate-limit-waits.ts) is no attempt: the row's count
 * stays, and its job is completed and queued again for after the wait with the retries it had
 * left — pg-boss's fail would spend one of them.
 */
import { sql } from 'drizzle-orm';
import { fromDrizzle, type DrizzleTransactionLike, type PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import { describeError } from '../describe-error';
import type { Logger } from '../log/logger';
import type { Clock } from '../clock';

export interface SettledAttempt {
  queue: string;
  job: { id: string; retryCount: number };
  /** Absent when there was nothing to send (row gone or already delivered): only the job is completed. */
  row?: {
    id: string;
    status: 'sent' | 'logged' | 'retrying' | 'failed';
    error?: string | undefined;
    attemptAt: Date;
    /** Failed for good before its retries ran out (the receiver refused the payload): the job completes instead of retrying. */
    permanent?: boolean;
    /** False for a wait the receiver asked for: `attempts` stays as it was. */
    counted?: boolean;
  };
  /** The job goes back to the queue for `until`, with `retryLimit` retries (those it had left), grouped by `group`. */
  deferral?: { until: Date; retryLimit: number; group: string };
}

interface Pending {
  attempt: SettledAttempt;
  /** Called once the attempt is committed (or given up when the settler closes). */
  done: () => void;
}

const FLUSH_AT = 100;
/** Results wait this long for others to share their transaction (longer while visitors are submitting). */
const FLUSH_DELAY_MS = 10;
const BUSY_FLUSH_DELAY_MS = 100;
const RETRY_FLUSH_MS = 1_000;

export class Settler {
  readonly #db: Db;
  readonly #boss: PgBoss;
  readonly #now: Clock;
  readonly #busy: () => boolean;
  readonly #log: Logger;
  #buffer: Pending[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #closed = false;

  constructor(deps: { db: Db; boss: PgBoss; now: Clock; busy: () => boolean; log: Logger }) {
    this.#db = deps.db;
    this.#boss = deps.boss;
    this.#now = deps.now;
    this.#busy = deps.busy;
    this.#log = deps.log;
  }

  /**
   * Buffers one finished attempt; resolves once it is committed. Until then its job is still
   * active in pg-boss, so the engine keeps counting its slot as taken (the per-target limit
   * is counted on active jobs in the database).
   */
  add(attempt: SettledAttempt): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return new Promise((done) => {
      this.#buffer.push({ attempt, done });
      if (this.#buffer.length >= FLUSH_AT && !this.#busy()) void this.flush();
      else this.#timer ??= setTimeout(() => void this.flush(), this.#busy() ? BUSY_FLUSH_DELAY_MS : FLUSH_DELAY_MS);
    });
  }

  /** Writes everything buffered so far; calls never overlap. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#flushing) await this.#flushing;
    if (this.#buffer.length === 0) return;
    const batch = this.#buffer;
    this.#buffer = [];
    this.#flushing = this.#write(batch.map((item) => item.attempt))
      .then(() => {
        for (const item of batch) item.done();
      })
      .catch((error: unknown) => {
        // Kept and written again: until then the jobs stay active (at worst they expire and are retried).
        this.#log.warn(`recording ${batch.length} attempt(s) failed, retrying: ${describeError(error)}`);
        this.#buffer.unshift(...batch);
        this.#timer ??= setTimeout(() => void this.flush(), RETRY_FLUSH_MS);
      })
      .finally(() => {
        this.#flushing = undefined;
      });
    await this.#flushing;
  }

  /**
   * Stops retrying writes (the caller flushes one last time first). Attempts still unwritten
   * are let go: their jobs stay active until pg-boss expires them and retries them.
   */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const item of this.#buffer.splice(0)) item.done();
  }

  /** Completes the waiting jobs (fenced) and queues each one that was still this attempt's again, for after its wait. */
  async #defer(
    queue: string,
    deferred: { job: SettledAttempt['job']; deliveryId: string; deferral: NonNullable<SettledAttempt['deferral']> }[],
    db: ReturnType<typeof fromDrizzle>,
  ): Promise<void> {
    // pg-boss types the answer as {}; it carries the ids it settled (or at least their count).
    const response = (await this.#boss.complete(
      queue,
      deferred.map((item) => item.job),
      null,
      { db },
    )) as { settled?: unknown[]; affected?: number };
    // An attempt that outlived its claim settles nothing, and must not queue a second job either.
    const settled = response.settled
      ? new Set(response.settled.map((id) => String(id).toLowerCase()))
      : response.affected === deferred.length
        ? new Set(deferred.map((item) => item.job.id.toLowerCase()))
        : new Set<string>();
    const again = deferred.filter((item) => settled.has(item.job.id.toLowerCase()));
    if (again.length === 0) return;
    await this.#boss.insert(
      queue,
      again.map(({ deliveryId, deferral }) => ({
        data: { deliveryId },
        startAfter: deferral.until,
        retryLimit: Math.max(0, deferral.retryLimit),
        group: { id: deferral.group, tier: deferral.group },
      })),
      { db },
    );
  }

  async #write(batch: SettledAttempt[]): Promise<void> {
    const updatedAt = this.#now();
    const rows = batch.flatMap(({ row }) =>
      row
        ? [
            {
              id: row.id,
              status: row.status,
              last_error: row.error ?? null,
              attempt_at: row.attemptAt.toISOString(),
              delivered: row.status === 'sent' || row.status === 'logged',
              counted: row.counted !== false,
            },
          ]
        : [],
    );
    type Deferred = {
      job: SettledAttempt['job'];
      deliveryId: string;
      deferral: NonNullable<SettledAttempt['deferral']>;
    };
    const byQueue = new Map<
      string,
      { done: SettledAttempt['job'][]; failed: SettledAttempt['job'][]; deferred: Deferred[] }
    >();
    for (const { queue, job, row, deferral } of batch) {
      const entry = byQueue.get(queue) ?? { done: [], failed: [], deferred: [] };
      const failed = (row?.status === 'retrying' || row?.status === 'failed') && !row.permanent;
      if (deferral && row) entry.deferred.push({ job, deliveryId: row.id, deferral });
      else (failed ? entry.failed : entry.done).push(job);
      byQueue.set(queue, entry);
    }
    await this.#db.transaction(async (tx) => {
      if (rows.length > 0) {
        // A failure never overwrites a delivery another attempt already completed.
        await tx.execute(sql`
          update deliveries as d set
            status = v.status,
            attempts = d.attempts + case when v.counted then 1 else 0 end,
            last_error = coalesce(v.last_error, d.last_error),
            last_attempt_at = v.attempt_at,
            delivered_at = case when v.delivered then ${updatedAt.toISOString()}::timestamptz else d.delivered_at end,
            updated_at = ${updatedAt.toISOString()}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as v(id uuid, status text, last_error text, attempt_at timestamptz, delivered boolean, counted boolean)
          where d.id = v.id and (v.delivered or d.status not in ('sent', 'logged'))`);
      }
      const db = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
      for (const [queue, { done, failed, deferred }] of byQueue) {
        if (done.length > 0) await this.#boss.complete(queue, done, null, { db });
        if (failed.length > 0) await this.#boss.fail(queue, failed, { message: 'delivery attempt failed' }, { db });
        if (deferred.length > 0) await this.#defer(queue, deferred, db);
      }
    });
  }
}
