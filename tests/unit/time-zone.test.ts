/* São Paulo calendar days and wall clocks (src/lib/time-zone.ts), used by the inbox's date filters and reply deadline. */
import { describe, expect, it } from 'vitest';
import { instantOf, saoPauloDay, saoPauloDayStart, wallClock } from '../../src/lib/time-zone';

describe('time zones', () => {
  it('starts a São Paulo day at 03:00 UTC', () => {
    expect(saoPauloDayStart('2026-11-23').toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(saoPauloDayStart('2026-01-01').toISOString()).toBe('2026-01-01T03:00:00.000Z');
  });

  it('puts a late-evening instant on the São Paulo day it is there', () => {
    expect(saoPauloDay(new Date('2026-11-24T02:59:59Z'))).toBe('2026-11-23');
    expect(saoPauloDay(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-24');
  });

  it('inverts the wall clock across a daylight-saving change', () => {
    // The hour repeated when clocks go back has two instants, so it is left out (São Paulo has none).
    for (const iso of [
      '2026-03-29T00:30:00Z',
      '2026-03-29T01:30:00Z',
      '2026-10-24T23:30:00Z',
      '2026-10-25T02:30:00Z',
    ]) {
      const instant = Date.parse(iso);
      expect(instantOf(wallClock(instant, 'Europe/Lisbon'), 'Europe/Lisbon'), iso).toBe(instant);
    }
  });
});
