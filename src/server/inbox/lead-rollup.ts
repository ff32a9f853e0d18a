/*
 * The daily roll-up of leads the sales reports read (src/server/inbox/reports.ts): per São
 * Paulo day, the day's leads and conversions in total and per value of each breakdown and
 * salesperson, with the exact seconds to first contact of the contacted ones on the
 * salespeople's rows for the medians (schema: src/server/db/schema/lead-reports.ts).
 *
 * Triggers on `contatos` log the day of every lead that arrives, goes, or changes in a
 * column the reports count (status, first contact, owner, attribution); `refreshLeadRollups`
 * rebuilds exactly those days from the leads, in one transaction, and drops the log rows it
 * read. The attribution is bounded first (`boundedLeads`): a day has at most a few dozen rows
 * per breakdown, whatever the lead forms were sent. The reports call it before reading, so what they show is the leads as they are
 * now — a lead moved to `convertido` a second ago included — and the minute job calls it
 * too (src/server/analytics/feature.ts), so a burst of changes is rarely paid for by a reader.
 */
import { sql, type SQL } from 'drizzle-orm';
import { CTA_SOURCES, FOLDED, MAX_VALUES_PER_DAY } from '~/lib/attribution';
import { partners } from '~/lib/content-data';
import { workingSpans } from '~/lib/reply-deadline';
import { addDays } from '~/lib/reports';
import { saoPauloDayStart } from '~/lib/time-zone';
import type { DbOrTx } from '../db/client';
import { leadDailyStale } from '../db/schema/lead-reports';

/** Any fixed number: the advisory lock two rebuilds take in turn (PostgreSQL; one connection on PGlite). */
const LEAD_ROLLUP_LOCK = 7_290_430;

/**
 * grouping() of each set of the rebuild, over (source, campaign, partner, tipo, CTA,
 * salesperson): a 1 for each column NOT in the set, the first the highest bit.
 */
const DIM_OF_MASK = sql.raw(
  `case grouping(utm_source, utm_campaign, partner_slug, tipo, cta_source, assigned_to)
     when 31 then 'origem' when 47 then 'campanha' when 55 then 'parceiro'
     when 59 then 'tipo' when 61 then 'cta' when 62 then 'vendedor' else 'dia' end`,
);

/** A Postgres array literal of values that need no quoting (ISO dates and instants, slugs). */
const arrayLiteral = (values: readonly string[]) => `{${values.join(',')}}`;

/** The site's partners and CTA sources, as SQL arrays (slugs: nothing to quote). */
const KNOWN_PARTNERS = sql.raw(`'${arrayLiteral(partners.map((partner) => partner.id))}'::text[]`);
const KNOWN_CTAS = sql.raw(`'${arrayLiteral(CTA_SOURCES)}'::text[]`);

/**
 * `bounded`: the leads of the days (`day` the São Paulo day each falls on) with their
 * attribution bounded as the visits' is (~/lib/attribution.ts), since every value becomes a
 * row of the roll-up and a lead form's hidden fields are anyone's to fill: a partner is a
 * known one, a CTA one of the site's buttons, else FOLDED; a day keeps the MAX_VALUES_PER_DAY
 * utm_source and utm_campaign values with the most leads (ties by value), and folds the rest.
 */
function boundedLeads(dayList: SQL, starts: SQL, ends: SQL, calendar: SQL): SQL {
  return sql`
    ${calendar},
    period as (
      select d.day, c.status, c.created_at, ${businessSeconds} as contact_seconds, c.tipo, c.assigned_to, c.utm_source, c.utm_campaign,
             case when coalesce(btrim(c.partner_slug), '') = '' then c.partner_slug
                  when lower(btrim(c.partner_slug)) = any(${KNOWN_PARTNERS}) then lower(btrim(c.partner_slug))
                  else ${FOLDED} end as partner_slug,
             case when c.cta_source = '' or c.cta_source = any(${KNOWN_CTAS}) then c.cta_source
                  else ${FOLDED} end as cta_source
        from unnest(${dayList}::date[], ${starts}::timestamptz[], ${ends}::timestamptz[]) as d(day, starts, ends)
        join contatos c on c.created_at >= d.starts and c.created_at < d.ends
        cross join cal),
    kept as (
      select day, dim, value
        from (select day, dim, value, row_number() over (partition by day, dim order by count(*) desc, value) as rank
                from period, lateral (values ('utm_source', utm_source), ('utm_campaign', utm_campaign)) as v(dim, value)
               where value <> ''
               group by day, dim, value) as ranked
       where rank <= ${MAX_VALUES_PER_DAY}),
    bounded as (
      select p.day, p.status, p.contact_seconds, p.tipo, p.assigned_to, p.partner_slug, p.cta_source,
             case when p.utm_source = '' or s.value is not null then p.utm_source else ${FOLDED} end as utm_source,
             case when p.utm_campaign = '' or k.value is not null then p.utm_campaign else ${FOLDED} end as utm_campaign
        from period p
        left join kept s on s.day = p.day and s.dim = 'utm_source' and s.value = p.utm_source
        left join kept k on k.day = p.day and k.dim = 'utm_campaign' and k.value = p.utm_campaign)`;
}

