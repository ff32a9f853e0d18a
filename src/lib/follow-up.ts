/**
 * A lead's "Próximo passo": when to get back to the person, and how. Pure arithmetic shared
 * by the lead page, the "Hoje" view and the morning digest, on São Paulo's calendar day
 * (./time-zone.ts reads it through Intl, never with a fixed −03:00):
 *
 * - `atrasado` once its instant has passed (`dueAt <= now`): it was not done in time;
 * - `hoje` while still ahead today (São Paulo's day of `now`);
 * - `depois` from tomorrow on.
 *
 * "Hoje" lists the first two, which one query answers: `due_at < todayBounds(now).end`.
 */
import { instantOf, SAO_PAULO, saoPauloDay, saoPauloDayStart, wallClock } from './time-zone';

/** How the salesperson will get back to the lead, in the form's order. */
export const FOLLOW_UP_KINDS = ['ligar', 'whatsapp', 'email', 'reuniao'] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

/** The optional note's bound: a reminder, not a second note box. */
export const MAX_FOLLOW_UP_NOTE_LENGTH = 140;

/** How far ahead (or behind) a next step may be set, in days. */
export const MAX_FOLLOW_UP_DAYS = 366;

export type FollowUpState = 'atrasado' | 'hoje' | 'depois';

const DAY_MS = 86_400_000;

/**
 * São Paulo's calendar day of `now`, as the instants it starts and ends (end excluded).
 * @example todayBounds(new Date('2026-11-24T02:30:00Z')) // 23/11 in São Paulo: { start: 2026-11-23T03:00Z, end: 2026-11-24T03:00Z }
 */
export function todayBounds(now: Date): { start: Date; end: Date } {
  const start = saoPauloDayStart(saoPauloDay(now));
  const next = saoPauloDay(new Date(start.getTime() + DAY_MS + DAY_MS / 2));
  return { start, end: saoPauloDayStart(next) };
}

/**
 * Where a next step stands at `now`.
 * @example followUpState(new Date('2026-11-24T02:30:00Z'), new Date('2026-11-23T20:00:00Z')) // 'hoje' (23h30 the same day)
 */
export function followUpState(dueAt: Date, now: Date): FollowUpState {
  if (dueAt.getTime() <= now.getTime()) return 'atrasado';
  return dueAt.getTime() < todayBounds(now).end.getTime() ? 'hoje' : 'depois';
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a `datetime-local` field's value (`AAAA-MM-DDTHH:mm`) names in São Paulo, or
 * undefined when it names no real minute (31/02, 24h00).
 * @example localDateTimeInstant('2026-11-23T21:30')?.toISOString() // "2026-11-24T00:30:00.000Z"
 */
export function localDateTimeInstant(value: string): Date | undefined {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return undefined;
  return new Date(instantOf(wall, SAO_PAULO));
}

/**
 * An instant as a `datetime-local` field's value in São Paulo (the inverse of localDateTimeInstant).
 * @example localDateTimeValue(new Date('2026-11-24T00:30:00Z')) // "2026-11-23T21:30"
 */
export function localDateTimeValue(instant: Date): string {
  return new Date(wallClock(instant.getTime(), SAO_PAULO)).toISOString().slice(0, 16);
}

/**
 * What the form offers when the lead has no next step yet: the next whole hour, today.
 * @example suggestedDueValue(new Date('2026-11-23T13:20:00Z')) // "2026-11-23T11:00"
 */
export function suggestedDueValue(now: Date): string {
  const hour = Math.floor(now.getTime() / 3_600_000 + 1) * 3_600_000;
  return localDateTimeValue(new Date(hour));
}
