/*
 * The visit reports' reads, from the daily roll-ups (./rollup.ts), never raw events:
 * - unfiltered: analytics_daily_dims, a few dozen rows a day (one per dimension value and a
 *   total), summed per dimension and value — a whole year is a few thousand rows;
 * - one filter (`?origem=…`): analytics_daily_pairs, the same rows within that value;
 * - several filters: analytics_daily, the combinations matching them (through a filtered
 *   column's index), grouped by every dimension at once (GROUPING SETS).
 * Plus the previous period's totals for the comparison.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  emptyCounts,
  VISIT_DIMENSION_COLUMNS,
  VISIT_DIMENSIONS,
  previousPeriod,
  type VisitCounts,
  type VisitDimension,
  type VisitFilters,
  type VisitRow,
} from '~/lib/visit-report';
import type { Db } from '../db/client';

export interface VisitReport {
  totals: VisitCounts;
  previous: VisitCounts;
  /** Every dimension's rows, most visitors first (then most leads). */
  breakdowns: Record<VisitDimension, VisitRow[]>;
  /** The funnel per page: the `pagina` rows (same counts). */
  days: (VisitCounts & { day: string })[];
}

interface Raw {
  g: number | string;
  value: string | null;
  views: number | string;
  visitors: number | string;
  openers: number | string;
  starters: number | string;
  leads: number | string;
}

const counts = (row: Omit<Raw, 'g'>): VisitCounts => ({
  views: Number(row.views),
  visitors: Number(row.visitors),
  openers: Number(row.openers),
  starters: Number(row.starters),
  leads: Number(row.leads),
});

function whereOf(de: string, ate: string, filters: VisitFilters): SQL {
  const parts: SQL[] = [sql`day between ${de}::date and ${ate}::date`];
  for (const [name, value] of Object.entries(filters) as [keyof VisitFilters, string][]) {
    parts.push(sql`${sql.raw(VISIT_DIMENSION_COLUMNS[name])} = ${value}`);
  }
  return sql.join(parts, sql` and `);
}

const SUMS = sql.raw(
  `sum(views) as views, sum(visitors) as visitors, sum(openers) as openers, sum(starters) as starters, sum(leads) as leads`,
);

/**
 * The report of a period from a per-dimension roll-up: analytics_daily_dims without filters,
 * analytics_daily_pairs within one filter's value.
 */
async function dimsReport(
  db: Db,
  de: string,
  ate: string,
  filter?: [name: string, value: string],
): Promise<VisitReport> {
  const before = previousPeriod(de, ate);
  const from = filter
    ? sql`analytics_daily_pairs where filter_dim = ${filter[0]} and filter_value = ${filter[1]} and`
    : sql`analytics_daily_dims where`;
  const result = (await db.execute(sql`
    select dim, value, ${SUMS} from ${from} day between ${de}::date and ${ate}::date and dim <> 'total'
     group by dim, value
    union all
    select 'day', day::text, ${SUMS} from ${from} day between ${de}::date and ${ate}::date and dim = 'total'
     group by day
    union all
    select 'previous', '', ${SUMS} from ${from} day between ${before.de}::date and ${before.ate}::date and dim = 'total'`)) as unknown as {
    rows: (Omit<Raw, 'g'> & { dim: string })[];
  };
  const breakdowns = Object.fromEntries(VISIT_DIMENSIONS.map((d) => [d, [] as VisitRow[]])) as Record<
    VisitDimension,
    VisitRow[]
  >;
  const days: VisitReport['days'] = [];
  let previous = emptyCounts();
  for (const row of result.rows) {
    if (row.dim === 'day') days.push({ day: String(row.value), ...counts(row) });
    else if (row.dim === 'previous') previous = row.views === null ? emptyCounts() : counts(row);
    else if (row.dim in breakdowns)
      breakdowns[row.dim as VisitDimension].push({ value: row.value ?? '', ...counts(row) });
  }
  for (const rows of Object.values(breakdowns)) rows.sort((a, b) => b.visitors - a.visitors || b.leads - a.leads);
  days.sort((a, b) => a.day.localeCompare(b.day));
  const totals = days.reduce(
    (sum, day) => ({
      views: sum.views + day.views,
      visitors: sum.visitors + day.visitors,
      openers: sum.openers + day.openers,
      starters: sum.starters + day.starters,
      leads: sum.leads + day.leads,
    }),
    emptyCounts(),
  );
  return { totals, previous, breakdowns, days };
}

/** The report of a period (São Paulo days `de`…`ate`, inclusive) under `filters`. */
export async function visitReport(db: Db, de: string, ate: string, filters: VisitFilters = {}): Promise<VisitReport> {
  const given = Object.entries(filters);
  if (given.length === 0) return dimsReport(db, de, ate);
  if (given.length === 1) return dimsReport(db, de, ate, given[0]);
  // One grouping set per dimension, then days, then the total; grouping() tells them apart.
  const columns = VISIT_DIMENSIONS.map((d) => VISIT_DIMENSION_COLUMNS[d]);
  const sets = [...columns.map((column) => `(${column})`), '(day)', '()'].join(', ');
  const value = `case ${columns.map((column, index) => `when grouping(${column}) = 0 then ${index}`).join(' ')} when grouping(day) = 0 then ${columns.length} else ${columns.length + 1} end`;
  const label = `coalesce(${columns.join(', ')}, day::text)`;
  const result = (await db.execute(sql`
    select ${sql.raw(value)} as g, ${sql.raw(label)} as value, ${SUMS}
      from analytics_daily
     where ${whereOf(de, ate, filters)}
     group by grouping sets (${sql.raw(sets)})`)) as unknown as { rows: Raw[] };
  const before = previousPeriod(de, ate);
  const previousResult = (await db.execute(
    sql`select ${SUMS} from analytics_daily where ${whereOf(before.de, before.ate, filters)}`,
  )) as unknown as { rows: Raw[] };

  const breakdowns = Object.fromEntries(VISIT_DIMENSIONS.map((d) => [d, [] as VisitRow[]])) as Record<
    VisitDimension,
    VisitRow[]
  >;
  const days: VisitReport['days'] = [];
  let totals = emptyCounts();
  for (const row of result.rows) {
    const group = Number(row.g);
    if (group < columns.length) breakdowns[VISIT_DIMENSIONS[group]!].push({ value: row.value ?? '', ...counts(row) });
    else if (group === columns.length) days.push({ day: String(row.value), ...counts(row) });
    else totals = counts(row);
  }
  for (const rows of Object.values(breakdowns)) rows.sort((a, b) => b.visitors - a.visitors || b.leads - a.leads);
  days.sort((a, b) => a.day.localeCompare(b.day));
  const previousRow = previousResult.rows[0];
  const previous = previousRow && previousRow.views !== null ? counts(previousRow) : emptyCounts();
  return { totals, previous, breakdowns, days };
}
