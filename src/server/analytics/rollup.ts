/*
 * The daily roll-ups the visit reports read: analytics_daily_dims (per day, dimension and
 * value, for unfiltered reports), analytics_daily_pairs (the same within each value of a
 * filterable dimension, for a report with one filter) and analytics_daily (per day and
 * combination of every dimension: the pairs are its sums, and a report with several
 * filters reads it).
 *
 * A refresh adds what changed, never rebuilds a day:
 * - events not yet rolled up (`rolled`, a partial index finds them), in batches: views and
 *   errors are added, and a visitor is added to a row's distinct count only when none of
 *   its events of that kind already counted in that row that day (looked up by visitor and
 *   day), so the counts stay exact; then the batch is marked rolled;
 * - the leads of the days asked for (contatos, whatever their status: a lead is a lead from
 *   the moment it is saved) are counted again for those days: a lead may be deleted or
 *   re-attributed, and a day holds few of them. Their attribution is bounded as the
 *   beacon's is (./site-values.ts, ./value-registry.ts), so no roll-up groups by free text.
 * Today and yesterday are refreshed every minute by the queue (./feature.ts), and when a
 * report is opened on roll-ups older than a few seconds (./analytics.service.ts `freshen`),
 * and by the daily retention pass on hosts without a cron (Netlify). Refreshes take turns
 * (an advisory lock), so one is idempotent and can run as often as wanted.
 *
 * Leads carry the attribution the form sent (page address, utm_*, partner, CTA) but no
 * device: their rows have device ''. A lead without JavaScript is counted all the same.
 */
import { sql } from 'drizzle-orm';
import { addDays } from '~/lib/reports';
import { SAO_PAULO, saoPauloDay, saoPauloDayStart } from '~/lib/time-zone';
import { VISIT_DIMENSION_COLUMNS, VISIT_FILTERS } from '~/lib/visit-report';
import type { Db, DbOrTx } from '../db/client';
import { ctaValue, partnerValue, sitePath, utmValue } from './site-values';
import { admitted, createValueRegistry } from './value-registry';

/** Rows of a raw `execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

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

/**
 * Events added per transaction: a backlog is rolled up in short steps, with a turn for
 * requests between them — the embedded database runs on the server's own thread, so one
 * long statement would hold every request (1,000 take tens of milliseconds).
 */
const BATCH_EVENTS = 1000;
const COUNTS = ['views', 'visitors', 'openers', 'starters', 'senders', 'errors', 'leads'] as const;
const COUNT_LIST = sql.raw(COUNTS.join(', '));
/** `on conflict … do update`: the roll-up row's counts plus the delta's. */
const addCounts = (table: string) => sql.raw(COUNTS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', '));
const COMBINATION = ['day', ...DIMS.map(([, column]) => column)].join(', ');
/** The distinct-visitor kinds: a visitor counts in a row once per kind and day. */
const DISTINCT_KINDS = `('view', 'open', 'start', 'sent')`;

/**
 * Whether an event of the batch (`b`) is its visitor's first of its kind, that day, in the
 * row the `columns` name: no rolled event matches it.
 */
const firstIn = (columns: readonly string[]): string =>
  `case when b.kind in ${DISTINCT_KINDS} then not exists (select 1 from analytics_events o
      where o.visitor = b.visitor and o.day = b.day and o.rolled and o.kind = b.kind${columns.map((c) => ` and o.${c} = b.${c}`).join('')}) end`;
const SUMMED = sql.raw(`count(*) filter (where kind = 'view'),
  count(distinct visitor) filter (where kind = 'view' and first),
  count(distinct visitor) filter (where kind = 'open' and first),
  count(distinct visitor) filter (where kind = 'start' and first),
  count(distinct visitor) filter (where kind = 'sent' and first),
  count(*) filter (where kind = 'error'), 0`);

