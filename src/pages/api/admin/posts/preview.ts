/*
 * /api/admin/posts/preview — POST { body } → { html }: the editor's live preview,
 * rendered by the very pipeline of the public post page (src/lib/markdown.ts), so
 * what the admin sees is what visitors get and the island ships no Markdown parser.
 */
import type { APIRoute } from 'astro';
import { postErrors, postLimits } from '@content/messages/blog';
import { renderMarkdown } from '~/lib/markdown';
import { json, jsonError, readJson, refuseUnlessAdmin } from '~/server/blog/admin-api';

export const prerender = false;

export const POST: APIRoute = async ({ locals, request, url, site }) => {
  const refused = refuseUnlessAdmin(locals.session, request, url);
  if (refused) return refused;
  const read = await readJson(request);
  if ('response' in read) return read.response;
  const body = (read.body as { body?: unknown } | null)?.body;
  if (typeof body !== 'string' || body.length > postLimits.body) return jsonError(400, postErrors.badRequest);
  return json({ html: renderMarkdown(body, { siteUrl: (site ?? url).origin }) });
};
