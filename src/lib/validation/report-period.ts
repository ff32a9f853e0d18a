/**
 * The reports' period in the URL (/admin/relatorios?de=…&ate=…&por=semana): São Paulo
 * calendar days, inclusive, read with the leads list's date parsing (`AAAA-MM-DD` from a
 * date input or `dd/mm/aaaa` typed), and the grouping of the leads-over-time chart.
 *
 * A URL is read as people leave it, so nothing here fails the page: a bad or reversed
 * date, or a period longer than MAX_REPORT_DAYS (which would make the chart and its table
 * unreadable and the queries slow), falls back to the default period — the last 30 days
 * up to today — with a pt-BR message saying so; an unknown grouping falls back to days.
 * One date alone is completed: `de` runs to today (or to itself when in the future), `ate`
 * starts 29 days earlier.
 */
import { reportPeriodMessages as m } from '~/messages/inbox/reports';
import { addDays, daySpan, REPORT_GROUPINGS, type ReportGrouping } from '../reports';
import { calendarDay } from './lead-filters';

/** Days in the default period (today included). */
export const DEFAULT_REPORT_DAYS = 30;
/** Longest period a report covers: two years, a leap day included. */
export const MAX_REPORT_DAYS = 731;

export interface ReportPeriod {
  /** First and last São Paulo day, `AAAA-MM-DD`, inclusive. */
  de: string;
  ate: string;
  por: ReportGrouping;
}

export interface ParsedReportPeriod {
  period: ReportPeriod;
  /** pt-BR message per URL param whose value was not used. */
  errors: Partial<Record<'de' | 'ate' | 'por', string>>;
}

/**
 * The default period: the 30 days up to `today` (a São Paulo day).
 * @example defaultReportPeriod('2026-11-23') // { de: '2026-10-25', ate: '2026-11-23', por: 'dia' }
 */
export function defaultReportPeriod(today: string): ReportPeriod {
  return { de: addDays(today, -(DEFAULT_REPORT_DAYS - 1)), ate: today, por: 'dia' };
}

/**
 * Reads the period from a URL's search params, `today` being the São Paulo day of now.
 * @example parseReportPeriod(new URLSearchParams('de=01/11/2026&ate=2026-11-15&por=semana'), '2026-11-23').period
 *   // { de: '2026-11-01', ate: '2026-11-15', por: 'semana' }
 * @example parseReportPeriod(new URLSearchParams('de=31/02/2026'), '2026-11-23').errors
 *   // { de: 'Data inválida. …' } (and the default period)
 */
export function parseReportPeriod(params: URLSearchParams, today: string): ParsedReportPeriod {
  const errors: ParsedReportPeriod['errors'] = {};
  const fallback = defaultReportPeriod(today);
  const read = (name: 'de' | 'ate') => {
    const raw = params.get(name)?.trim() ?? '';
    if (raw === '') return undefined;
    const day = calendarDay(raw);
    if (day === undefined) errors[name] = m.data;
    return day;
  };
  const rawDe = read('de');
  const rawAte = read('ate');

  const rawPor = params.get('por')?.trim() ?? '';
  let por: ReportGrouping = fallback.por;
  if ((REPORT_GROUPINGS as readonly string[]).includes(rawPor)) por = rawPor as ReportGrouping;
  else if (rawPor !== '') errors.por = m.por;

  if (errors.de || errors.ate) return { period: { ...fallback, por }, errors };
  const de = rawDe ?? (rawAte ? addDays(rawAte, -(DEFAULT_REPORT_DAYS - 1)) : fallback.de);
  const ate = rawAte ?? (rawDe ? (rawDe > today ? rawDe : today) : fallback.ate);
  if (de > ate) return { period: { ...fallback, por }, errors: { ...errors, ate: m.periodo } };
  if (daySpan(de, ate) > MAX_REPORT_DAYS) return { period: { ...fallback, por }, errors: { ...errors, ate: m.longo } };
  return { period: { de, ate, por }, errors };
}

/**
 * The canonical query of a period (defaults left out), for links and the form's round trip.
 * @example reportPeriodToSearchParams({ de: '2026-11-01', ate: '2026-11-15', por: 'semana' }).toString()
 *   // "de=2026-11-01&ate=2026-11-15&por=semana"
 */
export function reportPeriodToSearchParams(period: ReportPeriod): URLSearchParams {
  const params = new URLSearchParams({ de: period.de, ate: period.ate });
  if (period.por !== 'dia') params.set('por', period.por);
  return params;
}
