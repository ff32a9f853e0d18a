/*
 * "Reenviar", on a lead's page and the deliveries page: the sales team sends a lead's given-up delivery
 * again, one or all of them.
 *
 * A retry hands the row back to the outbox rather than sending anything itself: status
 * back to 'pending' and `dispatched_at` cleared, so the dispatcher (src/server/outbox/
 * dispatcher.ts) queues one fresh pg-boss job for it and the delivery engine sends it the
 * normal way — same row, so the same X-Pilota-Delivery id (a receiver that did get an
 * earlier attempt drops it), signed, recorded as one more attempt by the settler.
 *
 * - `attempts` is kept, not reset: the retry policy counts a job's own retries (pg-boss
 *   retryCount against retryLimit, src/server/delivery/engine.ts), so the fresh job gets its
 *   full retries anyway, and the count stays the honest history the team and the receiver
 *   (X-Pilota-Attempt) see. `last_error` stays until the next attempt replaces it.
 * - Only 'failed' becomes 'pending', in one conditional UPDATE: when two people click at
 *   once, PostgreSQL re-checks the condition on the row the first one changed, so the
 *   second updates nothing and is told the delivery is no longer failed — one job, never two.
 *   A delivery still pending or retrying already has its job; a sent one is done.
 * - A payload the retention job already emptied (src/server/lgpd/retention.ts) is not
 *   re-sent: there is nothing left to send.
 * - Someone asking explicitly is news the circuit breaker cannot have: the target's pause,
 *   if any, ends now. The breaker keeps its count, so what goes out first is its single
 *   probe (src/server/delivery/breaker.ts): success resumes the target, failure pauses it
 *   again, twice as long — a still-broken receiver is not flooded.
 *
 * Only the deliveries of leads (subject_type 'lead') are the sales team's: e-mails about
 * accounts and LGPD requests are neither listed nor re-sent from here (an unknown id).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { deliveries, deliveryTargets, type DeliveryKind, type DeliveryStatus } from '../db/schema/deliveries';
import { MAIL_TARGET } from './breaker';
import { LEAD_DELIVERY_SUBJECT } from '../inbox/delivery-list';
import type { Outbox } from '../outbox/outbox';
import type { Clock } from '../clock';

export interface DeliveryRetryDeps {
  db: Db;
  /** Woken after the commit, so the fresh job is queued at once instead of on its next round. */
  outbox: Pick<Outbox, 'dispatch'>;
  now: Clock;
}

export type RetryResult =
  | { status: 'retried' }
  | { status: 'not_found' }
  /** Not failed (pending, retrying, sent or logged): `current` is what it is now. */
  | { status: 'not_failed'; current: DeliveryStatus }
  /** Its payload was removed by the retention policy. */
  | { status: 'pruned' };

const isLeads = eq(deliveries.subjectType, LEAD_DELIVERY_SUBJECT);
const isFailed = eq(deliveries.status, 'failed');
const hasPayload = sql`${deliveries.payload} <> '{}'::jsonb`;

/** Back to the outbox: pending and undispatched; everything else on the row stays. */
const requeue = (now: Date) => ({ status: 'pending' as const, dispatchedAt: null, updatedAt: now });

/** Sends one failed delivery of a lead again; see the module comment for what may be. */
export async function retryDelivery(deps: DeliveryRetryDeps, id: string): Promise<RetryResult> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx): Promise<RetryResult> => {
    const [row] = await tx
      .update(deliveries)
      .set(requeue(now))
      .where(and(eq(deliveries.id, id), isLeads, isFailed, hasPayload))
      .returning({ kind: deliveries.kind, target: deliveries.target });
    if (row) {
      await endPauses(tx, [row], now);
      return { status: 'retried' };
    }
    const [found] = await tx
      .select({ status: deliveries.status, pruned: sql<boolean>`${deliveries.payload} = '{}'::jsonb` })
      .from(deliveries)
      .where(and(eq(deliveries.id, id), isLeads));
    if (!found) return { status: 'not_found' };
    if (found.status !== 'failed') return { status: 'not_failed', current: found.status };
    return { status: 'pruned' };
  });
  if (result.status === 'retried') void deps.outbox.dispatch();
  return result;
}

/**
 * Sends every failed delivery of the leads again (those whose payload retention kept) in
 * one statement; two people doing it at once re-send each delivery once between them.
 * @returns how many were handed back to the outbox.
 */
export async function retryFailedDeliveries(deps: DeliveryRetryDeps): Promise<{ count: number }> {
  const now = deps.now();
  const count = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(deliveries)
      .set(requeue(now))
      .where(and(isLeads, isFailed, hasPayload))
      .returning({ kind: deliveries.kind, target: deliveries.target });
    await endPauses(tx, rows, now);
    return rows.length;
  });
  if (count > 0) void deps.outbox.dispatch();
  return { count };
}

/**
 * Ends the breaker's pause of each target the retried deliveries go to (the mail transport
 * as a whole for e-mail). Running engines adopt it on their next refresh of the breaker.
 */
export async function endPauses(tx: DbOrTx, rows: { kind: DeliveryKind; target: string }[], now: Date): Promise<void> {
  const keys = new Map<string, { kind: DeliveryKind; target: string }>();
  for (const row of rows) {
    const target = row.kind === 'email' ? MAIL_TARGET : row.target;
    keys.set(`${row.kind} ${target}`, { kind: row.kind, target });
  }
  for (const { kind, target } of keys.values()) {
    await tx
      .update(deliveryTargets)
      .set({ pausedUntil: now, updatedAt: now })
      .where(
        and(eq(deliveryTargets.kind, kind), eq(deliveryTargets.target, target), gt(deliveryTargets.pausedUntil, now)),
      );
  }
}
