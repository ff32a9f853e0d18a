/*
 * GET /admin/documentos/<fileId> — streams a stored identity document (the links in the
 * implementation e-mail and on an implementation request's page). Only `canDownloadDocuments`
 * (admins) opens it, and every download is recorded first (who and when):
 * when the record cannot be written the download is refused, so none goes unrecorded.
 * The type and name come from what the server recognised, and the browser is told to
 * download, not render (src/server/http/private-download.ts). Streamed: on Netlify only a
 * streamed response may be larger than 6 MB once encoded, and a 5 MB document is.
 */
import type { APIRoute } from 'astro';
import { implementationInboxMessages as m } from '~/messages/inbox/implementation-requests';
import { isUuid } from '~/lib/uuid';
import { componentLogger, describeError, NO_STORE, privateDownloadHeaders } from '~/server/http';
import { documentStream } from '~/server/implementation';
import { canDownloadDocuments } from './_access';

export const prerender = false;

const PRIVATE = { 'Cache-Control': NO_STORE, 'X-Robots-Tag': 'noindex' };
const text = (body: string, status: number) =>
  new Response(body, { status, headers: { ...PRIVATE, 'Content-Type': 'text/plain; charset=utf-8' } });

export const GET: APIRoute = async ({ params, locals }) => {
  if (!canDownloadDocuments(locals)) return text(m.downloadRefused, 403);
  const id = params['id'] ?? '';
  const file = isUuid(id) ? await locals.runtime.implementation.privateFile(id) : null;
  if (!file) return text(m.downloadNotFound, 404);
  const { user } = locals.session!;
  try {
    await locals.runtime.inbox.recordDocumentDownload(file.id, { id: user.id, name: user.name || user.email });
  } catch (error) {
    // The ids only: the file and the account, never what the document holds.
    componentLogger('admin').error(`document download not recorded, refused: ${describeError(error)}`);
    return text(m.downloadNotRecorded, 503);
  }
  return new Response(documentStream(file.content), {
    headers: privateDownloadHeaders({ kind: file.kind, name: file.originalName, size: file.size }),
  });
};
