/*
 * What readiness, /metrics and the alerts know about the site's work, read from the
 * database at the moment they ask: every instance writes the same tables, so any
 * instance answers for all of them (in-process counters would each see a part).
 * Counts and ages only — nothing here reads a lead's content or an address.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { DELIVERY_KINDS, DELIVERY_STATUSES, type DeliveryKind, type DeliveryStatus } from '../db/schema/deliveries';

/** Not delivered yet and not given up: the backlog. */
export const PENDING_STATUSES: readonly DeliveryStatus[] = ['pending', 'retrying'];

export interface DeliveryStats {
  /** Rows per kind and status; every combination is present (0 when none). */
  byKindAndStatus: Record<DeliveryKind, Record<DeliveryStatus, number>>;
  /** Attempts beyond the first, per kind, over all rows. */
  retries: Record<DeliveryKind, number>;
  /** Age of the oldest delivery still pending or retrying, in seconds; null when there is none. */
  oldestPendingSeconds: number | null;
  /** Targets (webhook URLs, or all mail) paused by the circuit breaker right now, per kind. */
  pausedTargets: Record<DeliveryKind, number>;
}

type Row = Record<string, unknown>;

/** Rows of `db.execute` on either driver (node-postgres gives a result object, PGlite too, both with `rows`). */
function rowsOf(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);
}

const perKind = (): Record<DeliveryKind, number> =>
  Object.fromEntries(DELIVERY_KINDS.map((kind) => [kind, 0])) as Record<DeliveryKind, number>;

/** Age in seconds of the oldest pending delivery, or null: one indexed-free scan of `deliveries`. */
export async function oldestPendingSeconds(db: DbOrTx): Promise<number | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select extract(epoch from (now() - min(created_at)))::float8 as age
      from deliveries where status in ('pending', 'retrying')`),
  );
  return row?.['age'] === null || row?.['age'] === undefined ? null : Math.max(0, Number(row['age']));
}

export async function deliveryStats(db: DbOrTx): Promise<DeliveryStats> {
  const byKindAndStatus = Object.fromEntries(
    DELIVERY_KINDS.map((kind) => [kind, Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0]))]),
  ) as DeliveryStats['byKindAndStatus'];
  const retries = perKind();
  const pausedTargets = perKind();

  const grouped = rowsOf(
    await db.execute(sql`
      select kind, status, count(*)::int as n, coalesce(sum(greatest(attempts - 1, 0)), 0)::int as retries
      from deliveries group by kind, status`),
  );
  for (const row of grouped) {
    const kind = row['kind'] as DeliveryKind;
    const status = row['status'] as DeliveryStatus;
    if (!byKindAndStatus[kind] || !(status in byKindAndStatus[kind])) continue;
    byKindAndStatus[kind][status] = Number(row['n']);
    retries[kind] += Number(row['retries']);
  }
  const paused = rowsOf(
    await db.execute(sql`
      select kind, count(*)::int as n from delivery_targets
      where paused_until is not null and paused_until > now() group by kind`),
  );
  for (const row of paused) {
    const kind = row['kind'] as DeliveryKind;
    if (kind in pausedTargets) pausedTargets[kind] = Number(row['n']);
  }
  return { byKindAndStatus, retries, oldestPendingSeconds: await oldestPendingSeconds(db), pausedTargets };
}

/** Rows in the tables of what visitors submitted: leads and implementation requests. */
export async function submissionCounts(db: DbOrTx): Promise<{ leads: number; implementationRequests: number }> {
  const [row] = rowsOf(
    await db.execute(sql`
      select (select count(*) from contatos)::int as leads,
             (select count(*) from solicitacoes_implementacao)::int as requests`),
  );
  return { leads: Number(row?.['leads'] ?? 0), implementationRequests: Number(row?.['requests'] ?? 0) };
}
