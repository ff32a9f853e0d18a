/*
 * The daily roll-ups the visit reports read: analytics_daily_dims (per day, dimension and
 * value, for unfiltered reports), analytics_daily_pairs (the same within each value of a
 * filterable dimension, for a report with one filter) and analytics_daily (per day and
 * combination of every dimension: the pairs are summed from it, and a report with several
 * filters reads it). A day's rows are rebuilt in one transaction from that
 * day's raw events and the leads saved that day
 * (contatos, whatever their status: a lead is a lead from the moment it is saved), so a
 * refresh is idempotent and can run as often as wanted. Today is refreshed every minute by
 * the queue (./feature.ts), and when a report is opened on roll-ups older than a few
 * seconds (./analytics.service.ts `freshen`); yesterday is refreshed with it, so events arriving around midnight
 * land, and by the daily retention pass on hosts without a cron (Netlify).
 *
 * Leads carry the attribution the form sent (page address, utm_*, partner, CTA) but no
 * device: their rows have device ''. A lead without JavaScript is counted all the same.
 */
import { sql } from 'drizzle-orm';
import { addDays } from '~/lib/reports';
import { SAO_PAULO, saoPauloDay, saoPauloDayStart } from '~/lib/time-zone';
import { VISIT_DIMENSION_COLUMNS, VISIT_FILTERS } from '~/lib/visit-report';
import type { Db } from '../db/client';

/** Any fixed number: the advisory lock two refreshes of the roll-ups take in turn. */
const ROLLUP_LOCK = 7_290_429;

/**
 * The path of a lead's `pagina_origem` (the full address the form was on): scheme and host,
 * query and fragment dropped, no trailing slash — the same path the beacon reports.
 */
const LEAD_PATH = sql.raw(
  `coalesce(nullif(regexp_replace(split_part(split_part(regexp_replace(pagina_origem, '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/]*', ''), '?', 1), '#', 1), '(.)/+$', '\\1'), ''), '')`,
);

/** The report dimensions in the order of src/lib/visit-report.ts VISIT_DIMENSION_COLUMNS, and the day's total. */
const DIMS: [name: string, column: string][] = Object.entries(VISIT_DIMENSION_COLUMNS);
const DIM_SETS = sql.raw(`(${DIMS.map(([, column]) => `(${column})`).join(', ')}, ())`);
const DIM_NAME = sql.raw(
  `case ${DIMS.map(([name, column]) => `when grouping(${column}) = 0 then '${name}'`).join(' ')} else 'total' end`,
);
const DIM_VALUE = sql.raw(`coalesce(${DIMS.map(([, column]) => column).join(', ')}, '')`);
/** Per combination row `d`: each filterable dimension's (name, value), and each dimension's plus the total. */
const FILTER_VALUES = sql.raw(
  VISIT_FILTERS.map((name) => `('${name}', d.${VISIT_DIMENSION_COLUMNS[name]})`).join(', '),
);
const DIM_VALUES = sql.raw([`('total', '')`, ...DIMS.map(([name, column]) => `('${name}', d.${column})`)].join(', '));

/** Rebuilds the roll-ups of every day from `from` to `to` (São Paulo days, inclusive). */
export async function refreshRollups(db: Db, from: string, to: string): Promise<void> {
  const start = saoPauloDayStart(from).toISOString();
  const end = saoPauloDayStart(addDays(to, 1)).toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    await tx.execute(sql`delete from analytics_daily where day between ${from}::date and ${to}::date`);
    await tx.execute(sql`delete from analytics_daily_dims where day between ${from}::date and ${to}::date`);
    await tx.execute(sql`
      insert into analytics_daily_dims
        (day, dim, value, views, visitors, openers, starters, senders, errors, leads)
      select day, dim, value,
             sum(views), sum(visitors), sum(openers), sum(starters), sum(senders), sum(errors), sum(leads)
        from (
          select day, ${DIM_NAME} as dim, ${DIM_VALUE} as value,
                 count(*) filter (where kind = 'view') as views,
                 count(distinct visitor) filter (where kind = 'view') as visitors,
                 count(distinct visitor) filter (where kind = 'open') as openers,
                 count(distinct visitor) filter (where kind = 'start') as starters,
                 count(distinct visitor) filter (where kind = 'sent') as senders,
                 count(*) filter (where kind = 'error') as errors,
                 0 as leads
            from analytics_events
           where day between ${from}::date and ${to}::date
           group by day, grouping sets ${DIM_SETS}
          union all
          select day, ${DIM_NAME}, ${DIM_VALUE}, 0, 0, 0, 0, 0, 0, count(*)
            from (select (created_at at time zone ${SAO_PAULO})::date as day, ${LEAD_PATH} as path,
                         utm_source as source, utm_medium as medium, utm_campaign as campaign,
                         coalesce(partner_slug, '') as partner, cta_source as cta, '' as device
                    from contatos
                   where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz) as lead
           group by day, grouping sets ${DIM_SETS}
        ) as counted
       group by 1, 2, 3`);
    await tx.execute(sql`
      insert into analytics_daily
        (day, path, source, medium, campaign, partner, cta, device,
         views, visitors, openers, starters, senders, errors, leads)
      select day, path, source, medium, campaign, partner, cta, device,
             sum(views), sum(visitors), sum(openers), sum(starters), sum(senders), sum(errors), sum(leads)
        from (
          select day, path, source, medium, campaign, partner, cta, device,
                 count(*) filter (where kind = 'view') as views,
                 count(distinct visitor) filter (where kind = 'view') as visitors,
                 count(distinct visitor) filter (where kind = 'open') as openers,
                 count(distinct visitor) filter (where kind = 'start') as starters,
                 count(distinct visitor) filter (where kind = 'sent') as senders,
                 count(*) filter (where kind = 'error') as errors,
                 0 as leads
            from analytics_events
           where day between ${from}::date and ${to}::date
           group by 1, 2, 3, 4, 5, 6, 7, 8
          union all
          select (created_at at time zone ${SAO_PAULO})::date, ${LEAD_PATH}, utm_source, utm_medium, utm_campaign,
                 coalesce(partner_slug, ''), cta_source, '', 0, 0, 0, 0, 0, 0, count(*)
            from contatos
           where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
           group by 1, 2, 3, 4, 5, 6, 7
        ) as counted
       group by 1, 2, 3, 4, 5, 6, 7, 8`);
    await tx.execute(sql`delete from analytics_daily_pairs where day between ${from}::date and ${to}::date`);
    await tx.execute(sql`
      insert into analytics_daily_pairs
        (filter_dim, filter_value, day, dim, value, views, visitors, openers, starters, senders, errors, leads)
      select f.filter_dim, f.filter_value, d.day, x.dim, x.value,
             sum(views), sum(visitors), sum(openers), sum(starters), sum(senders), sum(errors), sum(leads)
        from analytics_daily as d
             cross join lateral (values ${FILTER_VALUES}) as f(filter_dim, filter_value)
             cross join lateral (values ${DIM_VALUES}) as x(dim, value)
       where d.day between ${from}::date and ${to}::date
       group by 1, 2, 3, 4, 5`);
  });
}

/** Yesterday and today at `now`: what the minute job and an opened report refresh. */
export function recentDays(now: Date): { from: string; to: string } {
  const today = saoPauloDay(now);
  return { from: addDays(today, -1), to: today };
}

/** Refreshes yesterday's and today's roll-ups. */
export function refreshRecent(db: Db, now: Date): Promise<void> {
  const { from, to } = recentDays(now);
  return refreshRollups(db, from, to);
}
