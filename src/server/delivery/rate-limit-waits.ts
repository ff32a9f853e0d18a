/*
 * A 429 ("too many requests") is the receiver's budget talking, not its health nor the lead's
 * data: the delivery waits for the Retry-After it asked for (bounded by MAX_RATE_LIMIT_WAIT_MS)
 * without spending one of its attempts, so a Pipedrive account out of its daily budget does not
 * burn the 11 attempts of every lead queued behind it.
 *
 * Unbounded, a receiver that answers 429 forever would keep a delivery waiting forever, so the
 * waits are counted per target and UTC day (Pipedrive's budget resets at the start of the UTC
 * day) in `rate_limits`, shared by every instance; past the ceiling a 429 counts as a failed
 * attempt like any other. The key holds a hash of the target, never the URL (it may carry a token).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rateLimitMessages } from '~/messages/inbox/deliveries';
import type { DbOrTx } from '../db/client';
import type { DeliveryKind } from '../db/schema/deliveries';
import { describeError } from '../describe-error';
import type { Logger } from '../log/logger';
import type { SettledAttempt } from './settle';

/** Waits a target gets per UTC day before a 429 counts as a failure (DeliverySettings.rateLimitWaitsPerDay). */
export const DEFAULT_RATE_LIMIT_WAITS_PER_DAY = 200;
/** The longest one wait lasts, whatever Retry-After says: the delivery asks again after it. */
export const MAX_RATE_LIMIT_WAIT_MS = 60 * 60_000;

const keyOf = (kind: DeliveryKind, target: string) =>
  `delivery-429:${kind}:${createHash('sha256').update(target).digest('hex').slice(0, 32)}`;

/**
 * Counts one wait of `target` today; true while today's count is within `perDay` (the 429
 * then waits without spending an attempt), false past it. One statement: the row's day moves
 * on and its count restarts at 1 on the first wait of a new day.
 */
export async function takeRateLimitWait(
  db: DbOrTx,
  kind: DeliveryKind,
  target: string,
  now: Date,
  perDay: number,
): Promise<boolean> {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${keyOf(kind, target)}, ${day}::timestamptz, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`);
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  return Number((rows[0] as { count?: unknown } | undefined)?.count ?? 0) <= perDay;
}

/** `takeRateLimitWait` for the engine: a count that cannot be made lets the delivery wait (it is logged). */
export async function mayWaitToday(
  db: DbOrTx,
  log: Logger,
  row: { kind: DeliveryKind; target: string },
  at: Date,
  perDay: number,
): Promise<boolean> {
  try {
    return await takeRateLimitWait(db, row.kind, row.target, at, perDay);
  } catch (error) {
    log.warn(`counting a 429 wait: ${describeError(error)}`);
    return true;
  }
}

/**
 * How the settler records a wait: the row stays retrying with the pt-BR reason and its attempt
 * count; the job goes back to the queue for after the wait with the retries it had left.
 */
export function waitingAttempt(
  queue: string,
  job: { id: string; retryCount: number; retryLimit: number },
  deliveryId: string,
  target: string,
  at: Date,
  waitMs: number,
): SettledAttempt {
  return {
    queue,
    job: { id: job.id, retryCount: job.retryCount },
    row: {
      id: deliveryId,
      status: 'retrying',
      error: rateLimitMessages.waiting(Math.ceil(waitMs / 1000)),
      attemptAt: at,
      counted: false,
    },
    deferral: { until: new Date(at.getTime() + waitMs), retryLimit: job.retryLimit - job.retryCount, group: target },
  };
}
