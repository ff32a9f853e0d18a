/*
 * The sales reports over the leads that arrived in a period of São Paulo
 * days: leads and conversions per day, the same by source, campaign, partner, tipo and CTA,
 * and the median time to first contact. Two aggregate statements, each grouped in the
 * database, so what crosses to the server is at most a row per day and per distinct value —
 * never a row per lead (the budget is 500 ms on 100,000 leads; `npm run bench:inbox`).
 *
 * - A day is the São Paulo calendar day of `created_at`: the period's local midnights are
 *   computed through Intl (src/lib/time-zone.ts, never a fixed offset) and each lead falls in
 *   one with width_bucket. Filling empty days, weeks, rates and ranking are pure code in
 *   src/lib/reports.ts.
 * - The days and the five breakdowns are one pass with GROUPING SETS; `grouping(...)` says
 *   which set a row belongs to, which also tells "no partner" (a null slug) from "not this set".
 * - Conversion rate: leads whose status is `convertido` now ÷ all leads of the period.
 * - First contact: a lead's first status change out of `novo`, which the pipeline also keeps
 *   on the lead (`first_contact_at`, migration 0011 filled it from lead_status_changes), for
 *   leads of the period contacted by now. The median is wall-clock time (percentile_cont
 *   over seconds), not business hours: it reads the same on any day, and the 2-hour promise
 *   in business hours is already watched by the overdue flag of the leads list.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { BreakdownRow, DayCounts } from '~/lib/reports';
import { addDays } from '~/lib/reports';
import { saoPauloDayStart } from '~/lib/time-zone';
import type { DbOrTx } from '../db/client';
import { authUser, contatos } from '../db/schema';

export interface ReportDeps {
  db: DbOrTx;
}

/** The breakdowns, in the page's order, each over one column of `contatos`. */
export const REPORT_DIMENSIONS = ['origem', 'campanha', 'parceiro', 'tipo', 'cta'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

export interface LeadReport {
  /** Days of the period that had leads (src/lib/reports.ts `fillDays` adds the others). */
  days: DayCounts[];
  /** Per dimension, one row per distinct value ('' for none), in no particular order. */
  breakdowns: Record<ReportDimension, BreakdownRow[]>;
  firstContact: {
    /** Median seconds from arrival to the first move out of `novo`; null when none was contacted. */
    medianSeconds: number | null;
    /** Leads of the period contacted by now. */
    contacted: number;
  };
}

/** grouping() of each set: the day, then each dimension in REPORT_DIMENSIONS' order. */
const SET_MASKS = [0b011111, 0b101111, 0b110111, 0b111011, 0b111101, 0b111110];
const leads = sql<number>`count(*)::int`;
const conversions = sql<number>`(count(*) filter (where ${contatos.status} = 'convertido'))::int`;

/**
 * The report of the leads that arrived from the start of `de` to the end of `ate` (São Paulo days).
 * @example await leadReport({ db }, { de: '2026-11-01', ate: '2026-11-30' })
 */
export async function leadReport(deps: ReportDeps, period: { de: string; ate: string }): Promise<LeadReport> {
  const start = saoPauloDayStart(period.de);
  const end = saoPauloDayStart(addDays(period.ate, 1));
  const inPeriod = and(gte(contatos.createdAt, start), lt(contatos.createdAt, end));

  // The day of each lead is its bucket among the period's São Paulo midnights (computed here
  // through Intl, see src/lib/time-zone.ts): width_bucket's binary search costs far less per
  // row than converting every timestamp to local time (measured: about a third).
  const dayList: string[] = [];
  for (let day = period.de; day <= period.ate; day = addDays(day, 1)) dayList.push(day);
  const midnights = `{${dayList.map((day) => saoPauloDayStart(day).toISOString()).join(',')}}`;
  // Written into the statement, not bound: the same expression must appear in the select list,
  // grouping() and the grouping sets, and separate parameters would make them differ. It holds
  // only toISOString() output (digits, '-', ':', '.', 'T', 'Z').
  const dayBucket = sql<
    number | null
  >`width_bucket(${contatos.createdAt}, ${sql.raw(`'${midnights}'`)}::timestamptz[])`;

  // One pass over the period's leads: the days and the five breakdowns are six grouping sets.
  // grouping(…) is a bitmask with a 1 for each column NOT in the row's set (the first the highest bit).
  const perValue = deps.db
    .select({
      set: sql<number>`grouping(${dayBucket}, ${contatos.utmSource}, ${contatos.utmCampaign}, ${contatos.partnerSlug}, ${contatos.tipo}, ${contatos.ctaSource})::int`,
      bucket: dayBucket,
      value: sql<
        string | null
      >`coalesce(${contatos.utmSource}, ${contatos.utmCampaign}, ${contatos.partnerSlug}, ${contatos.tipo}, ${contatos.ctaSource})`,
      leads,
      conversions,
    })
    .from(contatos)
    .where(inPeriod)
    .groupBy(
      sql`grouping sets ((${dayBucket}), (${contatos.utmSource}), (${contatos.utmCampaign}), (${contatos.partnerSlug}), (${contatos.tipo}), (${contatos.ctaSource}))`,
    );

  const firstContact = deps.db
    .select({
      medianSeconds: sql<
        number | null
      >`(percentile_cont(0.5) within group (order by extract(epoch from ${contatos.firstContactAt} - ${contatos.createdAt})))::float8`,
      contacted: sql<number>`count(${contatos.firstContactAt})::int`,
    })
    .from(contatos)
    .where(inPeriod);

  // One after another: the embedded database serves one statement at a time anyway.
  const valueRows = await perValue;
  const [contact] = await firstContact;

  const breakdowns = Object.fromEntries(REPORT_DIMENSIONS.map((name) => [name, [] as BreakdownRow[]])) as Record<
    ReportDimension,
    BreakdownRow[]
  >;
  const days: DayCounts[] = [];
  for (const row of valueRows) {
    // Exactly one column is in each set: its bit is the only 0 of the six (the day first).
    const index = SET_MASKS.indexOf(Number(row.set));
    const counts = { leads: row.leads, conversions: row.conversions };
    const day = row.bucket === null ? undefined : dayList[Number(row.bucket) - 1];
    if (index === 0 && day !== undefined) days.push({ day, ...counts });
    const dimension = REPORT_DIMENSIONS[index - 1];
    if (dimension) breakdowns[dimension].push({ value: row.value ?? '', ...counts });
  }
  return {
    days,
    breakdowns,
    firstContact: {
      medianSeconds: contact?.medianSeconds === null || contact === undefined ? null : Number(contact.medianSeconds),
      contacted: contact?.contacted ?? 0,
    },
  };
}

/** One salesperson's line of the report (null id: the leads nobody was given). */
export interface SalespersonRow {
  userId: string | null;
  /** The account's name now; null when the account is gone (or for nobody). */
  name: string | null;
  leads: number;
  conversions: number;
  /** Median seconds to first contact of their leads contacted by now; null when none. */
  medianSeconds: number | null;
  contacted: number;
}

/**
 * The period's leads per salesperson they are assigned to now: how many, how many converted
 * and the median time to first contact, one grouped statement (the same `first_contact_at`
 * and period as the team's figures above). Most leads first.
 */
export async function salespersonReport(
  deps: ReportDeps,
  period: { de: string; ate: string },
): Promise<SalespersonRow[]> {
  const start = saoPauloDayStart(period.de);
  const end = saoPauloDayStart(addDays(period.ate, 1));
  const rows = await deps.db
    .select({
      userId: contatos.assignedTo,
      name: sql<string | null>`max(${authUser.name})`,
      leads,
      conversions,
      medianSeconds: sql<
        number | null
      >`(percentile_cont(0.5) within group (order by extract(epoch from ${contatos.firstContactAt} - ${contatos.createdAt})))::float8`,
      contacted: sql<number>`count(${contatos.firstContactAt})::int`,
    })
    .from(contatos)
    .leftJoin(authUser, eq(authUser.id, contatos.assignedTo))
    .where(and(gte(contatos.createdAt, start), lt(contatos.createdAt, end)))
    .groupBy(contatos.assignedTo)
    .orderBy(sql`count(*) desc`, contatos.assignedTo);
  return rows.map((row) => ({
    ...row,
    medianSeconds: row.medianSeconds === null ? null : Number(row.medianSeconds),
  }));
}
