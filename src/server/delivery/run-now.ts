/*
 * "Tentar agora", on the deliveries page: a lead's delivery that failed and waits for its
 * next scheduled attempt (status 'retrying', its pg-boss job in 'retry' or deferred after a
 * 429) is attempted now instead of after its back-off.
 *
 * The job itself is pulled forward (pg-boss `update` with `startAfter` now), not a new one
 * queued: its retry count and the row's attempts stay honest, and pg-boss re-checks on the
 * locked row that the job is not active yet, so a click racing the engine's own fetch moves
 * nothing and the delivery is attempted once. As with "Reenviar", asking explicitly ends the
 * target's breaker pause (./delivery-retry.ts), and the engine is woken so it fetches at once.
 */
import { and, eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import { deliveries, type DeliveryKind, type DeliveryStatus } from '../db/schema/deliveries';
import { LEAD_DELIVERY_SUBJECT } from '../inbox/delivery-list';
import { DELIVERY_QUEUES, type DeliveryJob } from '../outbox/jobs';
import { endPauses } from './delivery-retry';
import type { Clock } from '../clock';

export interface RunNowDeps {
  db: Db;
  boss: PgBoss;
  /** Tells the engine that a job of this kind is due now. */
  wake: (kind: DeliveryKind) => Promise<void>;
  now: Clock;
}

export type RunNowResult =
  | { status: 'scheduled' }
  | { status: 'not_found' }
  /** No retry scheduled (pending, failed, sent or logged): `current` is what it is now. */
  | { status: 'not_retrying'; current: DeliveryStatus }
  /** Its attempt is running right now (the engine took the job first). */
  | { status: 'running' };

export async function runDeliveryNow(deps: RunNowDeps, id: string): Promise<RunNowResult> {
  const [row] = await deps.db
    .select({ status: deliveries.status, kind: deliveries.kind, target: deliveries.target })
    .from(deliveries)
    .where(and(eq(deliveries.id, id), eq(deliveries.subjectType, LEAD_DELIVERY_SUBJECT)));
  if (!row) return { status: 'not_found' };
  if (row.status !== 'retrying') return { status: 'not_retrying', current: row.status };
  const queue = DELIVERY_QUEUES[row.kind];
  const now = deps.now();
  const waiting = await deps.boss.findJobs<DeliveryJob>(queue, { data: { deliveryId: id }, queued: true });
  let moved = 0;
  for (const job of waiting) moved += (await deps.boss.update(queue, undefined, { id: job.id, startAfter: now })).updated;
  if (moved === 0) return { status: 'running' };
  await endPauses(deps.db, [row], now);
  await deps.wake(row.kind);
  return { status: 'scheduled' };
}
