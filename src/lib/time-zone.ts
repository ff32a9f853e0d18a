/**
 * Wall-clock arithmetic in a named time zone (America/Sao_Paulo for the sales team)
 * through Intl, never with a fixed offset: Brazil has had no daylight saving time since
 * 2019, but nothing here would need to change if it came back.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * The wall clock in `timeZone` at an instant, as milliseconds of a UTC date showing the same figures.
 * @example new Date(wallClock(Date.parse('2026-11-23T12:00:00Z'), 'America/Sao_Paulo')).toISOString() // "2026-11-23T09:00:00.000Z"
 */
export function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const ms = instant - Math.floor(instant / 1000) * 1000;
  return (
    Date.UTC(parts['year']!, parts['month']! - 1, parts['day']!, parts['hour']!, parts['minute']!, parts['second']!) +
    ms
  );
}

/**
 * The instant at which the wall clock in `timeZone` shows `wall` (the inverse of wallClock).
 * @example new Date(instantOf(Date.UTC(2026, 10, 23, 9), 'America/Sao_Paulo')).toISOString() // "2026-11-23T12:00:00.000Z"
 */
export function instantOf(wall: number, timeZone: string): number {
  let guess = wall - (wallClock(wall, timeZone) - wall);
  // A second pass settles the offset when the first guess crossed an offset change.
  guess = wall - (wallClock(guess, timeZone) - guess);
  return guess;
}

export const SAO_PAULO = 'America/Sao_Paulo';

/**
 * The instant a calendar day (`AAAA-MM-DD`) starts in São Paulo.
 * @example saoPauloDayStart('2026-11-23').toISOString() // "2026-11-23T03:00:00.000Z"
 */
export function saoPauloDayStart(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(instantOf(Date.UTC(year, month - 1, day), SAO_PAULO));
}

/**
 * The calendar day (`AAAA-MM-DD`) an instant falls on in São Paulo.
 * @example saoPauloDay(new Date('2026-11-24T02:00:00Z')) // "2026-11-23"
 */
export function saoPauloDay(instant: Date): string {
  return new Date(wallClock(instant.getTime(), SAO_PAULO)).toISOString().slice(0, 10);
}
