/*
 * The sales inbox's leads list: one page of leads for a view of the
 * URL (src/lib/validation/lead-filters.ts), and the same filters as SQL conditions for
 * the CSV export and the reports, so all three always mean the same leads.
 *
 * Each filter is an equality or range on an indexed column (migration 0009), the search
 * is a substring match per term on the folded `search_text` column (trigram index), and
 * "atrasados" is one comparison: `status = 'novo' and created_at <= overdueCutoff(now)`
 * (src/lib/reply-deadline.ts proves the equivalence). A page is read with the total in
 * two statements; nothing about the filters is ever logged (a search holds personal data).
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, like, lt, lte, sql, type SQL } from 'drizzle-orm';
import { isReplyOverdue, overdueCutoff, replyDueAt } from '~/lib/reply-deadline';
import { containsPattern, searchTerms, storedTerm } from '~/lib/search-text';
import { saoPauloDayStart } from '~/lib/time-zone';
import { LEADS_PAGE_SIZE, type LeadFilters } from '~/lib/validation/lead-filters';
import type { DbOrTx } from '../db/client';
import { contatos, type Contato } from '../db/schema/leads';
import type { Clock } from '../clock';

export interface LeadListDeps {
  db: DbOrTx;
  now: Clock;
  /** The signed-in member: whose leads `responsavel=eu` ("Meus leads") means. */
  viewerId?: string | undefined;
}

/** The columns a list row shows (no message, consent or technical fields); the export adds to them. */
export const listColumns = {
  id: contatos.id,
  createdAt: contatos.createdAt,
  nome: contatos.nome,
  email: contatos.email,
  celular: contatos.celular,
  tipo: contatos.tipo,
  empresa: contatos.empresa,
  status: contatos.status,
  statusChangedAt: contatos.statusChangedAt,
  paginaOrigem: contatos.paginaOrigem,
  utmSource: contatos.utmSource,
  utmMedium: contatos.utmMedium,
  utmCampaign: contatos.utmCampaign,
  ctaSource: contatos.ctaSource,
  partnerSlug: contatos.partnerSlug,
  assignedTo: contatos.assignedTo,
};

export type LeadListRow = Pick<Contato, keyof typeof listColumns> & {
  /** When the reply promise is spent (for a lead still `novo`), else null. */
  replyDueAt: Date | null;
  overdue: boolean;
};

