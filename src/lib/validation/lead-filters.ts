/**
 * The leads list's view as URL search params: filters, search, order and
 * page live in the URL so a view can be bookmarked and shared. `parseLeadFilters` reads a
 * URL as people leave it — hand-edited, truncated, from an older version — so a bad value
 * never fails the page: it is dropped (the list shows as if it were absent) and reported
 * with a pt-BR message beside the filter. `leadFiltersToSearchParams` writes the canonical
 * URL back (defaults omitted, fixed order), and parsing it gives the same filters.
 *
 * | param                                 | meaning                                                   |
 * | ------------------------------------- | --------------------------------------------------------- |
 * | `status` (repeatable)                 | novo, em_contato, qualificado, convertido, descartado      |
 * | `tipo` (repeatable)                   | proprietario, corretor, administrador, imobiliaria         |
 * | `utm_source`, `utm_medium`, `utm_campaign`, `parceiro`, `cta`, `origem` | exact value (origem: page of origin) |
 * | `de`, `ate`                           | São Paulo calendar days, inclusive (AAAA-MM-DD or dd/mm/aaaa) |
 * | `q`                                   | free text over name, e-mail, phone and empresa (lib/search-text) |
 * | `atrasados=1`                         | only leads past the reply promise (lib/reply-deadline)    |
 * | `responsavel`                         | `eu` (the signed-in member's: "Meus leads"), `todos` (everyone's, said outright), `nenhum`, or an account id |
 * | `ordem`                               | prioridade (default: waiting for a first reply first — new and overdue alike — each group newest first), recentes, antigos, nome, nome_desc |
 * | `pagina`                              | 1-based page                                              |
 */
import { leadFilterMessages as m } from '~/messages/inbox/leads-list';
import { LEAD_STATUSES, type LeadStatus } from '../lead-pipeline';
import { LEAD_TIPOS, type LeadTipo } from './lead';
import { singleLine } from './text';
import { z } from './zod';

export const LEAD_SORTS = ['prioridade', 'recentes', 'antigos', 'nome', 'nome_desc'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** Rows on one page of the list. */
export const LEADS_PAGE_SIZE = 50;
/** Beyond this page nobody browses; a search narrows better. */
export const MAX_LEADS_PAGE = 2000;
export const MAX_SEARCH_QUERY_LENGTH = 200;
const MAX_FILTER_TEXT = 200;

export interface LeadFilters {
  status: LeadStatus[];
  tipo: LeadTipo[];
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  parceiro?: string;
  cta?: string;
  /** Page of origin (`pagina_origem`), exact. */
  origem?: string;
  /** First and last São Paulo day, `AAAA-MM-DD`, inclusive. */
  de?: string;
  ate?: string;
  q?: string;
  atrasados: boolean;
  /** `eu` (the viewer's leads), `nenhum` (no salesperson) or an account id. */
  responsavel?: string;
  ordem: LeadSort;
  pagina: number;
}

export const DEFAULT_LEAD_FILTERS: LeadFilters = {
  status: [],
  tipo: [],
  atrasados: false,
  ordem: 'prioridade',
  pagina: 1,
};

/** URL param of each field, in the order the canonical URL lists them. */
const PARAMS = {
  q: 'q',
  status: 'status',
  tipo: 'tipo',
  atrasados: 'atrasados',
  responsavel: 'responsavel',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  parceiro: 'parceiro',
  cta: 'cta',
  origem: 'origem',
  de: 'de',
  ate: 'ate',
  ordem: 'ordem',
  pagina: 'pagina',
} as const satisfies Record<keyof LeadFilters, string>;

type Field = keyof LeadFilters;
const LIST_FIELDS = new Set<Field>(['status', 'tipo']);

/**
 * A real calendar day, from `AAAA-MM-DD` (date inputs) or `dd/mm/aaaa` (typed), as `AAAA-MM-DD`;
 * undefined for anything else. The reports' period (./report-period.ts) reads its dates with it too.
 * @example calendarDay('30/11/2026') // "2026-11-30"
 * @example calendarDay('2026-02-30') // undefined
 */
export function calendarDay(value: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : br
      ? [Number(br[3]), Number(br[2]), Number(br[1])]
      : [NaN, NaN, NaN];
  if (!Number.isInteger(year) || year < 2000 || year > 2999) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

const text = (message: string, max = MAX_FILTER_TEXT) =>
  singleLine(z.string()).trim().min(1).max(max, { error: message }).optional();
const day = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const parsed = calendarDay(value);
    if (parsed === undefined) {
      ctx.addIssue({ code: 'custom', message: m.data });
      return z.NEVER;
    }
    return parsed;
  })
  .optional();