/** A business clock over the calendar `cal`: business seconds from its first opening to `t`. */
const businessClock = (t: SQL) => sql`(
  case when width_bucket(extract(epoch from ${t})::float8, cal.opens) = 0 then 0
       else cal.before[width_bucket(extract(epoch from ${t})::float8, cal.opens)]
            + least(greatest(extract(epoch from ${t})::float8 - cal.opens[width_bucket(extract(epoch from ${t})::float8, cal.opens)], 0),
                    cal.closes[width_bucket(extract(epoch from ${t})::float8, cal.opens)] - cal.opens[width_bucket(extract(epoch from ${t})::float8, cal.opens)]) end)`;

/**
 * Seconds from arrival to first contact in business hours (null until contacted): the two
 * instants' business clocks subtracted, as ~/lib/reply-deadline.ts `businessSecondsBetween`
 * counts them, so the medians and the "within 2 h" share speak of the promise's own hours.
 */
const businessSeconds = sql`case when c.first_contact_at is null then null
  else greatest(${businessClock(sql`c.first_contact_at`)} - ${businessClock(sql`c.created_at`)}, 0) end`;

/**
 * `cal`: the working days' openings and closings (epoch seconds, in order) from the first
 * rebuilt day to the last first contact of its leads, and the business seconds before each
 * day — width_bucket finds an instant's day by binary search.
 */
async function calendarOf(tx: DbOrTx, first: string, last: string): Promise<SQL> {
  const [latest] = (
    (await tx.execute(sql`
      select max(first_contact_at)::text as at from contatos
       where created_at >= ${saoPauloDayStart(first).toISOString()}::timestamptz
         and created_at < ${saoPauloDayStart(addDays(last, 1)).toISOString()}::timestamptz`)) as unknown as {
      rows: { at: string | null }[];
    }
  ).rows;
  const lastDay = saoPauloDayStart(last);
  const end = latest?.at && new Date(latest.at) > lastDay ? new Date(latest.at) : lastDay;
  const spans = workingSpans(saoPauloDayStart(first), end);
  let sum = 0;
  const before = spans.map((span) => {
    const value = sum;
    sum += (span.closes - span.opens) / 1000;
    return value;
  });
  const floats = (values: number[]) => sql.raw(`'{${values.join(',')}}'::float8[]`);
  return sql`cal as (select ${floats(spans.map((s) => s.opens / 1000))} as opens,
    ${floats(spans.map((s) => s.closes / 1000))} as closes, ${floats(before)} as before)`;
}

/**
 * Rebuilds the roll-up of every day logged stale, if any. Safe to call at any time and from
 * several processes: rebuilds take an advisory lock in turn, and a change committed while one
 * runs leaves its own log row, rebuilt by the next call.
 */
export async function refreshLeadRollups(db: DbOrTx): Promise<void> {
  const [pending] = await db.select({ id: leadDailyStale.id }).from(leadDailyStale).limit(1);
  if (!pending) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LEAD_ROLLUP_LOCK})`);
    // Read after the lock: what a rebuild before this one dropped is not read again.
    const stale = await tx.select().from(leadDailyStale);
    if (stale.length === 0) return;
    const days = [...new Set(stale.map((row) => row.day))].sort();
    const dayList = sql.raw(`'${arrayLiteral(days)}'`);
    // Each day's bounds are its São Paulo midnights, computed as the reports compute theirs.
    const starts = sql.raw(`'${arrayLiteral(days.map((day) => saoPauloDayStart(day).toISOString()))}'`);
    const ends = sql.raw(`'${arrayLiteral(days.map((day) => saoPauloDayStart(addDays(day, 1)).toISOString()))}'`);
    const calendar = await calendarOf(tx, days[0]!, days.at(-1)!);
    await tx.execute(sql`delete from lead_daily where day = any(${dayList}::date[])`);
    await tx.execute(sql`
      with ${boundedLeads(dayList, starts, ends, calendar)}
      insert into lead_daily (day, dim, value, leads, conversions, contact_seconds)
      select day, ${DIM_OF_MASK},
             coalesce(utm_source, utm_campaign, partner_slug, tipo, cta_source, assigned_to),
             count(*), count(*) filter (where status = 'convertido'),
             -- Seconds only on the salespeople's rows (nobody's included): every median is taken over those.
             case when ${DIM_OF_MASK} = 'vendedor'
                  then coalesce(array_agg(contact_seconds order by contact_seconds)
                                  filter (where contact_seconds is not null), '{}')
                  else '{}' end
        from bounded
       group by day, grouping sets ((), (utm_source), (utm_campaign), (partner_slug), (tipo), (cta_source), (assigned_to))`);
    const ids = stale.map((row) => String(row.id));
    await tx.execute(sql`delete from lead_daily_stale where id = any(${sql.raw(`'${arrayLiteral(ids)}'`)}::bigint[])`);
  });
}
