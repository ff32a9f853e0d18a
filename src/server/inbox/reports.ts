/*
 * The sales reports over the leads that arrived in a period of São Paulo
 * days: leads and conversions per day, the same by source, campaign, partner, tipo and CTA,
 * per salesperson, and the median time to first contact. They read the daily roll-up of
 * ./lead-rollup.ts (rebuilt first for the days whose leads changed), so a year is a few
 * thousand rows, not a pass over every lead (the budget is 300 ms on 100,000 leads;
 * `npm run bench:inbox`); the figures are the ones the leads themselves give.
 *
 * - A day is the São Paulo calendar day of `created_at`, its bounds the local midnights
 *   computed through Intl (src/lib/time-zone.ts, never a fixed offset). Filling empty days,
 *   weeks, rates and ranking are pure code in src/lib/reports.ts.
 * - Conversion rate: leads whose status is `convertido` now ÷ all leads of the period.
 * - First contact: a lead's first status change out of `novo`, which the pipeline also keeps
 *   on the lead (`first_contact_at`, migration 0011 filled it from lead_status_changes), for
 *   leads of the period contacted by now. The median is wall-clock time (percentile_cont
 *   over the exact seconds the roll-up keeps), not business hours: it reads the same on any
 *   day, and the 2-hour promise in business hours is already watched by the overdue flag of
 *   the leads list.
 */
import { and, between, eq, inArray, ne, sql } from 'drizzle-orm';
import type { BreakdownRow, DayCounts } from '~/lib/reports';
import type { DbOrTx } from '../db/client';
import { authUser, leadDaily } from '../db/schema';
import { refreshLeadRollups } from './lead-rollup';

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

const leads = sql<number>`sum(${leadDaily.leads})::int`;
const conversions = sql<number>`sum(${leadDaily.conversions})::int`;
const inDays = (period: { de: string; ate: string }) => between(leadDaily.day, period.de, period.ate);

/**
 * The report of the leads that arrived from the start of `de` to the end of `ate` (São Paulo days).
 * @example await leadReport({ db }, { de: '2026-11-01', ate: '2026-11-30' })
 */
export async function leadReport(deps: ReportDeps, period: { de: string; ate: string }): Promise<LeadReport> {
  return (await readReports(deps, period, { salespeople: false })).report;
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
 * and the median time to first contact (the same `first_contact_at` and period as the team's
 * figures above). Most leads first.
 */
export async function salespersonReport(
  deps: ReportDeps,
  period: { de: string; ate: string },
): Promise<SalespersonRow[]> {
  return (await readReports(deps, period, { salespeople: true })).bySalesperson;
}

/** Both reports of /admin/relatorios for a period, read together (two statements over the roll-up). */
export function salesReports(
  deps: ReportDeps,
  period: { de: string; ate: string },
): Promise<{ report: LeadReport; bySalesperson: SalespersonRow[] }> {
  return readReports(deps, period, { salespeople: true });
}

async function readReports(
  deps: ReportDeps,
  period: { de: string; ate: string },
  { salespeople }: { salespeople: boolean },
): Promise<{ report: LeadReport; bySalesperson: SalespersonRow[] }> {
  await refreshLeadRollups(deps.db);
  // The days (the 'dia' rows), the five breakdowns and the salespeople, summed over the
  // period; most leads first, then by value, which is the per-salesperson table's order.
  const valueRows = await deps.db
    .select({
      dim: leadDaily.dim,
      day: sql<string | null>`case when ${leadDaily.dim} = 'dia' then ${leadDaily.day}::text end`,
      value: leadDaily.value,
      leads,
      conversions,
    })
    .from(leadDaily)
    .where(salespeople ? inDays(period) : and(inDays(period), ne(leadDaily.dim, 'vendedor')))
    .groupBy(sql`1`, sql`2`, sql`3`)
    .orderBy(sql`4 desc`, sql`3`);
  // The medians: every contacted lead of the period sits in exactly one salesperson's rows
  // (nobody's included), so the team's median is over all of them — grouping set () —
  // and each salesperson's over theirs, in the same pass.
  const medianRows = await deps.db
    .select({
      team: salespeople ? sql<number>`grouping(${leadDaily.value})::int` : sql<number>`1`,
      value: salespeople ? sql<string | null>`${leadDaily.value}` : sql<string | null>`null`,
      medianSeconds: sql<number | null>`(percentile_cont(0.5) within group (order by seconds))::float8`,
      contacted: sql<number>`count(seconds)::int`,
    })
    .from(sql`${leadDaily} cross join lateral unnest(${leadDaily.contactSeconds}) as contact(seconds)`)
    .where(and(inDays(period), eq(leadDaily.dim, 'vendedor')))
    .groupBy(salespeople ? sql`grouping sets ((${leadDaily.value}), ())` : sql`()`);

  const breakdowns = Object.fromEntries(REPORT_DIMENSIONS.map((name) => [name, [] as BreakdownRow[]])) as Record<
    ReportDimension,
    BreakdownRow[]
  >;
  const days: DayCounts[] = [];
  const people: { value: string | null; leads: number; conversions: number }[] = [];
  for (const row of valueRows) {
    const counts = { leads: row.leads, conversions: row.conversions };
    if (row.dim === 'dia') {
      if (row.day !== null) days.push({ day: row.day, ...counts });
    } else if (row.dim === 'vendedor') people.push({ value: row.value, ...counts });
    else breakdowns[row.dim].push({ value: row.value ?? '', ...counts });
  }
  const numberOrNull = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  const team = medianRows.find((row) => Number(row.team) === 1);
  const medianOf = new Map(medianRows.filter((row) => Number(row.team) === 0).map((row) => [row.value, row]));
  const ids = people.flatMap((row) => (row.value === null ? [] : [row.value]));
  // The account's name now: a few accounts, looked up apart.
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await deps.db.select({ id: authUser.id, name: authUser.name }).from(authUser).where(inArray(authUser.id, ids))
        ).map((row) => [row.id, row.name]),
  );
  return {
    report: {
      days,
      breakdowns,
      firstContact: { medianSeconds: numberOrNull(team?.medianSeconds), contacted: team?.contacted ?? 0 },
    },
    bySalesperson: people.map((row) => ({
      userId: row.value,
      name: row.value === null ? null : (names.get(row.value) ?? null),
      leads: row.leads,
      conversions: row.conversions,
      medianSeconds: numberOrNull(medianOf.get(row.value)?.medianSeconds),
      contacted: medianOf.get(row.value)?.contacted ?? 0,
    })),
  };
}