/** The schema over raw params (lists as arrays, the rest as single strings or absent). */
export const leadFiltersSchema = z
  .object({
    status: z.array(z.enum(LEAD_STATUSES, { error: m.status })).default([]),
    tipo: z.array(z.enum(LEAD_TIPOS, { error: m.tipo })).default([]),
    utmSource: text(m.text),
    utmMedium: text(m.text),
    utmCampaign: text(m.text),
    parceiro: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, { error: m.parceiro })
      .optional(),
    cta: text(m.text, 60),
    origem: text(m.text, 500),
    de: day,
    ate: day,
    q: text(m.busca, MAX_SEARCH_QUERY_LENGTH),
    atrasados: z
      .enum(['1', 'true', 'sim'], { error: m.atrasados })
      .transform(() => true)
      .default(false),
    responsavel: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: m.responsavel })
      .optional(),
    ordem: z.enum(LEAD_SORTS, { error: m.ordem }).default('prioridade'),
    pagina: z.coerce
      .number({ error: m.pagina })
      .int({ error: m.pagina })
      .min(1, { error: m.pagina })
      .max(MAX_LEADS_PAGE, { error: m.pagina })
      .default(1),
  })
  .refine((filters) => !filters.de || !filters.ate || filters.de <= filters.ate, {
    error: m.periodo,
    path: ['ate'],
  });

export interface ParsedLeadFilters {
  filters: LeadFilters;
  /** pt-BR message per URL param whose value was dropped. */
  errors: Partial<Record<string, string>>;
}

function rawFrom(params: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [field, param] of Object.entries(PARAMS) as [Field, string][]) {
    if (LIST_FIELDS.has(field)) {
      const values = [
        ...new Set(
          params
            .getAll(param)
            .flatMap((value) => value.split(','))
            .map((value) => value.trim()),
        ),
      ];
      raw[field] = values.filter((value) => value !== '');
    } else {
      const value = params.get(param);
      if (value !== null && value.trim() !== '') raw[field] = value;
    }
  }
  return raw;
}

/**
 * Reads the list's view from a URL's search params; bad values are dropped and reported.
 * @example parseLeadFilters(new URLSearchParams('status=novo&q=Joao&pagina=2')).filters
 *   // { ...DEFAULT_LEAD_FILTERS, status: ['novo'], q: 'Joao', pagina: 2 }
 * @example parseLeadFilters(new URLSearchParams('status=perdido')).errors
 *   // { status: 'Status desconhecido. …' }
 */
export function parseLeadFilters(params: URLSearchParams): ParsedLeadFilters {
  const raw = rawFrom(params);
  const errors: Partial<Record<string, string>> = {};
  // Each pass drops the fields that failed; a pass with none dropped must succeed, since every field may be absent.
  for (let pass = 0; pass < 3; pass++) {
    const result = leadFiltersSchema.safeParse(raw);
    if (result.success) {
      const filters: LeadFilters = { ...DEFAULT_LEAD_FILTERS };
      for (const [key, value] of Object.entries(result.data)) {
        if (value !== undefined) (filters as unknown as Record<string, unknown>)[key] = value;
      }
      return { filters, errors };
    }
    for (const issue of result.error.issues) {
      const field = issue.path[0] as Field | undefined;
      if (field === undefined) continue;
      errors[PARAMS[field]] ??= issue.message;
      delete raw[field];
    }
  }
  return { filters: { ...DEFAULT_LEAD_FILTERS }, errors };
}

/**
 * The canonical search params of a view: defaults left out, params in a fixed order, so
 * equal views have equal URLs. `parseLeadFilters` of the result gives `filters` back.
 * @example leadFiltersToSearchParams({ ...DEFAULT_LEAD_FILTERS, status: ['novo'], pagina: 2 }).toString()
 *   // "status=novo&pagina=2"
 */
export function leadFiltersToSearchParams(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, param] of Object.entries(PARAMS) as [Field, string][]) {
    const value = filters[field];
    if (Array.isArray(value)) for (const item of value) params.append(param, item);
    else if (field === 'atrasados') {
      if (value === true) params.set(param, '1');
    } else if (value !== undefined && value !== DEFAULT_LEAD_FILTERS[field]) params.set(param, String(value));
  }
  return params;
}

/**
 * How many filters narrow a view, for the folded form's "Filtros (n)": every checked status
 * and type, each text and date, the search, "atrasados", and a salesperson other than the
 * views' own (`eu`, `todos`: the tabs above say those). Order and page narrow nothing.
 * @example activeFilterCount({ ...DEFAULT_LEAD_FILTERS, status: ['novo', 'qualificado'], q: 'ana' }) // 3
 */
export function activeFilterCount(filters: LeadFilters): number {
  const texts = [
    filters.utmSource,
    filters.utmMedium,
    filters.utmCampaign,
    filters.parceiro,
    filters.cta,
    filters.origem,
    filters.de,
    filters.ate,
    filters.q,
  ].filter((value) => value !== undefined).length;
  const owner = filters.responsavel !== undefined && filters.responsavel !== 'eu' && filters.responsavel !== 'todos';
  return filters.status.length + filters.tipo.length + texts + (filters.atrasados ? 1 : 0) + (owner ? 1 : 0);
}
