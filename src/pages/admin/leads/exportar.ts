/*
 * GET /admin/leads/exportar?{the list's filters} — the leads list's current view as a CSV
 * file for Excel in Brazil, every page of it, streamed as it is read
 * (src/server/inbox/lead-export.ts), so memory stays bounded whatever the size. Admins and
 * the sales team: the middleware refuses anyone else, and the check below asks again.
 * The filters are read exactly as the list page reads them, so a bad value in the URL is
 * dropped there and here alike (the file then holds what the page showed), never a 500.
 * A plain endpoint rather than an action: it answers a file download. Exports run one per
 * person and two in all at once; the rest get 429 with Retry-After (export-slots.ts).
 */
import type { APIRoute } from 'astro';
import { CSV_CONTENT_TYPE } from '~/lib/csv';
import { saoPauloDay } from '~/lib/time-zone';
import { parseLeadFilters } from '~/lib/validation/lead-filters';
import { refuseUnlessAdmin, rolesForRoute } from '~/server/auth';
import { NO_STORE } from '~/server/http';
import { releasedWhenDone } from '~/server/inbox';

export const prerender = false;

export const GET: APIRoute = ({ request, locals, url, routePattern }) => {
  const refused = refuseUnlessAdmin(locals.session, request, url, rolesForRoute(routePattern));
  if (refused) return refused;
  const { filters } = parseLeadFilters(url.searchParams);
  const { inbox, exportSlots } = locals.runtime;
  const now = locals.runtime.now();
  const headers = {
    'Content-Type': CSV_CONTENT_TYPE,
    'Content-Disposition': `attachment; filename="leads-${saoPauloDay(now)}.csv"`,
    'Cache-Control': NO_STORE,
  };
  // Astro answers HEAD with this handler and drops the body unread: no export, and no slot held by it.
  if (request.method === 'HEAD') return new Response(null, { headers });
  // One export per person and a few in all (src/server/inbox/export-slots.ts): the site stays responsive.
  const slot = exportSlots.acquire(locals.session!.user.id);
  if (!slot.granted) {
    return new Response(slot.message, {
      status: 429,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Retry-After': String(slot.retryAfterSeconds),
        'Cache-Control': NO_STORE,
      },
    });
  }
  // One instant for the whole file (the service reads it once): "atrasado" means the same on its first and last row.
  const viewerId = locals.session!.user.id;
  return new Response(releasedWhenDone(inbox.leadsCsv(filters, viewerId), slot.release), { headers });
};
