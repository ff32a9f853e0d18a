/**
 * Arithmetic of the visit reports (/admin/visitas), shared by the page, its CSV and the
 * tests: the dimensions, the visit→lead rate, the funnel's drop-off, the comparison with
 * the previous period. Pure code.
 */
import { addDays, daySpan } from './reports';

/** What a report row counts (sums of the daily roll-ups). */
export interface VisitCounts {
  /** Page views. */
  views: number;
  /** Unique visitors (per day: a visitor key lives one day). */
  visitors: number;
  /** Visitors who opened the lead dialog, started the form, and leads saved. */
  openers: number;
  starters: number;
  leads: number;
}

export interface VisitRow extends VisitCounts {
  value: string;
}

/** The breakdowns, in the page's order; each is a column of analytics_daily. */
export const VISIT_DIMENSIONS = ['pagina', 'origem', 'midia', 'campanha', 'parceiro', 'cta', 'dispositivo'] as const;
export type VisitDimension = (typeof VISIT_DIMENSIONS)[number];

/** The roll-up column each dimension reads. */
export const VISIT_DIMENSION_COLUMNS: Record<VisitDimension, string> = {
  pagina: 'path',
  origem: 'source',
  midia: 'medium',
  campanha: 'campaign',
  parceiro: 'partner',
  cta: 'cta',
  dispositivo: 'device',
};

/** Filters the URL may carry (`?origem=…&campanha=…`), each an exact value of its dimension. */
export const VISIT_FILTERS = ['pagina', 'origem', 'campanha', 'parceiro'] as const;
export type VisitFilter = (typeof VISIT_FILTERS)[number];
export type VisitFilters = Partial<Record<VisitFilter, string>>;

/** The filters of a URL: known names only, values trimmed and capped; empty ones dropped. */
export function parseVisitFilters(params: URLSearchParams): VisitFilters {
  const filters: VisitFilters = {};
  for (const name of VISIT_FILTERS) {
    const value = (params.get(name) ?? '').trim().slice(0, 300);
    if (value) filters[name] = value;
  }
  return filters;
}

export const emptyCounts = (): VisitCounts => ({ views: 0, visitors: 0, openers: 0, starters: 0, leads: 0 });

/**
 * Leads per visitor, between 0 and 1; null without visitors. Leads come from the form, visits
 * from the beacon, which misses some visitors (blockers, no JavaScript): the leads beyond the
 * visitors counted are left out of the rate and shown apart (`leadsWithoutVisit`), so it
 * never reads above 100 %.
 * @example visitRate({ visitors: 3, leads: 1 }) // 0.333…
 * @example visitRate({ visitors: 1, leads: 7 }) // 1 (and 6 leads without a counted visit)
 */
export function visitRate(counts: Pick<VisitCounts, 'visitors' | 'leads'>): number | null {
  return counts.visitors > 0 ? Math.min(counts.leads, counts.visitors) / counts.visitors : null;
}

/**
 * The leads beyond the visitors counted: at least that many came from visits the beacon did
 * not count, and the rate leaves them out.
 * @example leadsWithoutVisit({ visitors: 1, leads: 7 }) // 6
 */
export function leadsWithoutVisit(counts: Pick<VisitCounts, 'visitors' | 'leads'>): number {
  return Math.max(0, counts.leads - counts.visitors);
}

export interface FunnelStep {
  key: 'visitors' | 'openers' | 'starters' | 'leads';
  count: number;
  /** Share of the previous step that did not go on (0–1); null for the first step or after an empty one. */
  dropOff: number | null;
}

/**
 * The funnel viewed → dialog opened → form started → lead sent, with each step's drop-off.
 * @example funnel({ views: 4, visitors: 3, openers: 1, starters: 1, leads: 1 }).map((s) => s.count) // [3, 1, 1, 1]
 */
export function funnel(counts: VisitCounts): FunnelStep[] {
  const keys = ['visitors', 'openers', 'starters', 'leads'] as const;
  return keys.map((key, index) => {
    const previous = index === 0 ? null : counts[keys[index - 1]!];
    const count = counts[key];
    return { key, count, dropOff: previous ? Math.max(0, (previous - count) / previous) : null };
  });
}

/**
 * The period just before a period of the same length.
 * @example previousPeriod('2026-11-01', '2026-11-30') // { de: '2026-10-02', ate: '2026-10-31' }
 */
export function previousPeriod(de: string, ate: string): { de: string; ate: string } {
  const length = daySpan(de, ate);
  return { de: addDays(de, -length), ate: addDays(de, -1) };
}

/**
 * The change from `before` to `now` as a fraction (0.5 = +50 %); null when `before` is 0.
 * @example change(150, 100) // 0.5
 */
export function change(now: number, before: number): number | null {
  return before > 0 ? (now - before) / before : null;
}