/** Adds one batch of events not rolled up yet; how many it added. */
async function addEvents(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    await tx.execute(sql`create temp table analytics_batch on commit drop as
      select id, day, visitor, kind, ${sql.raw(DIMS.map(([, column]) => column).join(', '))}
        from analytics_events where not rolled order by id limit ${BATCH_EVENTS}`);
    const [counted] = rowsOf<{ n: number | string }>(await tx.execute(sql`select count(*) as n from analytics_batch`));
    const added = Number(counted?.n ?? 0);
    if (added === 0) return 0;
    const columns = DIMS.map(([, column]) => column);
    await tx.execute(sql`create temp table analytics_delta on commit drop as
      select ${sql.raw(COMBINATION)},
             count(*) filter (where kind = 'view') as views,
             count(distinct visitor) filter (where kind = 'view' and first) as visitors,
             count(distinct visitor) filter (where kind = 'open' and first) as openers,
             count(distinct visitor) filter (where kind = 'start' and first) as starters,
             count(distinct visitor) filter (where kind = 'sent' and first) as senders,
             count(*) filter (where kind = 'error') as errors,
             0 as leads
        from (select b.*, ${sql.raw(firstIn(columns))} as first from analytics_batch b) as e
       group by ${sql.raw(COMBINATION)}`);
    await tx.execute(sql`
      insert into analytics_daily (${sql.raw(COMBINATION)}, ${COUNT_LIST})
      select ${sql.raw(COMBINATION)}, ${COUNT_LIST} from analytics_delta
      on conflict (${sql.raw(COMBINATION)}) do update set ${addCounts('analytics_daily')}`);
    const perDimension = sql.join(
      [
        sql.raw(
          `select b.day, 'total' as dim, '' as value, b.kind, b.visitor, ${firstIn([])} as first from analytics_batch b`,
        ),
        ...DIMS.map(([name, column]) =>
          sql.raw(
            `select b.day, '${name}', b.${column}, b.kind, b.visitor, ${firstIn([column])} from analytics_batch b`,
          ),
        ),
      ],
      sql` union all `,
    );
    await tx.execute(sql`
      insert into analytics_daily_dims (day, dim, value, ${COUNT_LIST})
      select day, dim, value, ${SUMMED} from (${perDimension}) as e group by day, dim, value
      on conflict (day, dim, value) do update set ${addCounts('analytics_daily_dims')}`);
    await tx.execute(sql`
      insert into analytics_daily_pairs (filter_dim, filter_value, day, dim, value, ${COUNT_LIST})
      select f.filter_dim, f.filter_value, d.day, x.dim, x.value,
             ${sql.raw(COUNTS.map((c) => `sum(${c})`).join(', '))}
        from analytics_delta as d
             cross join lateral (values ${FILTER_VALUES}) as f(filter_dim, filter_value)
             cross join lateral (values ${DIM_VALUES}) as x(dim, value)
       group by 1, 2, 3, 4, 5
      on conflict (filter_dim, filter_value, day, dim, value) do update set ${addCounts('analytics_daily_pairs')}`);
    await tx.execute(sql`update analytics_events set rolled = true where id in (select id from analytics_batch)`);
    return added;
  });
}
/** One bounded attribution of a day's leads and how many leads carry it. */
interface LeadCount {
  day: string;
  path: string;
  source: string;
  medium: string;
  campaign: string;
  partner: string;
  cta: string;
  leads: number;
}

