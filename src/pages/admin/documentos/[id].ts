/*
 * GET /admin/documentos/<fileId> — streams a stored identity document (the links in the
 * implementation e-mail). Only `canDownloadDocuments` opens it; the type and name come
 * from what the server recognised, and the browser is told to download, not render
 * (src/server/http/private-download.ts). Streamed: on Netlify only a streamed response may
 * be larger than 6 MB once encoded, and a 5 MB document is.
 */
import type { APIRoute } from 'astro';
import { isUuid } from '~/lib/uuid';
import { NO_STORE } from '~/server/http/cache-control';
import { privateDownloadHeaders } from '~/server/http/private-download';
import { documentStream, getPrivateFile } from '~/server/implementation/implementation.service';
import { canDownloadDocuments } from './_access';

export const prerender = false;

const PRIVATE = { 'Cache-Control': NO_STORE, 'X-Robots-Tag': 'noindex' };

export const GET: APIRoute = async ({ params, locals }) => {
  if (!canDownloadDocuments(locals)) {
    return new Response('Acesso negado.', {
      status: 403,
      headers: { ...PRIVATE, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const id = params['id'] ?? '';
  const file = isUuid(id) ? await getPrivateFile(locals.runtime.db, id) : null;
  if (!file) return new Response('Documento não encontrado.', { status: 404, headers: PRIVATE });
  return new Response(documentStream(file.content), {
    headers: privateDownloadHeaders({ kind: file.kind, name: file.originalName, size: file.size }),
  });
};
