/*
 * The implementation form's documents, in chunks (src/lib/document-upload.ts says why):
 * - POST, JSON `{ size, sha256, name }` → 201 `{ token, chunkBytes }`: an upload starts;
 * - PUT, raw bytes, headers X-Upload-Token and X-Chunk-Index → 200 `{ received }`.
 * Both are rate-limited per client address (429), and what uploads may hold is capped
 * (src/server/implementation/document-uploads.ts: 429 per client, 507 for the whole server).
 * The form then posts its token to /api/implementacao in place of the file. Problems answer
 * `{ error, stage: 'upload' }` with a 4xx and the pt-BR text, like the form's own upload errors;
 * a database that cannot be reached is a 503. Nothing here ever sends a document back.
 * A plain endpoint rather than an action: the island sends raw chunks with XMLHttpRequest to
 * show upload progress, which the actions client (fetch, JSON or form data) cannot report.
 */
import type { APIRoute } from 'astro';
import { errorToasts, internalErrors } from '~/copy/messages/implementation';
import { rateLimitMessage } from '~/copy/messages/lead';
import { clientAddressOf, componentLogger, databaseErrorKind, describeError, NEVER_CACHED } from '~/server/http';
import { readChunk, readDeclaration, UploadRejected } from '~/server/implementation';

export const prerender = false;

const NO_STORE = { 'Cache-Control': NEVER_CACHED };
/** A request carries one document, with one retry: two uploads per form post the rate limit allows. */
const UPLOADS_PER_REQUEST = 2;
/** A form post's document is up to three chunks: the chunk requests allowed per form post. */
const CHUNKS_PER_REQUEST = 3;

const reply = (status: number, body: object) => Response.json(body, { status, headers: NO_STORE });
const refusal = (status: number, error: string) => reply(status, { error, stage: 'upload' });

/** Runs `work`, answering its `UploadRejected` or database failure as the form expects. */
async function answer(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UploadRejected) return refusal(error.status, error.message);
    // Never the error itself: a chunk's bytes would be in Drizzle's message.
    componentLogger('implementacao').error(`${internalErrors.cnhUpload}: ${describeError(error)}`);
    if (databaseErrorKind(error) === 'unavailable') return refusal(503, errorToasts.sendSave);
    return refusal(500, errorToasts.uploadUnexpected);
  }
}

export const POST: APIRoute = (context) =>
  answer(async () => {
    const { request, locals } = context;
    const clientAddress = clientAddressOf(context);
    const runtime = locals.runtime;
    if (!runtime.ready()) return refusal(503, errorToasts.sendSave);
    const declared = await readDeclaration(request);
    if (!(await runtime.rateLimits.allow('implementacao-documento', clientAddress, UPLOADS_PER_REQUEST))) {
      return refusal(429, rateLimitMessage);
    }
    const client = runtime.rateLimits.hashIp(clientAddress ?? 'unknown');
    return reply(201, await runtime.implementation.startUpload(declared, client));
  });

export const PUT: APIRoute = (context) =>
  answer(async () => {
    const { request, locals } = context;
    const clientAddress = clientAddressOf(context);
    const runtime = locals.runtime;
    if (!runtime.ready()) return refusal(503, errorToasts.sendSave);
    // Counted before the body is read: a refused client does not get its bytes read either.
    if (!(await runtime.rateLimits.allow('implementacao-documento-parte', clientAddress, CHUNKS_PER_REQUEST))) {
      await request.body?.cancel().catch(() => undefined);
      return refusal(429, rateLimitMessage);
    }
    const { token, index, content } = await readChunk(request);
    await runtime.implementation.putChunk(token, index, content);
    return reply(200, { received: index });
  });
