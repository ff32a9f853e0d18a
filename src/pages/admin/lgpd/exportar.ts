/*
 * POST /admin/lgpd/exportar (form fields `por`, `valor`, `include` for each possible match
 * the admin included; `requestId` when answering a data-subject request) — one person's data
 * as a JSON file to download (LGPD art. 18, II and V: access and portability), recorded in
 * the audit trail: the records carrying the identifier (for a request, its confirmed e-mail)
 * and the possible matches included (src/server/lgpd/subject-scope.ts). Admins only: the
 * middleware refuses anyone else, and the check below asks again (and refuses a cross-site post). The identifier is posted, never put in the URL.
 * A plain endpoint rather than an action: it answers a file download (Content-Disposition),
 * and an action can only answer data for its caller to read.
 */
import type { APIRoute } from 'astro';
import { encarregado } from '~/copy/lgpd';
import { lgpdAdminCopy } from '~/messages/lgpd-admin';
import { contact } from '~/copy/site';
import { parseIdentifier, parseScopeChoice } from '~/lib/lgpd-identifier';
import { refuseUnlessAdmin } from '~/server/auth';
import { NO_STORE } from '~/server/http';

export const prerender = false;

export const POST: APIRoute = async ({ request, locals, url }) => {
  const refused = refuseUnlessAdmin(locals.session, request, url);
  if (refused) return refused;
  const form = await request.formData().catch(() => undefined);
  const identifier = parseIdentifier(String(form?.get('por') ?? ''), String(form?.get('valor') ?? ''));
  if (!identifier) {
    return new Response(lgpdAdminCopy.search.invalid, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE },
    });
  }
  const { id, email } = locals.session!.user;
  const { file, at } = await locals.runtime.lgpd.exportSubject(
    identifier,
    { id, email },
    {
      legalName: contact.legalName,
      registration: contact.companyRegistration,
      encarregado: { nome: encarregado.nome, email: encarregado.email },
    },
    parseScopeChoice(form),
  );
  return new Response(JSON.stringify(file, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="dados-titular-${at.toISOString().slice(0, 10)}.json"`,
      'Cache-Control': NO_STORE,
    },
  });
};
