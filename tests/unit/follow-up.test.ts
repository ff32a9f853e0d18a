/*
 * A next step's place in the day (src/lib/follow-up.ts) on São Paulo's calendar, at the
 * edges where UTC and São Paulo disagree on the date: 21h–24h local is already tomorrow in
 * UTC. Also the `datetime-local` value read in São Paulo and back, and the business days the
 * morning digest goes out on (src/lib/reply-deadline.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  followUpState,
  localDateTimeInstant,
  localDateTimeValue,
  suggestedDueValue,
  todayBounds,
} from '~/lib/follow-up';
import { isBusinessDay } from '~/lib/reply-deadline';

const at = (iso: string) => new Date(iso);

describe("today's bounds in São Paulo", () => {
  it('runs from local midnight to local midnight, whatever the UTC date', () => {
    // 23h30 on 23/11 in São Paulo is already 24/11 in UTC.
    const bounds = todayBounds(at('2026-11-24T02:30:00Z'));
    expect(bounds.start.toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(bounds.end.toISOString()).toBe('2026-11-24T03:00:00.000Z');
  });

  it('starts a new day at local midnight exactly', () => {
    expect(todayBounds(at('2026-11-24T03:00:00Z')).start.toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(todayBounds(at('2026-11-24T02:59:59.999Z')).start.toISOString()).toBe('2026-11-23T03:00:00.000Z');
  });

  it('crosses a month and a year end', () => {
    const bounds = todayBounds(at('2027-01-01T02:00:00Z'));
    expect(bounds.start.toISOString()).toBe('2026-12-31T03:00:00.000Z');
    expect(bounds.end.toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });
});

describe('where a next step stands', () => {
  const now = at('2026-11-23T20:00:00Z'); // 17h00 on Monday 23/11 in São Paulo

  it('is overdue from its instant on, today or on an earlier day', () => {
    expect(followUpState(now, now)).toBe('atrasado');
    expect(followUpState(at('2026-11-23T19:59:00Z'), now)).toBe('atrasado');
    expect(followUpState(at('2026-11-20T12:00:00Z'), now)).toBe('atrasado');
  });

  it('is today until local midnight, although UTC has turned the date at 21h', () => {
    expect(followUpState(at('2026-11-23T20:01:00Z'), now)).toBe('hoje');
    expect(followUpState(at('2026-11-24T02:59:00Z'), now)).toBe('hoje'); // 23h59 local
  });

  it('is later from local midnight on', () => {
    expect(followUpState(at('2026-11-24T03:00:00Z'), now)).toBe('depois');
    expect(followUpState(at('2026-11-25T12:00:00Z'), now)).toBe('depois');
  });

  it('at 23h30 local, a step at 00h30 is tomorrow even though UTC calls both the same date', () => {
    const late = at('2026-11-24T02:30:00Z');
    expect(followUpState(at('2026-11-24T03:30:00Z'), late)).toBe('depois');
    expect(followUpState(at('2026-11-24T02:45:00Z'), late)).toBe('hoje');
  });
});

describe('the form field, read in São Paulo', () => {
  it('turns a local date and time into its instant and back', () => {
    expect(localDateTimeInstant('2026-11-23T21:30')?.toISOString()).toBe('2026-11-24T00:30:00.000Z');
    expect(localDateTimeValue(at('2026-11-24T00:30:00Z'))).toBe('2026-11-23T21:30');
    expect(localDateTimeInstant('2026-02-28T00:00')?.toISOString()).toBe('2026-02-28T03:00:00.000Z');
  });

  it('refuses what names no real minute', () => {
    for (const value of ['2026-02-31T10:00', '2026-11-23T24:00', '2026-11-23T10:60', '23/11/2026 10:00', '']) {
      expect(localDateTimeInstant(value), value).toBeUndefined();
    }
  });

  it('suggests the next whole hour', () => {
    expect(suggestedDueValue(at('2026-11-23T13:20:00Z'))).toBe('2026-11-23T11:00');
    expect(suggestedDueValue(at('2026-11-24T02:10:00Z'))).toBe('2026-11-24T00:00');
  });
});

describe('the digest goes out on business days', () => {
  it('on a weekday, not on a weekend or a holiday, by the São Paulo date', () => {
    expect(isBusinessDay(at('2026-11-23T10:30:00Z'))).toBe(true); // Monday
    expect(isBusinessDay(at('2026-11-21T10:30:00Z'))).toBe(false); // Saturday
    expect(isBusinessDay(at('2026-11-20T10:30:00Z'))).toBe(false); // Consciência Negra
    // 22h on Friday 27/11 in São Paulo is Saturday in UTC: still Friday here.
    expect(isBusinessDay(at('2026-11-28T01:00:00Z'))).toBe(true);
  });
});
