/*
 * The daily roll-up the sales reports read (src/server/inbox/lead-rollup.ts): a year of
 * leads is a few thousand rows instead of a pass over every lead of the year.
 *
 * A lead's status, first contact and owner change after it arrives, so its day's rows are
 * rebuilt when it does: triggers on `contatos` (migration 0016) append the São Paulo day of
 * every inserted, deleted or reported-on changed lead to `lead_daily_stale`, whatever
 * path wrote it, and the reports rebuild those days before reading. The log is
 * append-only (a row per statement and day, removed by id once rebuilt), so a change
 * committed while a rebuild runs is never lost to it.
 */
import { bigserial, date, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** The report's dimensions: the day's total ('dia'), the five breakdowns and the salesperson. */
export const LEAD_DAILY_DIMS = ['dia', 'origem', 'campanha', 'parceiro', 'tipo', 'cta', 'vendedor'] as const;
export type LeadDailyDim = (typeof LEAD_DAILY_DIMS)[number];

export const leadDaily = pgTable(
  'lead_daily',
  {
    /** The São Paulo day the leads arrived. */
    day: date('day', { mode: 'string' }).notNull(),
    dim: text('dim').$type<LeadDailyDim>().notNull(),
    /** The lead's column as stored (null stays null: no partner, nobody assigned); null for 'dia'. */
    value: text('value'),
    leads: integer('leads').notNull(),
    /** Of those, the ones whose status is `convertido` now. */
    conversions: integer('conversions').notNull(),
    /**
     * Seconds from arrival to first contact of each of those leads contacted by now — only
     * on 'vendedor' rows (nobody's included), which every median is taken over. Kept exact, not as a
     * histogram: a median over the period is then the same number the leads give.
     */
    contactSeconds: doublePrecision('contact_seconds').array().notNull().default([]),
  },
  (table) => [index('lead_daily_day_idx').on(table.day)],
);

/** Days whose roll-up is out of date (filled by the triggers on `contatos`). */
export const leadDailyStale = pgTable('lead_daily_stale', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
});
