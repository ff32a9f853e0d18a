/*
 * POST /api/implementacao — the implementation request form as the island sends it
 * (multipart; src/server/implementation/submission.ts reads and saves it). Answers JSON:
 * 201 `{ id }`, or 4xx/5xx `{ error, stage, fields? }` where `stage` says which of the
 * spec's error families applies ('upload': the files, 'save': the data). The same form
 * posted without JavaScript goes to /implementacao-sistema/enviar, which answers with pages.
 * A plain endpoint rather than an action: it reads the multipart body as a stream, checking
 * each file's content and size as it arrives and stopping at the first bad byte, where an
 * action parses the whole form (up to ~5 MB of documents per request) into memory first.
 */
import type { APIRoute } from 'astro';
import { NEVER_CACHED } from '~/server/http';
import { submitImplementation } from '~/server/implementation';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  const outcome = await submitImplementation(context);
  if (outcome.ok) return Response.json({ id: outcome.id }, { status: 201 });
  return Response.json(outcome.failure, { status: outcome.status, headers: { 'Cache-Control': NEVER_CACHED } });
};
