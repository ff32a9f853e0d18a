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
 *   leads of the period contacted by now. Its time is counted in business hours (the roll-up
 *   keeps business seconds, ~/lib/reply-deadline.ts), the hours the "2 horas em horário
 *   comercial" promise speaks of: the median is percentile_cont over them, and "within the
 *   promise" the leads answered in at most `replyPromiseMinutes` business minutes.
 */
import { and, between, eq, inArray, ne, sql } from 'drizzle-orm';
import { businessHours } from '~/lib/content-data';
import type { BreakdownRow, DayCounts } from '~/lib/reports';
import type { DbOrTx } from '../db/client';
import { authUser } from '../db/schema/auth';
import { leadDaily } from '../db/schema/lead-reports';
import { discardBreakdown, type DiscardBreakdown } from './discard-breakdown';
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
    /** Median business seconds from arrival to the first move out of `novo`; null when none was contacted. */
    medianSeconds: number | null;
    /** Leads of the period contacted by now. */
    contacted: number;
    /** Of those, the ones contacted within the reply promise (2 business hours). */
    withinPromise: number;
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
  /** Median business seconds to first contact of their leads contacted by now; null when none. */
  medianSeconds: number | null;
  contacted: number;
  /** Of those, the ones contacted within the reply promise. */
  withinPromise: number;
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

/** The reports of /admin/relatorios for a period: the roll-up's two and the discard reasons. */
export async function salesReports(
  deps: ReportDeps,
  period: { de: string; ate: string },
): Promise<{ report: LeadReport; bySalesperson: SalespersonRow[]; discards: DiscardBreakdown }> {
  const reports = await readReports(deps, period, { salespeople: true });
  return { ...reports, discards: await discardBreakdown(deps.db, period) };
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
  const { team, medianOf } = await medians(deps.db, period, salespeople);

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
      firstContact: team,
    },
    bySalesperson: people.map((row) => ({
      userId: row.value,
      name: row.value === null ? null : (names.get(row.value) ?? null),
      leads: row.leads,
      conversions: row.conversions,
      ...(medianOf.get(row.value) ?? NO_CONTACT),
    })),
  };
}

/**
 * Fixed edges the medians are located by: every value falls in one interval (edge j-1, edge j].
 * Minutes-to-days spacing (×1.2 a step from 1 minute to over a year), so an interval holds a
 * small share of the leads wherever the median is.
 */
const EDGES = ['-Infinity', '0', ...Array.from({ length: 75 }, (_, n) => String(60 * 1.2 ** n)), 'Infinity'];
const EDGES_SQL = sql.raw(`'{${EDGES.join(',')}}'::float8[]`);

type FirstContact = LeadReport['firstContact'];
const NO_CONTACT: FirstContact = { medianSeconds: null, contacted: 0, withinPromise: 0 };
/** The promise in seconds, the edge "within the promise" counts up to (inclusive). */
const PROMISE_SECONDS = businessHours.replyPromiseMinutes * 60;

/**
 * The team's and each salesperson's median seconds to first contact over the period, exactly
 * as percentile_cont(0.5) over every contacted lead's seconds would give it, without
 * reading them all: the roll-up keeps each row's seconds sorted, so width_bucket (a binary
 * search) counts a row's values up to any edge. A first statement counts, per group, the
 * values up to each edge; the interval holding the middle rank(s) is then the only part
 * read, sorted, and the median taken from it with percentile_cont's own arithmetic.
 */
async function medians(
  db: DbOrTx,
  period: { de: string; ate: string },
  salespeople: boolean,
): Promise<{ team: FirstContact; medianOf: Map<string | null, FirstContact> }> {
  const where = and(inDays(period), eq(leadDaily.dim, 'vendedor'));
  const counted = await db
    .select({
      team: salespeople ? sql<number>`grouping(${leadDaily.value})::int` : sql<number>`1`,
      value: salespeople ? sql<string | null>`${leadDaily.value}` : sql<string | null>`null`,
      edge: sql<number>`edge.j::int`,
      atMost: sql<number>`sum(width_bucket(edge.x, ${leadDaily.contactSeconds}))::int`,
      // The same on every edge's row: the group's values up to the promise.
      withinPromise: sql<number>`sum(width_bucket(${PROMISE_SECONDS}::float8, ${leadDaily.contactSeconds}))::int`,
    })
    .from(sql`${leadDaily} cross join unnest(${EDGES_SQL}) with ordinality as edge(x, j)`)
    .where(where)
    .groupBy(salespeople ? sql`grouping sets ((${leadDaily.value}, edge.j), (edge.j))` : sql`edge.j`);

  // Per group: how many values are at most each edge (index j-1 for edge j).
  const groups = new Map<string, { team: boolean; value: string | null; atMost: number[]; within: number }>();
  for (const row of counted) {
    const team = Number(row.team) === 1;
    const key = team ? 'team' : `v:${row.value ?? ''}:${row.value === null ? 'null' : ''}`;
    const group = groups.get(key) ?? { team, value: team ? null : row.value, atMost: [], within: Number(row.withinPromise) };
    group.atMost[Number(row.edge) - 1] = Number(row.atMost);
    groups.set(key, group);
  }
  // The ranks percentile_cont(0.5) reads (0-based) and the edges around them.
  const wanted = [...groups.values()].flatMap((group) => {
    const n = group.atMost[EDGES.length - 1] ?? 0;
    if (n === 0) return [];
    const first = Math.floor(0.5 * (n - 1));
    const second = Math.ceil(0.5 * (n - 1));
    const edgeOf = (rank: number) => group.atMost.findIndex((count) => count > rank); // index of edge j: j-1
    const low = edgeOf(first); // values of rank `first` lie above edge index low-1, at most edge index low
    const high = edgeOf(second);
    return [{ group, n, first, second, lowEdge: low, highEdge: high, below: group.atMost[low - 1] ?? 0 }];
  });
  const slices =
    wanted.length === 0
      ? []
      : await db
          .select({
            index: sql<number>`pick.i::int`,
            seconds: sql<number[]>`array_agg(seconds order by seconds)`,
          })
          .from(
            sql`(values ${sql.join(
              wanted.map(
                (want, index) =>
                  sql`(${index}::int, ${want.group.team}::boolean, ${want.group.value}::text, ${want.lowEdge}::int, ${want.highEdge + 1}::int)`,
              ),
              sql`, `,
            )}) as pick(i, team, value, lo, hi)
            join ${leadDaily} on (pick.team or ${leadDaily.value} is not distinct from pick.value)
            cross join lateral unnest(${leadDaily.contactSeconds}[
              width_bucket((${EDGES_SQL})[pick.lo], ${leadDaily.contactSeconds}) + 1
              : width_bucket((${EDGES_SQL})[pick.hi], ${leadDaily.contactSeconds})]) as slice(seconds)`,
          )
          .where(where)
          .groupBy(sql`pick.i`);
  const sliceOf = new Map(slices.map((row) => [Number(row.index), row.seconds.map(Number)]));

  const result = {
    team: NO_CONTACT,
    medianOf: new Map<string | null, FirstContact>(),
  };
  for (const [index, want] of wanted.entries()) {
    const slice = sliceOf.get(index) ?? [];
    const low = slice[want.first - want.below]!;
    const high = slice[want.second - want.below]!;
    // percentile_cont's interpolation (float8_lerp), step for step.
    const median = want.second > want.first ? low + 0.5 * (high - low) : low;
    const figures = { medianSeconds: median, contacted: want.n, withinPromise: want.group.within };
    if (want.group.team) result.team = figures;
    else result.medianOf.set(want.group.value, figures);
  }
  return result;
}
