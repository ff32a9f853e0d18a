/**
 * The 2-hour reply promise ("Respondemos em até 2 horas em horário comercial") as
 * arithmetic on business time: Monday to Friday, 9h–18h in São Paulo, minus the holidays
 * of content/settings/business-hours.yaml (which says why those days).
 *
 * - A lead that arrives inside business hours is due 2 business hours later; one that
 *   arrives outside them (night, weekend, holiday, 18h00 sharp) counts from the next
 *   opening. Friday 17h30 → Monday 10h30; Saturday → Monday 11h00.
 * - A lead is overdue from its due instant on (`due <= now`), while still `novo`.
 * - `overdueCutoff(now)` turns "which leads are overdue now" into one comparison a
 *   database index answers: `status = 'novo' and created_at <= cutoff`. It walks 2
 *   business hours back from `now`; because the due time never decreases as the creation
 *   time grows, `replyDueAt(c) <= now` exactly when `c <= overdueCutoff(now)`
 *   (tests/unit/reply-deadline.test.ts checks this on thousands of random pairs).
 *
 * Local times are read through Intl in the calendar's zone (./time-zone.ts), never with a
 * fixed −03:00.
 */
import { businessHours } from './content-data';
import type { BusinessHours } from './content-schemas';
import { instantOf, wallClock } from './time-zone';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface LocalDay {
  year: number;
  month: number;
  day: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Easter Sunday of a year (Gregorian calendar; the anonymous "Meeus/Jones/Butcher" algorithm).
 * @example easterSunday(2026) // { year: 2026, month: 4, day: 5 }
 */
export function easterSunday(year: number): LocalDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

const closedDatesByYear = new WeakMap<BusinessHours, Map<number, Set<string>>>();

/**
 * Every closed date of a year besides weekends, as `AAAA-MM-DD`.
 * @example closedDates(2026).has('2026-04-03') // true (Sexta-feira Santa)
 */
export function closedDates(year: number, calendar: BusinessHours = businessHours): ReadonlySet<string> {
  let years = closedDatesByYear.get(calendar);
  if (!years) closedDatesByYear.set(calendar, (years = new Map()));
  let dates = years.get(year);
  if (!dates) {
    dates = new Set(calendar.fixedHolidays.map((monthDay) => `${year}-${monthDay}`));
    const easter = easterSunday(year);
    const easterMs = Date.UTC(year, easter.month - 1, easter.day);
    for (const offset of calendar.easterHolidayOffsets) {
      dates.add(new Date(easterMs + offset * DAY_MS).toISOString().slice(0, 10));
    }
    for (const date of calendar.extraClosedDates) if (date.startsWith(`${year}-`)) dates.add(date);
    years.set(year, dates);
  }
  return dates;
}

/** Midnight of a local day, as-if-UTC. */
const dayStart = (day: LocalDay) => Date.UTC(day.year, day.month - 1, day.day);

function localDayOf(wall: number): LocalDay {
  const date = new Date(wall);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function isWorkingDay(day: LocalDay, calendar: BusinessHours): boolean {
  const weekday = new Date(dayStart(day)).getUTCDay();
  if (!calendar.weekdays.includes(weekday)) return false;
  return !closedDates(day.year, calendar).has(`${day.year}-${pad(day.month)}-${pad(day.day)}`);
}

/**
 * Whether the sales team works on the São Paulo day of `instant` (a weekday, not a holiday):
 * the morning digest goes out on those days only.
 * @example isBusinessDay(new Date('2026-11-20T12:00:00Z')) // false (Consciência Negra)
 */
export function isBusinessDay(instant: Date, calendar: BusinessHours = businessHours): boolean {
  return isWorkingDay(localDayOf(wallClock(instant.getTime(), calendar.timeZone)), calendar);
}

/** The working day after (step 1) or before (step −1) `day`. */
function nextWorkingDay(day: LocalDay, step: 1 | -1, calendar: BusinessHours): LocalDay {
  let candidate = day;
  // A year has fewer than 30 closed weekdays in a row in any sane calendar.
  for (let i = 0; i < 400; i++) {
    candidate = localDayOf(dayStart(candidate) + step * DAY_MS);
    if (isWorkingDay(candidate, calendar)) return candidate;
  }
  throw new Error('business calendar has no working day within a year');
}

interface Hours {
  opens: number;
  closes: number;
}

/** Opening and closing instants of a working day. */
function hoursOf(day: LocalDay, calendar: BusinessHours): Hours {
  const start = dayStart(day);
  return {
    opens: instantOf(start + calendar.opensAtMinute * MINUTE_MS, calendar.timeZone),
    closes: instantOf(start + calendar.closesAtMinute * MINUTE_MS, calendar.timeZone),
  };
}

/**
 * Adds business minutes to an instant.
 * @example addBusinessMinutes(new Date('2026-11-20T20:30:00Z'), 120) // Friday 17h30 in São Paulo (a holiday: 20 Nov)
 *   // → Monday 23/11 11h00 local = 2026-11-23T14:00:00Z
 */
export function addBusinessMinutes(from: Date, minutes: number, calendar: BusinessHours = businessHours): Date {
  let remaining = minutes * MINUTE_MS;
  let cursor = from.getTime();
  let day = localDayOf(wallClock(cursor, calendar.timeZone));
  if (!isWorkingDay(day, calendar)) {
    day = nextWorkingDay(day, 1, calendar);
    cursor = hoursOf(day, calendar).opens;
  }
  for (;;) {
    const { opens, closes } = hoursOf(day, calendar);
    if (cursor < opens) cursor = opens;
    const available = closes - cursor;
    if (available > 0 && remaining <= available) return new Date(cursor + remaining);
    if (available > 0) remaining -= available;
    day = nextWorkingDay(day, 1, calendar);
    cursor = hoursOf(day, calendar).opens;
  }
}

/**
 * When a lead created at `createdAt` has spent the reply promise.
 * @example replyDueAt(new Date('2026-11-23T13:00:00Z')) // Monday 10h00 → 2026-11-23T15:00:00Z (12h00)
 * @example replyDueAt(new Date('2026-11-27T20:30:00Z')) // Friday 17h30 → Monday 30/11 10h30 (13:30Z)
 */
export function replyDueAt(createdAt: Date, calendar: BusinessHours = businessHours): Date {
  return addBusinessMinutes(createdAt, calendar.replyPromiseMinutes, calendar);
}

/**
 * Whether a lead is past the reply promise at `now`: still `novo` and its due instant reached.
 * @example isReplyOverdue({ status: 'novo', createdAt: new Date('2026-11-23T13:00:00Z') }, new Date('2026-11-23T15:00:00Z')) // true
 */
export function isReplyOverdue(
  lead: { status: string; createdAt: Date },
  now: Date,
  calendar: BusinessHours = businessHours,
): boolean {
  return lead.status === 'novo' && replyDueAt(lead.createdAt, calendar).getTime() <= now.getTime();
}

/**
 * The latest creation instant whose reply is due by `now`: leads created at or before it
 * are overdue (while `novo`), later ones are not yet. Walks `replyPromiseMinutes` of
 * business time back from `now` (from the last closing when `now` is outside hours).
 * @example overdueCutoff(new Date('2026-11-23T14:00:00Z')) // Monday 11h00 → Monday 9h00 (12:00Z):
 *   // every lead from the weekend, due Monday 11h00, is overdue
 */
export function overdueCutoff(now: Date, calendar: BusinessHours = businessHours): Date {
  let remaining = calendar.replyPromiseMinutes * MINUTE_MS;
  let cursor = now.getTime();
  let day = localDayOf(wallClock(cursor, calendar.timeZone));
  if (!isWorkingDay(day, calendar)) {
    day = nextWorkingDay(day, -1, calendar);
    cursor = hoursOf(day, calendar).closes;
  }
  for (;;) {
    const { opens, closes } = hoursOf(day, calendar);
    if (cursor > closes) cursor = closes;
    const available = cursor - opens;
    if (available > 0 && remaining <= available) return new Date(cursor - remaining);
    if (available > 0) remaining -= available;
    day = nextWorkingDay(day, -1, calendar);
    cursor = hoursOf(day, calendar).closes;
  }
}

/** A working day's opening and closing, in epoch milliseconds. */
export interface WorkingSpan {
  opens: number;
  closes: number;
}

/**
 * The working days' hours from the São Paulo day of `from` to that of `to`, in order: the
 * calendar the sales reports' roll-up measures first contacts against in SQL
 * (src/server/inbox/lead-rollup.ts), and `businessSecondsBetween` below in code.
 */
export function workingSpans(from: Date, to: Date, calendar: BusinessHours = businessHours): WorkingSpan[] {
  const last = dayStart(localDayOf(wallClock(to.getTime(), calendar.timeZone)));
  const spans: WorkingSpan[] = [];
  for (let day = localDayOf(wallClock(from.getTime(), calendar.timeZone)); dayStart(day) <= last; ) {
    if (isWorkingDay(day, calendar)) spans.push(hoursOf(day, calendar));
    day = localDayOf(dayStart(day) + DAY_MS);
  }
  return spans;
}

/**
 * Business seconds from `from` to `to` (0 when `to` is not later): only the time inside
 * working hours counts, so a lead of Friday 17h30 answered Monday 9h30 waited 1 hour.
 * @example businessSecondsBetween(new Date('2026-11-27T20:30:00Z'), new Date('2026-11-30T12:30:00Z')) // 3600
 */
export function businessSecondsBetween(from: Date, to: Date, calendar: BusinessHours = businessHours): number {
  let ms = 0;
  for (const { opens, closes } of workingSpans(from, to, calendar)) {
    ms += Math.max(0, Math.min(closes, to.getTime()) - Math.max(opens, from.getTime()));
  }
  return ms / 1000;
}
