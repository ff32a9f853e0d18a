/*
 * First-party, cookieless visit counting (src/server/analytics). Raw events are kept briefly
 * (RETENTION_ANALYTICS_EVENT_DAYS, the retention job deletes older ones) and rolled up per
 * day; the reports read the roll-ups, so a year costs a few thousand rows, not millions.
 *
 * Nothing here identifies a person: `visitor` is a keyed hash of (the day's random salt,
 * site, client address, user agent); the salt of a past day is deleted, so the same
 * visitor's keys of two days cannot be linked, and no address is ever stored.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** What the beacon reports: a page view, the lead dialog opened, the form started, a lead sent, a field's error shown. */
export const ANALYTICS_KINDS = ['view', 'open', 'start', 'sent', 'error'] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The day in São Paulo the event belongs to (the reports' day). */
    day: date('day', { mode: 'string' }).notNull(),
    /** Keyed hash of the day's salt, site, client and user agent (16 hex digits). */
    visitor: text('visitor').notNull(),
    kind: text('kind').$type<AnalyticsKind>().notNull(),
    /** The page's path, no query. */
    path: text('path').notNull(),
    /** Host of the referring site ('' when none or the site itself). */
    referrer: text('referrer').notNull().default(''),
    source: text('source').notNull().default(''),
    medium: text('medium').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    partner: text('partner').notNull().default(''),
    /** Which button opened the lead dialog (LeadTrigger's source). */
    cta: text('cta').notNull().default(''),
    /** 'mobile', 'tablet', 'desktop' or '' (unknown, e.g. a page view without JavaScript). */
    device: text('device').notNull().default(''),
    /** The field whose error was shown (its name only, never its value). */
    field: text('field').notNull().default(''),
    /** Counted in the roll-ups already (src/server/analytics/rollup.ts adds only the rest). */
    rolled: boolean('rolled').notNull().default(false),
  },
  (table) => [
    index('analytics_events_day_idx').on(table.day),
    // The events a refresh has yet to add, found without reading the rest.
    index('analytics_events_unrolled_idx')
      .on(table.id)
      .where(sql`not ${table.rolled}`),
    // Whether a visitor already counted in a row that day: a refresh asks it per new event.
    index('analytics_events_visitor_idx').on(table.visitor, table.day),
    check('analytics_events_kind_check', sql`${table.kind} in ('view', 'open', 'start', 'sent', 'error')`),
  ],
);

/**
 * One row per day and combination of page, source, medium, campaign, partner, CTA and device:
 * what the other roll-ups are summed from, and what a report with several filters reads
 * (`?origem=…&campanha=…`; the indexes below serve each filter).
 * `visitors`, `openers`, `starters` and `senders` are distinct visitor keys within the row;
 * `leads` are the leads saved (contatos) with the same attribution, JavaScript or not.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull(),
    campaign: text('campaign').notNull(),
    partner: text('partner').notNull(),
    cta: text('cta').notNull(),
    device: text('device').notNull(),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    openers: integer('openers').notNull().default(0),
    starters: integer('starters').notNull().default(0),
    senders: integer('senders').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    leads: integer('leads').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'analytics_daily_pk',
      columns: [
        table.day,
        table.path,
        table.source,
        table.medium,
        table.campaign,
        table.partner,
        table.cta,
        table.device,
      ],
    }),
    index('analytics_daily_path_idx').on(table.path, table.day),
    index('analytics_daily_source_idx').on(table.source, table.day),
    index('analytics_daily_campaign_idx').on(table.campaign, table.day),
    index('analytics_daily_partner_idx').on(table.partner, table.day),
  ],
);

/**
 * One row per day, dimension and value — plus one `total` row per day: what an unfiltered
 * report reads, a few dozen rows a day whatever the traffic, so a whole year stays a
 * few thousand rows. Visitor counts are distinct keys of the day for that value (exact: a
 * visitor who saw two pages from one source counts once for the source).
 */
export const analyticsDailyDims = pgTable(
  'analytics_daily_dims',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** 'total', or a report dimension (src/lib/visit-report.ts VISIT_DIMENSIONS). */
    dim: text('dim').notNull(),
    value: text('value').notNull(),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    openers: integer('openers').notNull().default(0),
    starters: integer('starters').notNull().default(0),
    senders: integer('senders').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    leads: integer('leads').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'analytics_daily_dims_pk', columns: [table.day, table.dim, table.value] })],
);

/**
 * The same per dimension and value, within each value of one filterable dimension (page,
 * source, campaign, partner): what a report filtered by one of them reads, again a few dozen
 * rows a day. Summed from analytics_daily's combinations, so a visitor seen in two
 * combinations under the filter counts in each.
 */
export const analyticsDailyPairs = pgTable(
  'analytics_daily_pairs',
  {
    /** The filter's dimension ('pagina', 'origem', 'campanha', 'parceiro') and value. */
    filterDim: text('filter_dim').notNull(),
    filterValue: text('filter_value').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    dim: text('dim').notNull(),
    value: text('value').notNull(),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    openers: integer('openers').notNull().default(0),
    starters: integer('starters').notNull().default(0),
    senders: integer('senders').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    leads: integer('leads').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'analytics_daily_pairs_pk',
      columns: [table.filterDim, table.filterValue, table.day, table.dim, table.value],
    }),
    index('analytics_daily_pairs_day_idx').on(table.day),
  ],
);

/** The random salt of each day's visitor keys; a past day's is deleted, which unlinks its keys from any other day's. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * The values each capped dimension admitted on a day (src/server/analytics/value-registry.ts):
 * at most MAX_VALUES_PER_DAY a dimension, the rest stored folded. Shared by every instance,
 * so the cap holds across them; past days are deleted with their salt.
 */
export const analyticsValues = pgTable(
  'analytics_values',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** The analytics_events column: path, referrer, source, medium, campaign or field. */
    dim: text('dim').notNull(),
    value: text('value').notNull(),
  },
  (table) => [primaryKey({ name: 'analytics_values_pk', columns: [table.day, table.dim, table.value] })],
);
