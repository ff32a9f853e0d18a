/*
 * The deliveries page: how many deliveries of the leads are still open —
 * pending, retrying or failed — per status and kind, and one page of them, newest first,
 * each with its lead's name. Sent ones are neither counted nor listed: they are the bulk,
 * and there is nothing to do about them.
 *
 * Open deliveries are few and read through a partial index of exactly them (migration 0010),
 * whatever the number of sent ones. The lead names are a second statement by primary key
 * (`subject_id` is text; a join would cast it for every row).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '~/lib/uuid';
import type { DbOrTx } from '../db/client';
import { deliveries, DELIVERY_KINDS, type DeliveryKind, type DeliveryStatus } from '../db/schema/deliveries';
import { contatos } from '../db/schema/leads';

/**
 * `deliveries.subject_type` of a lead's deliveries (src/server/leads/lead.service.ts): the
 * only deliveries the sales team lists and re-sends.
 */
export const LEAD_DELIVERY_SUBJECT = 'lead';

/** Statuses a delivery can still leave: the page's rows. */
export const OPEN_DELIVERY_STATUSES = ['pending', 'retrying', 'failed'] as const satisfies readonly DeliveryStatus[];
export type OpenDeliveryStatus = (typeof OPEN_DELIVERY_STATUSES)[number];

export const DELIVERIES_PAGE_SIZE = 50;

export interface DeliveryListDeps {
  db: DbOrTx;
}

export interface DeliveryListQuery {
  /** Only this open status; all three when absent. */
  status?: OpenDeliveryStatus | undefined;
  /** 1-based. */
  page: number;
}

export interface DeliveryRow {
  id: string;
  kind: DeliveryKind;
  /** The webhook URL or the e-mail recipients: the page shows only a webhook's host. */
  target: string;
  status: OpenDeliveryStatus;
  attempts: number;
  lastAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  /** Null when the lead no longer exists. */
  leadId: string | null;
  /** Null when the lead is gone or its name was erased. */
  leadName: string | null;
}

/**
 * Open deliveries of the leads in each open status, per kind (zero where there are none).
 * Sent and logged ones are not counted: they are nearly every row, so counting them reads
 * the whole table (0.4–0.9 s at 300,000 deliveries on the embedded database, measured) for
 * a number nobody acts on; the open ones come from the partial index.
 */
export type DeliveryCounts = Record<OpenDeliveryStatus, Record<DeliveryKind, number>>;

export async function deliveryCounts(deps: DeliveryListDeps): Promise<DeliveryCounts> {
  const rows = await deps.db
    .select({ status: deliveries.status, kind: deliveries.kind, n: sql<number>`count(*)::int` })
    .from(deliveries)
    .where(
      and(eq(deliveries.subjectType, LEAD_DELIVERY_SUBJECT), inArray(deliveries.status, [...OPEN_DELIVERY_STATUSES])),
    )
    .groupBy(deliveries.status, deliveries.kind);
  const zero = () => Object.fromEntries(DELIVERY_KINDS.map((kind) => [kind, 0])) as Record<DeliveryKind, number>;
  const counts: DeliveryCounts = { pending: zero(), retrying: zero(), failed: zero() };
  for (const row of rows) {
    const byKind = Object.hasOwn(counts, row.status) ? counts[row.status as OpenDeliveryStatus] : undefined;
    if (byKind && Object.hasOwn(byKind, row.kind)) byKind[row.kind] = Number(row.n);
  }
  return counts;
}

/** How many open deliveries `query` matches, from the counts already read. */
export function openTotal(counts: DeliveryCounts, status?: OpenDeliveryStatus): number {
  const statuses: readonly OpenDeliveryStatus[] = status ? [status] : OPEN_DELIVERY_STATUSES;
  return statuses.reduce((sum, each) => sum + kindTotal(counts, each), 0);
}

/** Open deliveries of every kind in `status`. */
export function kindTotal(counts: DeliveryCounts, status: OpenDeliveryStatus): number {
  return DELIVERY_KINDS.reduce((sum, kind) => sum + counts[status][kind], 0);
}

/** One page of open deliveries of the leads, newest first. */
export async function openDeliveries(deps: DeliveryListDeps, query: DeliveryListQuery): Promise<DeliveryRow[]> {
  const rows = await deps.db
    .select({
      id: deliveries.id,
      kind: deliveries.kind,
      target: deliveries.target,
      status: deliveries.status,
      attempts: deliveries.attempts,
      lastAttemptAt: deliveries.lastAttemptAt,
      lastError: deliveries.lastError,
      createdAt: deliveries.createdAt,
      subjectId: deliveries.subjectId,
    })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.subjectType, LEAD_DELIVERY_SUBJECT),
        query.status ? eq(deliveries.status, query.status) : inArray(deliveries.status, [...OPEN_DELIVERY_STATUSES]),
      ),
    )
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(DELIVERIES_PAGE_SIZE)
    .offset((query.page - 1) * DELIVERIES_PAGE_SIZE);
  const leadIds = [...new Set(rows.flatMap((row) => (row.subjectId && isUuid(row.subjectId) ? [row.subjectId] : [])))];
  const names = new Map<string, string>();
  if (leadIds.length > 0) {
    const leads = await deps.db
      .select({ id: contatos.id, nome: contatos.nome })
      .from(contatos)
      .where(inArray(contatos.id, leadIds));
    for (const lead of leads) names.set(lead.id, lead.nome);
  }
  return rows.map(({ subjectId, ...row }) => {
    // A lead erased since (LGPD) has no page to link to.
    const found = subjectId !== null && names.has(subjectId);
    return {
      ...row,
      status: row.status as OpenDeliveryStatus,
      leadId: found ? subjectId : null,
      leadName: (found && names.get(subjectId)) || null,
    };
  });
}
