/*
 * The 2-hour reply promise in business hours (src/lib/reply-deadline.ts): due instants
 * around openings, closings, weekends and holidays, and the property the inbox's overdue
 * filter relies on — `replyDueAt(c) <= now` exactly when `c <= overdueCutoff(now)`.
 */
import { describe, expect, it } from 'vitest';
import { businessHours } from '~/lib/content-data';
import type { BusinessHours } from '~/lib/content-schemas';
import {
  addBusinessMinutes,
  businessSecondsBetween,
  closedDates,
  easterSunday,
  isReplyOverdue,
  overdueCutoff,
  replyDueAt,
} from '../../src/lib/reply-deadline';

/** São Paulo wall time (UTC−3, no daylight saving since 2019) as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);

describe('replyDueAt', () => {
  it.each([
    ['inside hours: 2 hours later', '2026-11-23T10:00:00', '2026-11-23T12:00:00'],
    ['at opening', '2026-11-23T09:00:00', '2026-11-23T11:00:00'],
    ['before opening: from 9h', '2026-11-23T06:12:00', '2026-11-23T11:00:00'],
    ['exactly 2 hours before closing: at closing', '2026-11-24T16:00:00', '2026-11-24T18:00:00'],
    ['late afternoon: the rest the next morning', '2026-11-24T17:30:00', '2026-11-25T10:30:00'],
    ['at closing sharp: from the next opening', '2026-11-24T18:00:00', '2026-11-25T11:00:00'],
    ['at night', '2026-11-24T23:59:00', '2026-11-25T11:00:00'],
    ['Friday afternoon: Monday morning', '2026-11-27T17:30:00', '2026-11-30T10:30:00'],
    ['Saturday: Monday 11h', '2026-11-28T12:00:00', '2026-11-30T11:00:00'],
    ['Sunday night: Monday 11h', '2026-11-29T23:00:00', '2026-11-30T11:00:00'],
    ['a holiday (Consciência Negra, Friday): Monday', '2026-11-20T10:00:00', '2026-11-23T11:00:00'],
    ['the day before a holiday: after it', '2026-11-19T17:00:00', '2026-11-23T10:00:00'],
    ['Sexta-feira Santa', '2026-04-03T10:00:00', '2026-04-06T11:00:00'],
    ['Corpus Christi (São Paulo) and the Friday after', '2026-06-04T10:00:00', '2026-06-05T11:00:00'],
    ['Christmas Eve afternoon: over Christmas', '2026-12-24T17:00:00', '2026-12-28T10:00:00'],
    ['New Year', '2026-12-31T17:30:00', '2027-01-04T10:30:00'],
    ['Carnaval Monday is a working day (ponto facultativo)', '2026-02-16T10:00:00', '2026-02-16T12:00:00'],
  ])('%s: %s → %s', (_case, created, due) => {
    expect(replyDueAt(sp(created)).toISOString()).toBe(sp(due).toISOString());
  });

  it('keeps milliseconds', () => {
    expect(replyDueAt(new Date(sp('2026-11-23T10:00:00').getTime() + 1)).getTime()).toBe(
      sp('2026-11-23T12:00:00').getTime() + 1,
    );
  });

  it('adds any number of business minutes, across days', () => {
    expect(addBusinessMinutes(sp('2026-11-23T17:00:00'), 11 * 60).toISOString()).toBe(
      sp('2026-11-25T10:00:00').toISOString(),
    );
  });
});

describe('the calendar', () => {
  it.each([
    [2024, 3, 31],
    [2025, 4, 20],
    [2026, 4, 5],
    [2027, 3, 28],
    [2038, 4, 25],
  ])('Easter %i is %i/%i', (year, month, day) => {
    expect(easterSunday(year)).toEqual({ year, month, day });
  });

  it('closes on national and São Paulo holidays, not on Carnaval', () => {
    const dates = closedDates(2026);
    for (const date of [
      '2026-01-01',
      '2026-01-25',
      '2026-04-03',
      '2026-04-21',
      '2026-06-04',
      '2026-07-09',
      '2026-11-20',
      '2026-12-25',
    ])
      expect(dates.has(date), date).toBe(true);
    expect(dates.has('2026-02-16')).toBe(false);
    expect(dates.has('2026-02-17')).toBe(false);
  });

  it('takes extra closed dates from the calendar', () => {
    const calendar: BusinessHours = { ...businessHours, extraClosedDates: ['2026-11-23'] };
    expect(replyDueAt(sp('2026-11-23T10:00:00'), calendar).toISOString()).toBe(sp('2026-11-24T11:00:00').toISOString());
  });

  it('reads local time through the zone, so another zone shifts the hours', () => {
    const calendar: BusinessHours = { ...businessHours, timeZone: 'Europe/Lisbon' };
    // 10h in Lisbon (UTC+0 in November) is 7h in São Paulo.
    expect(replyDueAt(new Date('2026-11-23T10:00:00Z'), calendar).toISOString()).toBe('2026-11-23T12:00:00.000Z');
  });

  it('follows a daylight-saving change inside the window', () => {
    // Lisbon moves to UTC+1 on 29 March 2026: Friday 17h00 (16:00Z) → Monday 10h00 (09:00Z).
    const calendar: BusinessHours = {
      ...businessHours,
      timeZone: 'Europe/Lisbon',
      fixedHolidays: [],
      easterHolidayOffsets: [],
    };
    expect(replyDueAt(new Date('2026-03-27T17:00:00Z'), calendar).toISOString()).toBe('2026-03-30T09:00:00.000Z');
  });
});

describe('isReplyOverdue', () => {
  const createdAt = sp('2026-11-23T10:00:00');
  it.each([
    ['novo', '2026-11-23T11:59:59', false],
    ['novo', '2026-11-23T12:00:00', true],
    ['novo', '2026-11-24T09:00:00', true],
    ['em_contato', '2026-11-24T09:00:00', false],
    ['descartado', '2026-11-30T09:00:00', false],
  ])('%s at %s → %s', (status, now, expected) => {
    expect(isReplyOverdue({ status, createdAt }, sp(now))).toBe(expected);
  });
});

describe('overdueCutoff', () => {
  it.each([
    ['Monday 11h: everything up to Monday 9h (the weekend included)', '2026-11-30T11:00:00', '2026-11-30T09:00:00'],
    ['Monday 10h: Friday 17h', '2026-11-30T10:00:00', '2026-11-27T17:00:00'],
    ['Saturday: Friday 16h', '2026-11-28T12:00:00', '2026-11-27T16:00:00'],
    ['before opening: the day before at 16h', '2026-11-25T07:00:00', '2026-11-24T16:00:00'],
    ['at opening sharp: the day before at 16h', '2026-11-25T09:00:00', '2026-11-24T16:00:00'],
    ['after a holiday', '2026-11-23T10:00:00', '2026-11-19T17:00:00'],
  ])('%s', (_case, now, cutoff) => {
    expect(overdueCutoff(sp(now)).toISOString()).toBe(sp(cutoff).toISOString());
  });

  it('agrees with replyDueAt on random pairs: due <= now exactly when created <= cutoff', () => {
    // A seeded generator, so a failure can be replayed.
    let seed = 20261122;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const start = sp('2026-11-01T00:00:00').getTime();
    const span = 70 * 86_400_000;
    // Round to whole minutes half the time, so boundaries (9h00, 18h00) are hit often.
    const pick = () => {
      const ms = start + Math.floor(random() * span);
      return new Date(random() < 0.5 ? Math.round(ms / 1_800_000) * 1_800_000 : ms);
    };
    const mismatches: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const created = pick();
      const now =
        random() < 0.5 ? pick() : new Date(replyDueAt(created).getTime() + Math.round((random() - 0.5) * 4) * 1000);
      const byDue = replyDueAt(created).getTime() <= now.getTime();
      const byCutoff = created.getTime() <= overdueCutoff(now).getTime();
      if (byDue !== byCutoff) mismatches.push(`${created.toISOString()} / ${now.toISOString()}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('businessSecondsBetween', () => {
  const H = 3_600;
  it.each([
    ['inside one day', '2026-11-24T10:00:00', '2026-11-24T11:30:00', 1.5 * H],
    ['overnight: the evening and the night do not count', '2026-11-24T17:30:00', '2026-11-25T09:30:00', H],
    ['arrived at night, answered at opening', '2026-11-24T22:00:00', '2026-11-25T09:00:00', 0],
    ['arrived before opening', '2026-11-25T07:00:00', '2026-11-25T10:15:00', 1.25 * H],
    ['at closing sharp to the next opening', '2026-11-24T18:00:00', '2026-11-25T09:00:00', 0],
    ['over the weekend', '2026-11-27T17:00:00', '2026-11-30T10:00:00', 2 * H],
    ['within a weekend', '2026-11-28T10:00:00', '2026-11-29T20:00:00', 0],
    ['over a holiday (20/11, a Friday) and the weekend', '2026-11-19T17:00:00', '2026-11-23T10:00:00', 2 * H],
    ['on a holiday itself', '2026-11-20T10:00:00', '2026-11-20T16:00:00', 0],
    ['over Christmas', '2026-12-24T17:00:00', '2026-12-28T09:30:00', 1.5 * H],
    ['several whole days', '2026-11-23T09:00:00', '2026-11-25T18:00:00', 27 * H],
    ['backwards is none', '2026-11-24T12:00:00', '2026-11-24T10:00:00', 0],
  ])('%s: %s → %s', (_case, from, to, seconds) => {
    expect(businessSecondsBetween(sp(from), sp(to))).toBe(seconds);
  });

  it('is the inverse of addBusinessMinutes, from any hour', () => {
    for (let n = 0; n < 200; n++) {
      const from = new Date(sp('2026-11-23T09:00:00').getTime() + ((n * 7_919) % 200) * 3_600_000 + n * 60_000);
      const minutes = (n * 37) % 2_000;
      const to = addBusinessMinutes(from, minutes);
      // From outside hours both start at the next opening.
      expect(businessSecondsBetween(from, to)).toBe(minutes * 60);
    }
  });
});
