/*
 * The reports' pure arithmetic (src/lib/reports.ts): empty days filled, days folded into
 * Monday–Sunday weeks cut to the period, rates and pt-BR figures, the partner ranking and
 * the chart's round axis.
 */
import { describe, expect, it } from 'vitest';
import {
  addDays,
  axisScale,
  bucketLabel,
  buckets,
  byLeads,
  conversionRate,
  promiseRate,
  daySpan,
  fillDays,
  formatCount,
  formatDuration,
  formatPercent,
  partnerLeaderboard,
  totals,
  weekStart,
} from '../../src/lib/reports';
import { FOLDED } from '../../src/lib/attribution';

const rows = [
  { day: '2026-11-20', leads: 3, conversions: 1 },
  { day: '2026-11-23', leads: 5, conversions: 2 },
  { day: '2026-11-29', leads: 2, conversions: 0 },
];

describe('days and weeks', () => {
  it('walks calendar days across months, leap days and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daySpan('2026-01-01', '2026-12-31')).toBe(365);
    expect(daySpan('2026-11-23', '2026-11-23')).toBe(1);
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
  });

  it('fills every day of the period, zero where nothing came', () => {
    const days = fillDays('2026-11-19', '2026-11-24', rows);
    expect(days.map((day) => day.day)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(days.map((day) => day.leads)).toEqual([0, 3, 0, 0, 5, 0]);
    expect(totals(days)).toEqual({ leads: 8, conversions: 3 });
  });

  it('folds days into weeks cut to the period', () => {
    expect(buckets('2026-11-20', '2026-12-01', rows, 'semana')).toEqual([
      { start: '2026-11-20', end: '2026-11-22', leads: 3, conversions: 1 },
      { start: '2026-11-23', end: '2026-11-29', leads: 7, conversions: 2 },
      { start: '2026-11-30', end: '2026-12-01', leads: 0, conversions: 0 },
    ]);
    expect(buckets('2026-11-20', '2026-11-21', rows, 'dia')).toEqual([
      { start: '2026-11-20', end: '2026-11-20', leads: 3, conversions: 1 },
      { start: '2026-11-21', end: '2026-11-21', leads: 0, conversions: 0 },
    ]);
  });

  it('names buckets short for the axis and long for the table', () => {
    expect(bucketLabel({ start: '2026-11-23', end: '2026-11-29' }, 'short')).toBe('23/11–29/11');
    expect(bucketLabel({ start: '2026-11-23', end: '2026-11-29' }, 'long')).toBe('23/11/2026 a 29/11/2026');
    expect(bucketLabel({ start: '2026-11-23', end: '2026-11-23' }, 'long')).toBe('23/11/2026');
  });
});

describe('rates and pt-BR figures', () => {
  it('divides conversions by all leads, none without leads', () => {
    expect(conversionRate({ leads: 8, conversions: 1 })).toBe(0.125);
    expect(conversionRate({ leads: 0, conversions: 0 })).toBeNull();
    // Answered within 2 business hours ÷ every lead of the period (an unanswered one counts against).
    expect(promiseRate({ leads: 8, withinPromise: 7 })).toBe(0.875);
    expect(formatPercent(promiseRate({ leads: 8, withinPromise: 7 }))).toBe('87,5%');
    expect(promiseRate({ leads: 3, withinPromise: 0 })).toBe(0);
    expect(promiseRate({ leads: 0, withinPromise: 0 })).toBeNull();
  });

  it('formats percentages, counts and durations the Brazilian way', () => {
    expect(formatPercent(0.125)).toBe('12,5%');
    expect(formatPercent(1 / 3)).toBe('33,3%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(null)).toBe('—');
    expect(formatCount(100000)).toBe('100.000');
    expect(formatDuration(29)).toBe('menos de 1 min');
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(5400)).toBe('1 h 30 min');
    expect(formatDuration(7200)).toBe('2 h');
    expect(formatDuration(2 * 86400 + 5 * 3600 + 10)).toBe('2 d 5 h');
    expect(formatDuration(86400)).toBe('1 d');
  });
});

describe('rankings', () => {
  it('orders breakdowns by leads, then by value', () => {
    const sorted = byLeads([
      { value: 'b', leads: 2, conversions: 0 },
      { value: 'c', leads: 9, conversions: 0 },
      { value: 'a', leads: 2, conversions: 1 },
    ]);
    expect(sorted.map((row) => row.value)).toEqual(['c', 'a', 'b']);
  });

  it('ranks partners by conversions, then rate, then leads; ties share a position; no partner left out', () => {
    const board = partnerLeaderboard([
      { value: '', leads: 50, conversions: 20 },
      { value: FOLDED, leads: 40, conversions: 10 },
      { value: 'ana', leads: 10, conversions: 2 },
      { value: 'bia', leads: 4, conversions: 2 },
      { value: 'caio', leads: 4, conversions: 2 },
      { value: 'davi', leads: 30, conversions: 3 },
      { value: 'eva', leads: 1, conversions: 0 },
    ]);
    expect(board.map((row) => [row.position, row.value, row.rate])).toEqual([
      [1, 'davi', 0.1],
      [2, 'bia', 0.5],
      [2, 'caio', 0.5],
      [4, 'ana', 0.2],
      [5, 'eva', 0],
    ]);
  });
});

describe('axisScale', () => {
  it('rounds the top up to 1, 2 or 5 × a power of ten, with whole gridlines', () => {
    expect(axisScale(37)).toEqual({ max: 40, ticks: [0, 10, 20, 30, 40] });
    expect(axisScale(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(axisScale(3)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
    expect(axisScale(1234).max).toBeGreaterThanOrEqual(1234);
    for (const highest of [1, 7, 19, 101, 999, 5432]) {
      const { max, ticks } = axisScale(highest);
      expect(max).toBeGreaterThanOrEqual(highest);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)).toBe(max);
    }
  });
});
