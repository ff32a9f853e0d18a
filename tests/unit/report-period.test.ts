/*
 * The reports' period in the URL (src/lib/validation/report-period.ts): São Paulo days in
 * either spelling, the default last 30 days, and every bad value answered with a pt-BR
 * message and the default period instead of a failure.
 */
import { describe, expect, it } from 'vitest';
import { reportPeriodMessages as m } from '~/messages/inbox/reports';
import {
  defaultReportPeriod,
  parseReportPeriod,
  reportPeriodToSearchParams,
} from '../../src/lib/validation/report-period';

const TODAY = '2026-11-23';
const parse = (query: string) => parseReportPeriod(new URLSearchParams(query), TODAY);
const DEFAULT = defaultReportPeriod(TODAY);

describe('parseReportPeriod', () => {
  it('defaults to the last 30 days by day', () => {
    expect(DEFAULT).toEqual({ de: '2026-10-25', ate: '2026-11-23', por: 'dia' });
    expect(parse('')).toEqual({ period: DEFAULT, errors: {} });
  });

  it('reads both date spellings and the grouping', () => {
    expect(parse('de=01/11/2026&ate=2026-11-15&por=semana')).toEqual({
      period: { de: '2026-11-01', ate: '2026-11-15', por: 'semana' },
      errors: {},
    });
  });

  it('completes a period given by one end', () => {
    expect(parse('de=2026-11-01').period).toEqual({ de: '2026-11-01', ate: TODAY, por: 'dia' });
    expect(parse('de=2026-12-10').period).toEqual({ de: '2026-12-10', ate: '2026-12-10', por: 'dia' });
    expect(parse('ate=2026-06-30').period).toEqual({ de: '2026-06-01', ate: '2026-06-30', por: 'dia' });
  });

  it('falls back to the default period with a pt-BR message for bad dates', () => {
    expect(parse('de=31/02/2026')).toEqual({ period: DEFAULT, errors: { de: m.data } });
    expect(parse('de=2026-11-01&ate=amanha')).toEqual({ period: DEFAULT, errors: { ate: m.data } });
    expect(parse('de=1999-12-31')).toEqual({ period: DEFAULT, errors: { de: m.data } });
    expect(parse('de=2026-11-30&ate=2026-11-01')).toEqual({ period: DEFAULT, errors: { ate: m.periodo } });
    expect(parse('de=2024-11-22&ate=2026-11-23')).toEqual({ period: DEFAULT, errors: { ate: m.longo } });
    expect(parse('de=2024-11-23&ate=2026-11-23').errors).toEqual({});
  });

  it('groups by day for an unknown grouping, keeping the dates', () => {
    expect(parse('de=2026-11-01&ate=2026-11-02&por=mes')).toEqual({
      period: { de: '2026-11-01', ate: '2026-11-02', por: 'dia' },
      errors: { por: m.por },
    });
    expect(parse('de=x&por=semana').period).toEqual({ ...DEFAULT, por: 'semana' });
  });

  it('writes the canonical query back', () => {
    const period = { de: '2026-11-01', ate: '2026-11-15', por: 'semana' as const };
    const params = reportPeriodToSearchParams(period);
    expect(params.toString()).toBe('de=2026-11-01&ate=2026-11-15&por=semana');
    expect(parseReportPeriod(params, TODAY).period).toEqual(period);
    expect(reportPeriodToSearchParams(DEFAULT).toString()).toBe('de=2026-10-25&ate=2026-11-23');
  });
});
