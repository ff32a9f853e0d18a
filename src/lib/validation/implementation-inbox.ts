/**
 * The implementation requests' list view as URL search params, and the status change the
 * detail page posts. Like the leads list (./lead-filters.ts), a bad value
 * in a shared or hand-edited URL never fails the page: it is dropped and reported with a
 * pt-BR message beside its filter.
 *
 * | param                | meaning                                                          |
 * | -------------------- | ---------------------------------------------------------------- |
 * | `status` (repeatable)| recebida, em_implantacao, concluida, cancelada                   |
 * | `tipo`               | cpf (pessoa física) or cnpj (pessoa jurídica)                     |
 * | `de`, `ate`          | São Paulo calendar days, inclusive (AAAA-MM-DD or dd/mm/aaaa)     |
 * | `q`                  | free text over names, e-mails, phones, CPF/CNPJ and razão social  |
 * | `pagina`             | 1-based page                                                     |
 */
import { implementationInboxMessages as m } from '~/messages/inbox/implementation-requests';
import { IMPLEMENTATION_STATUSES, type ImplementationStatus } from '../lead-pipeline';
import { singleLine } from './text';
import { z } from './zod';

export const IMPLEMENTATION_TIPOS = ['cpf', 'cnpj'] as const;
export type ImplementationTipo = (typeof IMPLEMENTATION_TIPOS)[number];

export const IMPLEMENTATIONS_PAGE_SIZE = 50;
export const MAX_IMPLEMENTATIONS_PAGE = 2000;
export const MAX_IMPLEMENTATION_QUERY_LENGTH = 200;

export interface ImplementationFilters {
  status: ImplementationStatus[];
  tipo?: ImplementationTipo;
  /** First and last São Paulo day, `AAAA-MM-DD`, inclusive. */
  de?: string;
  ate?: string;
  q?: string;
  pagina: number;
}

export const DEFAULT_IMPLEMENTATION_FILTERS: ImplementationFilters = { status: [], pagina: 1 };

/** A real calendar day, from `AAAA-MM-DD` (date inputs) or `dd/mm/aaaa` (typed), as `AAAA-MM-DD`. */
export function calendarDay(value: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const parts = iso ? [iso[1], iso[2], iso[3]] : br ? [br[3], br[2], br[1]] : undefined;
  if (!parts) return undefined;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  if (year < 2000 || year > 2999) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

const day = z.string().transform((value, ctx) => {
  const parsed = calendarDay(value);
  if (parsed === undefined) {
    ctx.addIssue({ code: 'custom', message: m.filterErrors.data });
    return z.NEVER;
  }
  return parsed;
});

const single = {
  tipo: z.enum(IMPLEMENTATION_TIPOS, { error: m.filterErrors.tipo }),
  de: day,
  ate: day,
  q: singleLine(z.string()).max(MAX_IMPLEMENTATION_QUERY_LENGTH, { error: m.filterErrors.busca }),
  pagina: z.coerce
    .number({ error: m.filterErrors.pagina })
    .int({ error: m.filterErrors.pagina })
    .min(1, { error: m.filterErrors.pagina })
    .max(MAX_IMPLEMENTATIONS_PAGE, { error: m.filterErrors.pagina }),
};
const statusSchema = z.enum(IMPLEMENTATION_STATUSES, { error: m.filterErrors.status });

export interface ParsedImplementationFilters {
  filters: ImplementationFilters;
  /** pt-BR message per URL param whose value was dropped. */
  errors: Partial<Record<keyof ImplementationFilters, string>>;
}

/**
 * Reads the list's view from a URL's search params; bad values are dropped and reported.
 * @example parseImplementationFilters(new URLSearchParams('status=recebida&q=Joao')).filters
 *   // { status: ['recebida'], q: 'Joao', pagina: 1 }
 */
export function parseImplementationFilters(params: URLSearchParams): ParsedImplementationFilters {
  const filters: ImplementationFilters = { ...DEFAULT_IMPLEMENTATION_FILTERS, status: [] };
  const errors: ParsedImplementationFilters['errors'] = {};
  const statuses = new Set(params.getAll('status').flatMap((value) => value.split(',').map((item) => item.trim())));
  for (const value of statuses) {
    if (value === '') continue;
    const parsed = statusSchema.safeParse(value);
    if (parsed.success) filters.status.push(parsed.data);
    else errors.status ??= m.filterErrors.status;
  }
  for (const key of ['tipo', 'de', 'ate', 'q', 'pagina'] as const) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    const parsed = single[key].safeParse(value);
    if (parsed.success) (filters as unknown as Record<string, unknown>)[key] = parsed.data;
    else errors[key] = parsed.error.issues[0]?.message ?? m.filterErrors.busca;
  }
  if (filters.de && filters.ate && filters.de > filters.ate) {
    errors.ate = m.filterErrors.periodo;
    delete filters.ate;
  }
  return { filters, errors };
}

/**
 * The canonical search params of a view (defaults left out, fixed order), e.g. for the
 * pagination links; parsing the result gives `filters` back.
 * @example implementationFiltersToSearchParams({ status: ['recebida'], pagina: 2 }).toString()
 *   // "status=recebida&pagina=2"
 */
export function implementationFiltersToSearchParams(filters: ImplementationFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  for (const status of filters.status) params.append('status', status);
  if (filters.tipo) params.set('tipo', filters.tipo);
  if (filters.de) params.set('de', filters.de);
  if (filters.ate) params.set('ate', filters.ate);
  if (filters.pagina !== 1) params.set('pagina', String(filters.pagina));
  return params;
}

/**
 * A status change as the detail page's form posts it: the request, the status the person
 * saw (`de`, so a change someone else made first is caught instead of overwritten) and the
 * new one (`para`).
 */
export const implementationStatusChangeSchema = z
  .object({
    id: z.uuid({ error: m.solicitacaoInvalida }),
    de: statusSchema,
    para: statusSchema,
  })
  .refine((change) => change.de !== change.para, { error: m.mesmoStatus, path: ['para'] });

export type ImplementationStatusChangeInput = z.output<typeof implementationStatusChangeSchema>;
