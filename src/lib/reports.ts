/**
 * Pure arithmetic of the sales reports: the database answers per-day and
 * per-value counts (src/server/inbox/reports.ts); this fills the days nobody wrote in,
 * folds days into weeks, turns counts into rates, ranks partners, and formats the figures
 * the pt-BR way ("12,5%", "1.234", "2 h 15 min"). Days are `AAAA-MM-DD` São Paulo calendar
 * days, handled as plain dates (no time zone: a calendar day is the same everywhere).
 */

import { FOLDED } from './attribution';

export const REPORT_GROUPINGS = ['dia', 'semana'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export interface Counts {
  leads: number;
  conversions: number;
}

export interface DayCounts extends Counts {
  day: string;
}

/** A bar of the leads-over-time chart: one day, or the days of one week inside the period. */
export interface Bucket extends Counts {
  /** First and last day of the bucket inside the period, inclusive. */
  start: string;
  end: string;
}

export interface BreakdownRow extends Counts {
  /** The column's value ('' when the lead has none: no UTM, no partner, no button). */
  value: string;
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A calendar day moved by `days`.
 * @example addDays('2026-03-01', -1) // "2026-02-28"
 */
export function addDays(day: string, days: number): string {
  return dayOf(dayMs(day) + days * DAY_MS);
}

/**
 * Days from `de` to `ate`, both included.
 * @example daySpan('2026-11-01', '2026-11-30') // 30
 */
export function daySpan(de: string, ate: string): number {
  return Math.round((dayMs(ate) - dayMs(de)) / DAY_MS) + 1;
}

/**
 * The Monday of a day's week (weeks run Monday to Sunday, as ISO 8601 and the team's week).
 * @example weekStart('2026-11-29') // "2026-11-23" (a Sunday → its Monday)
 */
export function weekStart(day: string): string {
  const weekday = new Date(dayMs(day)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Every day of the period with its counts, zero where the database had no row.
 * @example fillDays('2026-11-01', '2026-11-03', [{ day: '2026-11-02', leads: 4, conversions: 1 }])
 *   // [{ day: '2026-11-01', leads: 0, … }, { day: '2026-11-02', leads: 4, conversions: 1 }, { day: '2026-11-03', leads: 0, … }]
 */
export function fillDays(de: string, ate: string, rows: readonly DayCounts[]): DayCounts[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: DayCounts[] = [];
  for (let day = de; day <= ate; day = addDays(day, 1)) {
    const row = byDay.get(day);
    days.push({ day, leads: row?.leads ?? 0, conversions: row?.conversions ?? 0 });
  }
  return days;
}

/**
 * The chart's bars: each day of the period, or each week (Monday–Sunday) cut to the period,
 * so the first and last week may be shorter.
 * @example buckets('2026-11-20', '2026-11-24', rows, 'semana').map((b) => [b.start, b.end])
 *   // [['2026-11-20', '2026-11-22'], ['2026-11-23', '2026-11-24']]
 */
export function buckets(de: string, ate: string, rows: readonly DayCounts[], por: ReportGrouping): Bucket[] {
  const days = fillDays(de, ate, rows);
  if (por === 'dia') return days.map(({ day, ...counts }) => ({ start: day, end: day, ...counts }));
  const weeks: Bucket[] = [];
  for (const { day, leads, conversions } of days) {
    const last = weeks.at(-1);
    if (last && weekStart(day) === weekStart(last.start)) {
      last.end = day;
      last.leads += leads;
      last.conversions += conversions;
    } else weeks.push({ start: day, end: day, leads, conversions });
  }
  return weeks;
}

/**
 * Sums counts.
 * @example totals([{ leads: 2, conversions: 1 }, { leads: 3, conversions: 0 }]) // { leads: 5, conversions: 1 }
 */
export function totals(rows: readonly Counts[]): Counts {
  return rows.reduce((sum, row) => ({ leads: sum.leads + row.leads, conversions: sum.conversions + row.conversions }), {
    leads: 0,
    conversions: 0,
  });
}

/**
 * Conversion rate, convertido ÷ all leads, between 0 and 1; null when there is no lead.
 * @example conversionRate({ leads: 8, conversions: 1 }) // 0.125
 */
export function conversionRate(counts: Counts): number | null {
  return counts.leads > 0 ? counts.conversions / counts.leads : null;
}

/**
 * The share of the period's leads answered within the reply promise (2 business hours),
 * between 0 and 1; null when there is no lead. A lead not answered yet counts against it:
 * the promise is to every lead, not only to the ones answered.
 * @example promiseRate({ leads: 8, withinPromise: 7 }) // 0.875
 */
export function promiseRate(counts: { leads: number; withinPromise: number }): number | null {
  return counts.leads > 0 ? Math.min(counts.withinPromise, counts.leads) / counts.leads : null;
}

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/**
 * A rate as a pt-BR percentage with at most one decimal; `none` for a missing rate.
 * @example formatPercent(0.125) // "12,5%"
 * @example formatPercent(null)  // "—"
 */
export function formatPercent(rate: number | null, none = '—'): string {
  return rate === null ? none : percent.format(rate);
}

/**
 * A count with pt-BR thousands separators.
 * @example formatCount(12345) // "12.345"
 */
export function formatCount(value: number): string {
  return integer.format(value);
}

/**
 * A duration, rounded to the minute, as the team reads it.
 * @example formatDuration(30)      // "menos de 1 min"
 * @example formatDuration(8_100)   // "2 h 15 min"
 * @example formatDuration(190_800) // "2 d 5 h"
 */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return 'menos de 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** dd/mm of a day. */
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
/** dd/mm/aaaa of a day. */
export const formatDay = (day: string): string => `${shortDay(day)}/${day.slice(0, 4)}`;

/**
 * A bucket's name: short for the chart's axis, long for the table and the summaries.
 * @example bucketLabel({ start: '2026-11-23', end: '2026-11-29' }, 'short') // "23/11–29/11"
 * @example bucketLabel({ start: '2026-11-23', end: '2026-11-23' }, 'long')  // "23/11/2026"
 */
export function bucketLabel(bucket: Pick<Bucket, 'start' | 'end'>, length: 'short' | 'long'): string {
  const format = length === 'short' ? shortDay : formatDay;
  return bucket.start === bucket.end
    ? format(bucket.start)
    : `${format(bucket.start)}${length === 'short' ? '–' : ' a '}${format(bucket.end)}`;
}

/**
 * A breakdown's rows, most leads first (ties by value), for the bars and the table.
 * @example byLeads([{ value: 'b', leads: 1, conversions: 0 }, { value: 'a', leads: 3, conversions: 1 }])[0].value // "a"
 */
export function byLeads<Row extends BreakdownRow>(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => b.leads - a.leads || a.value.localeCompare(b.value));
}

export interface LeaderboardRow extends BreakdownRow {
  position: number;
  rate: number;
}

/**
 * The partner leaderboard: leads that came through a partner, most conversions first, then
 * the higher rate, then more leads, then the slug; equal figures share a position.
 * @example partnerLeaderboard([{ value: 'a', leads: 10, conversions: 2 }, { value: 'b', leads: 4, conversions: 2 }])
 *   .map((row) => [row.position, row.value]) // [[1, 'b'], [2, 'a']]
 */
export function partnerLeaderboard(rows: readonly BreakdownRow[]): LeaderboardRow[] {
  const ranked = rows
    // No partner, or partners folded together (an unknown slug: ./attribution.ts), is no one's place.
    .filter((row) => row.value !== '' && row.value !== FOLDED && row.leads > 0)
    .map((row) => ({ ...row, rate: row.conversions / row.leads }))
    .sort(
      (a, b) => b.conversions - a.conversions || b.rate - a.rate || b.leads - a.leads || a.value.localeCompare(b.value),
    );
  const board: LeaderboardRow[] = [];
  ranked.forEach((row, index) => {
    const previous = board[index - 1];
    const tied =
      previous &&
      previous.conversions === row.conversions &&
      previous.leads === row.leads &&
      previous.rate === row.rate;
    board.push({ ...row, position: tied ? previous.position : index + 1 });
  });
  return board;
}

/**
 * A round top for a chart's axis (1, 2 or 5 × a power of ten, at least 1) and its gridlines.
 * @example axisScale(37) // { max: 40, ticks: [0, 10, 20, 30, 40] }
 * @example axisScale(0)  // { max: 1, ticks: [0, 1] }
 */
export function axisScale(highest: number, gridlines = 4): { max: number; ticks: number[] } {
  const raw = Math.max(1, highest) / gridlines;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw)!,
  );
  const max = Math.max(step, Math.ceil(Math.max(1, highest) / step) * step);
  const ticks: number[] = [];
  for (let tick = 0; tick <= max; tick += step) ticks.push(tick);
  return { max, ticks };
}
