/*
 * The visit report's tables, one definition each, used by the page (src/pages/admin/visitas)
 * to render them and by its CSV endpoint to write them: the same rows, columns and labels,
 * so a downloaded file is exactly the table on screen. Cells are text or numbers; the page
 * formats numbers in pt-BR, the CSV writes them bare.
 */
import { partnerDefaults, partners } from '~/lib/content-data';
import { visitsCopy as c } from '~/messages/visits';
import { partnerDisplayName } from '~/lib/partner';
import { formatDay } from '~/lib/reports';
import { funnel, VISIT_DIMENSIONS, visitRate, type VisitDimension, type VisitRow } from '~/lib/visit-report';
import type { VisitReport } from './visit-report';
import { FOLDED } from '~/lib/attribution';
import { ctaLabel } from '~/lib/cta-labels';
import { OTHER_PATH } from './site-values';

/** A cell: text, a count, or a rate (0–1, null when undefined). */
export type Cell = { text: string } | { count: number } | { rate: number | null };

export interface VisitTable {
  /** Its name in the URL (`?tabela=`) and in the page's ids. */
  name: string;
  title: string;
  headers: string[];
  rows: Cell[][];
}

export const VISIT_TABLES = [...VISIT_DIMENSIONS, 'funil', 'ranking', 'dias'] as const;
export type VisitTableName = (typeof VISIT_TABLES)[number];

const partnerName = (slug: string) => partnerDisplayName(partners, slug, partnerDefaults.fallbackName);

/**
 * Rows a table shows on the page: the first, most visited ones. Each dimension holds at
 * most MAX_VALUES_PER_DAY values a day, but a period sums many days; the page stays small
 * whatever the traffic, and the CSV has every row.
 */
export const PAGE_ROWS = 20;

/** The rows a table shows on the page: the first PAGE_ROWS, or every one when `all`. */
export const pageRows = (table: VisitTable, all = false): Cell[][] =>
  all ? table.rows : table.rows.slice(0, PAGE_ROWS);

/** The label of a dimension's value ('' → "(sem …)", a slug → a name, a device or button → pt-BR, folded → "Outros"). */
export function valueLabel(dimension: VisitDimension, value: string): string {
  if (!value) return c.none[dimension];
  if (value === FOLDED) return c.folded;
  if (value === OTHER_PATH) return c.otherPath;
  if (dimension === 'parceiro') return partnerName(value);
  if (dimension === 'dispositivo') return c.devices[value] ?? value;
  if (dimension === 'cta') return ctaLabel(value);
  return value;
}

const countCells = (row: VisitRow): Cell[] => [
  { count: row.visitors },
  { count: row.views },
  { count: row.openers },
  { count: row.starters },
  { count: row.leads },
  { rate: visitRate(row) },
];
const COUNT_HEADERS = [
  c.columns.visitors,
  c.columns.views,
  c.columns.openers,
  c.columns.starters,
  c.columns.leads,
  c.columns.rate,
];

/** Partners with visits or leads (known ones: not "none", not folded), most leads first, then the better rate, then more visits. */
export function partnerRanking(rows: readonly VisitRow[]): VisitRow[] {
  return rows
    .filter((row) => row.value !== '' && row.value !== FOLDED)
    .slice()
    .sort(
      (a, b) =>
        b.leads - a.leads ||
        (visitRate(b) ?? 0) - (visitRate(a) ?? 0) ||
        b.visitors - a.visitors ||
        a.value.localeCompare(b.value),
    );
}

/** Every table of a report, in the page's order. */
export function visitTables(report: VisitReport): VisitTable[] {
  const dimensionTables = VISIT_DIMENSIONS.map((dimension): VisitTable => ({
    name: dimension,
    title: c.dimensions[dimension],
    headers: [c.dimensionHeader[dimension], ...COUNT_HEADERS],
    rows: report.breakdowns[dimension].map((row) => [{ text: valueLabel(dimension, row.value) }, ...countCells(row)]),
  }));
  const steps = ['visitors', 'openers', 'starters', 'leads'] as const;
  const funnelTable: VisitTable = {
    name: 'funil',
    title: c.funnel.title,
    headers: [
      c.dimensionHeader.pagina,
      ...steps.flatMap((key, index) =>
        index === 0 ? [c.funnel.steps[key]] : [c.funnel.steps[key], `${c.funnel.dropOff}: ${c.funnel.steps[key]}`],
      ),
    ],
    rows: report.breakdowns.pagina.map((row) => [
      { text: valueLabel('pagina', row.value) },
      ...funnel(row).flatMap((step, index): Cell[] =>
        index === 0 ? [{ count: step.count }] : [{ count: step.count }, { rate: step.dropOff }],
      ),
    ]),
  };
  const ranking: VisitTable = {
    name: 'ranking',
    title: c.leaderboard.title,
    headers: [c.columns.position, c.dimensionHeader.parceiro, c.columns.visitors, c.columns.leads, c.columns.rate],
    rows: partnerRanking(report.breakdowns.parceiro).map((row, index) => [
      { text: `${index + 1}º` },
      { text: partnerName(row.value) },
      { count: row.visitors },
      { count: row.leads },
      { rate: visitRate(row) },
    ]),
  };
  const days: VisitTable = {
    name: 'dias',
    title: c.days,
    headers: [c.columns.day, c.columns.visitors, c.columns.views, c.columns.leads, c.columns.rate],
    rows: report.days.map((day) => [
      { text: formatDay(day.day) },
      { count: day.visitors },
      { count: day.views },
      { count: day.leads },
      { rate: visitRate(day) },
    ]),
  };
  return [...dimensionTables, funnelTable, ranking, days];
}
