/*
 * The CSV export of the leads list's current view: the same filters and
 * order as the list (./lead-list.ts), every matching lead, as a byte stream for Excel in
 * Brazil (src/lib/csv.ts: BOM, `;`, CRLF, dd/mm/aaaa, formula injection neutralised).
 *
 * Bounded memory whatever the size: rows are read in pages of EXPORT_PAGE_SIZE by keyset
 * (the last row's sort key and id, never OFFSET, so page 100 costs what page 1 does) and
 * only when the stream's reader asks for more bytes — a slow download holds one page. A
 * reader that goes away stops the reading (the generator's `return`).
 */
import { and, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { leadStatusLabels } from '~/messages/inbox/labels';
import { tipoLabels } from '~/copy/messages/lead';
import { csvStream, type CsvColumn } from '~/lib/csv';
import { formatPhone } from '~/lib/phone';
import type { LeadFilters } from '~/lib/validation/lead-filters';
import { contatos } from '../db/schema/leads';
import { leadFilterConditions, leadOrder, listColumns, withReplyDeadline, type LeadListDeps } from './lead-list';

export const EXPORT_PAGE_SIZE = 1000;

const exportColumns = {
  ...listColumns,
  mensagem: contatos.mensagem,
  marketingConsent: contatos.marketingConsent,
  /**
   * The creation time at the database's full precision (microseconds), for the keyset: a
   * JavaScript Date keeps milliseconds only, and rows within one millisecond would be skipped.
   */
  createdAtKey: sql<string>`(${contatos.createdAt})::text`,
};

function selectPage(deps: LeadListDeps, where: SQL | undefined, filters: LeadFilters, pageSize: number) {
  return deps.db
    .select(exportColumns)
    .from(contatos)
    .where(where)
    .orderBy(...leadOrder(filters))
    .limit(pageSize);
}

type ExportRow = Awaited<ReturnType<typeof selectPage>>[number] & { overdue: boolean; replyDueAt: Date | null };

/** The file's columns, in the order the team reads them. */
export const LEAD_CSV_COLUMNS: readonly CsvColumn<ExportRow>[] = [
  { header: 'Data', value: (row) => row.createdAt, dates: 'datetime' },
  { header: 'Nome', value: (row) => row.nome },
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Celular', value: (row) => formatPhone(row.celular) },
  { header: 'Tipo', value: (row) => tipoLabels[row.tipo] ?? row.tipo },
  { header: 'Empresa', value: (row) => row.empresa },
  { header: 'Status', value: (row) => leadStatusLabels[row.status] ?? row.status },
  { header: 'Status desde', value: (row) => row.statusChangedAt, dates: 'datetime' },
  { header: 'Atrasado', value: (row) => row.overdue },
  { header: 'Página de origem', value: (row) => row.paginaOrigem },
  { header: 'utm_source', value: (row) => row.utmSource },
  { header: 'utm_medium', value: (row) => row.utmMedium },
  { header: 'utm_campaign', value: (row) => row.utmCampaign },
  { header: 'Botão (CTA)', value: (row) => row.ctaSource },
  { header: 'Parceiro', value: (row) => row.partnerSlug },
  { header: 'Mensagem', value: (row) => row.mensagem },
  { header: 'Consentimento de marketing', value: (row) => row.marketingConsent },
  { header: 'ID', value: (row) => row.id },
];

/** Rows after `last` in the view's order: (key, id) past the last row's, by keyset. */
function after(filters: LeadFilters, last: ExportRow): SQL {
  const byName = filters.ordem === 'nome' || filters.ordem === 'nome_desc';
  const column = byName ? contatos.nome : contatos.createdAt;
  const value = byName ? sql`${last.nome}` : sql`${last.createdAtKey}::timestamptz`;
  const ascending = filters.ordem === 'antigos' || filters.ordem === 'nome';
  const op = sql.raw(ascending ? '>' : '<');
  const byKey = or(
    sql`${column} ${op} ${value}`,
    and(sql`${column} = ${value}`, (ascending ? gt : lt)(contatos.id, last.id)),
  )!;
  if (filters.ordem !== 'prioridade') return byKey;
  // The default order puts the leads waiting for a first reply (status `novo`) first: past the
  // last row is later in its own group, or any row of the group after it.
  const waiting = sql`(${contatos.status} = 'novo')`;
  return last.status === 'novo' ? or(and(waiting, byKey), sql`not ${waiting}`)! : and(sql`not ${waiting}`, byKey)!;
}

/**
 * Every lead of a view, in the list's order, read a page at a time.
 * @example for await (const lead of leadsForExport(deps, filters)) …
 */
export async function* leadsForExport(
  deps: LeadListDeps,
  filters: LeadFilters,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ExportRow> {
  const now = deps.now();
  const conditions = leadFilterConditions(filters, now, deps.viewerId);
  let last: ExportRow | undefined;
  for (;;) {
    const rows = await selectPage(deps, and(...conditions, ...(last ? [after(filters, last)] : [])), filters, pageSize);
    for (const row of rows) {
      last = withReplyDeadline(row, now);
      yield last;
    }
    if (rows.length < pageSize) return;
  }
}

/** The CSV file of a view, as a stream for a download response (src/lib/csv.ts CSV_CONTENT_TYPE). */
export function leadsCsv(deps: LeadListDeps, filters: LeadFilters): ReadableStream<Uint8Array> {
  return csvStream(LEAD_CSV_COLUMNS, leadsForExport(deps, filters));
}
