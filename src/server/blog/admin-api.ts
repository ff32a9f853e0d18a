/*
 * The admin posts API's plumbing, kept out of the route files: who may call it,
 * reading bodies with a size cap, turning service errors into JSON answers, and the
 * post shape the editor island works with. No Astro imports: routes pass in what
 * they have (the request and the signed-in user).
 */
import { coverMessages, postErrors, editorToasts } from '@content/messages/blog';
import { inputMessages } from '@content/messages/input';
import { coverUrl, MAX_COVER_BYTES } from '~/lib/cover-image';
import type { EditorPost } from '~/lib/validation/post';
import { guardDecision, type CurrentSession } from '../auth/guard';
import type { BlogPost } from '../db/schema/blog';
import type { DbOrTx } from '../db/client';
import { databaseErrorKind } from '../db/errors';
import { describeError } from '../describe-error';
import { componentLogger } from '../log/logger';
import { CoverUploadError, getCoverSizes } from './cover.service';
import { NO_STORE } from './http';
import { DuplicateSlugError, PostNotFoundError, PostValidationError, toInput } from './post.service';

/** Largest JSON body the posts API reads: a 100 000-character post, escaped, with room to spare. */
export const MAX_JSON_BYTES = 1024 * 1024;

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': NO_STORE };

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

export function jsonError(status: number, error: string, fields?: Record<string, string>): Response {
  return json(fields ? { error, fields } : { error }, status);
}

/**
 * The second lock on the door: the middleware already refuses anonymous (401) and
 * non-admin (403) callers of /api/admin/*; each handler asks again with the auth
 * feature's own rule, so a route moved out of that prefix is never left open. A
 * cross-site request (a foreign Origin) is refused too — SameSite cookies already
 * stop most, this stops the rest.
 */
export function refuseUnlessAdmin(
  session: CurrentSession | undefined,
  request: Request,
  url: URL,
): Response | undefined {
  const decision = guardDecision('endpoint', { session, stale: false });
  if (decision.action === 'status') {
    return jsonError(decision.status, decision.status === 401 ? editorToasts.sessionExpired : editorToasts.forbidden);
  }
  if (decision.action !== 'allow') return jsonError(403, editorToasts.forbidden);
  const origin = request.headers.get('origin');
  if (request.method !== 'GET' && origin !== null && origin !== url.origin) {
    return jsonError(403, editorToasts.forbidden);
  }
  return undefined;
}

/** The request body, or null when it is larger than `maxBytes` (read no further than that). */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return null;
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** A JSON object body, or an error Response (413 too large, 400 not JSON). */
export async function readJson(request: Request): Promise<{ body: unknown } | { response: Response }> {
  const bytes = await readBodyCapped(request, MAX_JSON_BYTES);
  if (!bytes) return { response: jsonError(413, postErrors.badRequest) };
  try {
    return { body: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return { response: jsonError(400, postErrors.badRequest) };
  }
}

/** A cover upload's bytes, or an error Response (413 over 5 MB). */
export async function readCoverUpload(request: Request): Promise<{ bytes: Uint8Array } | { response: Response }> {
  const bytes = await readBodyCapped(request, MAX_COVER_BYTES);
  if (!bytes) return { response: jsonError(413, coverMessages.tooLarge) };
  return { bytes };
}

/**
 * Known failures of the services as answers; a value the database refused is the
 * request's fault (400); anything else is logged (safely) and a 500.
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof DuplicateSlugError) return jsonError(409, error.message, error.fields);
  if (error instanceof PostValidationError) return jsonError(422, postErrors.invalid, error.fields);
  if (error instanceof PostNotFoundError) return jsonError(404, error.message);
  if (error instanceof CoverUploadError) return jsonError(error.reason === 'size' ? 413 : 422, error.message);
  componentLogger('blog').error(`admin API error: ${describeError(error)}`);
  if (databaseErrorKind(error) === 'rejected') return jsonError(400, inputMessages.dataRejected);
  return jsonError(500, postErrors.unexpected);
}

/** A stored post as the editor works with it. */
export async function toEditorPost(db: DbOrTx, post: BlogPost): Promise<EditorPost> {
  const sizes = post.coverImageId
    ? (await getCoverSizes({ db }, [post.coverImageId])).get(post.coverImageId)
    : undefined;
  return {
    ...toInput(post),
    id: post.id,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    updatedAt: post.updatedAt.toISOString(),
    cover: sizes
      ? {
          id: sizes.id,
          previewUrl: coverUrl(sizes.id, sizes.widths[0]!, 'webp'),
          width: sizes.width,
          height: sizes.height,
        }
      : null,
  };
}
