import { describe, expect, it } from 'vitest';
import {
  formatBRL,
  formatCalendarDate,
  formatDate,
  formatDateHourMinute,
  formatDateTime,
} from '../../src/lib/br-format';

describe.each([
  [0, 'R$ 0,00'],
  [490, 'R$ 4,90'],
  [25_000, 'R$ 250,00'],
  [148_800, 'R$ 1.488,00'],
  [149_090, 'R$ 1.490,90'],
  [123_456_789, 'R$ 1.234.567,89'],
])('formatBRL(%i)', (cents, expected) => {
  it(`is ${expected}`, () => expect(formatBRL(cents)).toBe(expected.replace(' ', '\u00a0')));
});

describe('dates', () => {
  it('formats dd/mm/aaaa in São Paulo time, even late in the UTC day', () => {
    expect(formatDate(new Date('2026-03-01T02:30:00Z'))).toBe('28/02/2026');
  });
  it('formats a date-time for e-mails', () => {
    expect(formatDateTime(new Date('2026-01-05T15:04:05Z'))).toBe('05/01/2026, 12:04:05');
  });
  it('formats dd/mm/aaaa hh:mm for the admin lists, midnight as 00', () => {
    expect(formatDateHourMinute(new Date('2026-01-05T15:04:05Z'))).toBe('05/01/2026 12:04');
    expect(formatDateHourMinute(new Date('2026-01-05T03:00:00Z'))).toBe('05/01/2026 00:00');
  });
  it('keeps a content calendar date as written', () => {
    expect(formatCalendarDate(new Date('2025-06-10'))).toBe('10/06/2025');
  });
});