export interface LeadListPage {
  rows: LeadListRow[];
  /** Leads matching the filters, on every page. */
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

const DAY_MS = 86_400_000;

/** The day after an `AAAA-MM-DD` day. */
function nextDay(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The filters of a view as SQL conditions (ANDed), at `now` (for "atrasados") and for
 * `viewerId` (whose leads "Meus leads" are; without one it matches nothing). Order,
 * page and page size are not conditions: the list, the export and the reports apply
 * their own.
 */
export function leadFilterConditions(filters: LeadFilters, now: Date, viewerId?: string): SQL[] {
  const conditions: SQL[] = [];
  if (filters.responsavel === 'nenhum') conditions.push(isNull(contatos.assignedTo));
  else if (filters.responsavel === 'eu') conditions.push(viewerId ? eq(contatos.assignedTo, viewerId) : sql`false`);
  else if (filters.responsavel !== undefined && filters.responsavel !== 'todos') {
    conditions.push(eq(contatos.assignedTo, filters.responsavel));
  }
  if (filters.status.length) conditions.push(inArray(contatos.status, filters.status));
  if (filters.tipo.length) conditions.push(inArray(contatos.tipo, filters.tipo));
  if (filters.utmSource !== undefined) conditions.push(eq(contatos.utmSource, filters.utmSource));
  if (filters.utmMedium !== undefined) conditions.push(eq(contatos.utmMedium, filters.utmMedium));
  if (filters.utmCampaign !== undefined) conditions.push(eq(contatos.utmCampaign, filters.utmCampaign));
  if (filters.parceiro !== undefined) conditions.push(eq(contatos.partnerSlug, filters.parceiro));
  if (filters.cta !== undefined) conditions.push(eq(contatos.ctaSource, filters.cta));
  if (filters.origem !== undefined) conditions.push(eq(contatos.paginaOrigem, filters.origem));
  if (filters.de !== undefined) conditions.push(gte(contatos.createdAt, saoPauloDayStart(filters.de)));
  if (filters.ate !== undefined) conditions.push(lt(contatos.createdAt, saoPauloDayStart(nextDay(filters.ate))));
  if (filters.atrasados) {
    conditions.push(eq(contatos.status, 'novo'), lte(contatos.createdAt, overdueCutoff(now)));
  }
  for (const term of searchTerms(filters.q ?? ''))
    conditions.push(like(contatos.searchText, containsPattern(storedTerm(term))));
  return conditions;
}

/**
 * Whether a lead still waits for its first reply: status `novo`, the status the 2-hour
 * promise applies to (src/lib/reply-deadline.ts), so the overdue ones are among them.
 */
const waiting = sql`(${contatos.status} = 'novo')`;

/**
 * ORDER BY of a view; the id breaks ties so pages never overlap. The default, `prioridade`,
 * lists the leads waiting for a first reply first (the newest, then those past the promise),
 * then the others, each group newest first: what a salesperson answers next is on top.
 */
export function leadOrder(filters: Pick<LeadFilters, 'ordem'>): SQL[] {
  switch (filters.ordem) {
    case 'prioridade':
      return [sql`${waiting} desc`, desc(contatos.createdAt), desc(contatos.id)];
    case 'antigos':
      return [asc(contatos.createdAt), asc(contatos.id)];
    case 'nome':
      return [asc(contatos.nome), asc(contatos.id)];
    case 'nome_desc':
      return [desc(contatos.nome), desc(contatos.id)];
    default:
      return [desc(contatos.createdAt), desc(contatos.id)];
  }
}

/** Adds the reply deadline and the overdue flag a list row shows. */
export function withReplyDeadline<Row extends { status: string; createdAt: Date }>(
  row: Row,
  now: Date,
): Row & { replyDueAt: Date | null; overdue: boolean } {
  const novo = row.status === 'novo';
  return { ...row, replyDueAt: novo ? replyDueAt(row.createdAt) : null, overdue: novo && isReplyOverdue(row, now) };
}

/**
 * One page of the leads list for a view. A page past the last one is answered empty
 * with the real total, so the page can offer the way back.
 */
export async function listLeads(deps: LeadListDeps, filters: LeadFilters): Promise<LeadListPage> {
  const now = deps.now();
  const where = and(...leadFilterConditions(filters, now, deps.viewerId));
  const offset = (filters.pagina - 1) * LEADS_PAGE_SIZE;
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select(listColumns)
      .from(contatos)
      .where(where)
      .orderBy(...leadOrder(filters))
      .limit(LEADS_PAGE_SIZE)
      .offset(offset),
    deps.db.select({ total: count() }).from(contatos).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    rows: rows.map((row) => withReplyDeadline(row, now)),
    total,
    page: filters.pagina,
    pageSize: LEADS_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE)),
  };
}

/**
 * The lead after `currentId` in a view (its filters and order), for a lead page's "Próximo
 * lead"; null after the last one. Keyset on the view's own ORDER BY, compared in SQL with
 * the current lead's stored values (microsecond timestamps never pass through a JS Date),
 * so it holds even when the current lead has just left the view, e.g. a "novo" lead set
 * "em contato" from a list of new leads.
 *
 * In `prioridade` the current lead's group is the one it was listed in: `wasWaiting` (it
 * was `novo` when its page was opened, though answered since) or its status now. A lead
 * answered from the waiting group goes on to the next waiting one, then to the others.
 */
export async function nextLeadId(
  deps: LeadListDeps,
  filters: LeadFilters,
  currentId: string,
  wasWaiting = false,
): Promise<string | null> {
  const current = (columns: SQL) => sql`(select ${columns} from ${contatos} as "cur" where "cur"."id" = ${currentId})`;
  const older = sql`(${contatos.createdAt}, ${contatos.id}) < ${current(sql`"cur"."created_at", "cur"."id"`)}`;
  const after: SQL = (() => {
    switch (filters.ordem) {
      case 'prioridade':
        return sql`(case when ${wasWaiting} or ${current(sql`"cur"."status" = 'novo'`)} then (${waiting} and ${older}) or not ${waiting} else not ${waiting} and ${older} end)`;
      case 'antigos':
        return sql`(${contatos.createdAt}, ${contatos.id}) > ${current(sql`"cur"."created_at", "cur"."id"`)}`;
      case 'nome':
        return sql`(${contatos.nome}, ${contatos.id}) > ${current(sql`"cur"."nome", "cur"."id"`)}`;
      case 'nome_desc':
        return sql`(${contatos.nome}, ${contatos.id}) < ${current(sql`"cur"."nome", "cur"."id"`)}`;
      default:
        return older;
    }
  })();
  const [row] = await deps.db
    .select({ id: contatos.id })
    .from(contatos)
    .where(and(...leadFilterConditions(filters, deps.now(), deps.viewerId), after))
    .orderBy(...leadOrder(filters))
    .limit(1);
  return row?.id ?? null;
}
