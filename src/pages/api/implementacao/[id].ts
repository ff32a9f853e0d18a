/*
 * GET /api/implementacao/<id> — where the request's notification e-mail stands
 * (`{ email: 'pending' | 'sent' | 'failed' }`), polled by the form during its
 * 'Enviando e-mail...' phase. Says nothing else about the request; the id is a random UUID.
 */
import type { APIRoute } from 'astro';
import { isUuid } from '~/lib/uuid';
import { NEVER_CACHED } from '~/server/http';

export const prerender = false;

export const GET: APIRoute = async ({ params, locals }) => {
  const id = params['id'] ?? '';
  const email =
    isUuid(id) && locals.runtime.ready() ? await locals.runtime.implementation.notificationStatus(id) : null;
  return Response.json(email ? { email } : { error: 'not found' }, {
    status: email ? 200 : 404,
    headers: { 'Cache-Control': NEVER_CACHED },
  });
};