/** The leads saved from `from` to `to`, counted per attribution once bounded as the beacon's is. */
async function leadCounts(db: Db, from: string, to: string): Promise<LeadCount[]> {
  const start = saoPauloDayStart(from).toISOString();
  const end = saoPauloDayStart(addDays(to, 1)).toISOString();
  const raw = rowsOf<Omit<LeadCount, 'leads'> & { leads: number | string }>(
    await db.execute(sql`
      select ((created_at at time zone ${SAO_PAULO})::date)::text as day, ${LEAD_PATH} as path,
             utm_source as source, utm_medium as medium, utm_campaign as campaign,
             coalesce(partner_slug, '') as partner, cta_source as cta, count(*) as leads
        from contatos
       where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
       group by 1, 2, 3, 4, 5, 6, 7`),
  );
  const registry = createValueRegistry(db);
  const counts = new Map<string, LeadCount>();
  for (const row of raw) {
    const capped = await admitted(registry, row.day, {
      path: row.path ? sitePath(row.path) : '',
      referrer: '',
      source: utmValue(row.source),
      medium: utmValue(row.medium),
      campaign: utmValue(row.campaign),
      field: '',
    });
    const bounded = { ...capped, day: row.day, partner: partnerValue(row.partner), cta: ctaValue(row.cta) };
    const key = JSON.stringify([
      bounded.day,
      bounded.path,
      bounded.source,
      bounded.medium,
      bounded.campaign,
      bounded.partner,
      bounded.cta,
    ]);
    const known = counts.get(key);
    if (known) known.leads += Number(row.leads);
    else
      counts.set(key, {
        day: bounded.day,
        path: bounded.path,
        source: bounded.source,
        medium: bounded.medium,
        campaign: bounded.campaign,
        partner: bounded.partner,
        cta: bounded.cta,
        leads: Number(row.leads),
      });
  }
  return [...counts.values()];
}

const ALL_ZERO = sql.raw(COUNTS.map((c) => `${c} = 0`).join(' and '));

/** Sets the leads of every roll-up row from `from` to `to` to `counts` (a day's leads are few). */
async function recountLeads(tx: DbOrTx, from: string, to: string, counts: LeadCount[]): Promise<void> {
  const days = sql`day between ${from}::date and ${to}::date`;
  for (const table of ['analytics_daily', 'analytics_daily_dims', 'analytics_daily_pairs'])
    await tx.execute(sql`update ${sql.raw(table)} set leads = 0 where ${days} and leads <> 0`);
  if (counts.length > 0) {
    const leads = sql`(select day, path, source, medium, campaign, partner, cta, '' as device, leads
        from jsonb_to_recordset(${JSON.stringify(counts)}::jsonb)
          as l(day date, path text, source text, medium text, campaign text, partner text, cta text, leads int))`;
    await tx.execute(sql`
      insert into analytics_daily (${sql.raw(COMBINATION)}, leads)
      select ${sql.raw(COMBINATION)}, leads from ${leads} as d
      on conflict (${sql.raw(COMBINATION)}) do update set leads = excluded.leads`);
    await tx.execute(sql`
      insert into analytics_daily_dims (day, dim, value, leads)
      select day, ${DIM_NAME}, ${DIM_VALUE}, sum(leads) from ${leads} as d group by day, grouping sets ${DIM_SETS}
      on conflict (day, dim, value) do update set leads = excluded.leads`);
    await tx.execute(sql`
      insert into analytics_daily_pairs (filter_dim, filter_value, day, dim, value, leads)
      select f.filter_dim, f.filter_value, d.day, x.dim, x.value, sum(leads)
        from ${leads} as d
             cross join lateral (values ${FILTER_VALUES}) as f(filter_dim, filter_value)
             cross join lateral (values ${DIM_VALUES}) as x(dim, value)
       group by 1, 2, 3, 4, 5
      on conflict (filter_dim, filter_value, day, dim, value) do update set leads = excluded.leads`);
  }
  // Rows only a lead held, that lead gone or re-attributed.
  for (const table of ['analytics_daily', 'analytics_daily_dims', 'analytics_daily_pairs'])
    await tx.execute(sql`delete from ${sql.raw(table)} where ${days} and ${ALL_ZERO}`);
}

/**
 * Adds every event not rolled up yet (whatever its day) and counts again the leads of the
 * days from `from` to `to` (São Paulo days, inclusive).
 */
export async function refreshRollups(db: Db, from: string, to: string): Promise<void> {
  while ((await addEvents(db)) === BATCH_EVENTS) await new Promise((resolve) => setImmediate(resolve));
  const counts = await leadCounts(db, from, to);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    await recountLeads(tx, from, to, counts);
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
