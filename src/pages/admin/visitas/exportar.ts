/*
 * GET /admin/visitas/exportar?tabela=…&{the report's period and filters} — one table of the
 * visit report (/admin/visitas) as a CSV file for Excel in Brazil: the rows and columns the
 * page shows, read the same way (src/server/analytics/visit-tables.ts); without `tabela`, the
 * per-page table. Admins and the sales team: the middleware refuses anyone else, and the
 * check below asks again. An unknown table → 404 with a pt-BR message. Small (a few hundred rows at most): built whole.
 */
import type { APIRoute } from 'astro';
import { CSV_BOM, CSV_CONTENT_TYPE, csvCell, csvLine, csvText } from '~/lib/csv';
import { saoPauloDay } from '~/lib/time-zone';
import { parseReportPeriod } from '~/lib/validation/report-period';
import { parseVisitFilters } from '~/lib/visit-report';
import { refuseUnlessAdmin, rolesForRoute } from '~/server/auth';
import { NO_STORE } from '~/server/http';
import { visitTables, type Cell } from '~/server/analytics';
import { visitsExportMessages } from '~/messages/visits';

export const prerender = false;

const cell = (value: Cell) =>
  'text' in value
    ? csvText(value.text)
    : 'count' in value
      ? csvCell(value.count)
      : csvCell(value.rate === null ? null : Math.round(value.rate * 10_000) / 10_000);

export const GET: APIRoute = async ({ request, locals, url, routePattern }) => {
  const refused = refuseUnlessAdmin(locals.session, request, url, rolesForRoute(routePattern));
  if (refused) return refused;
  const { now, analytics } = locals.runtime;
  const { period } = parseReportPeriod(url.searchParams, saoPauloDay(now()));
  const filters = parseVisitFilters(url.searchParams);
  const name = url.searchParams.get('tabela') || 'pagina';
  await analytics.freshen();
  const table = visitTables(await analytics.report(period, filters)).find((t) => t.name === name);
  if (!table) {
    return new Response(visitsExportMessages.unknownTable, {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE },
    });
  }
  const text = CSV_BOM + csvLine(table.headers.map(csvText)) + table.rows.map((row) => csvLine(row.map(cell))).join('');
  return new Response(text, {
    headers: {
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="visitas-${table.name}-${period.de}-a-${period.ate}.csv"`,
      'Cache-Control': NO_STORE,
    },
  });
};
