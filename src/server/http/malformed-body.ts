/*
 * Bodies the server cannot read are the sender's fault: a 400 with a short pt-BR
 * message, decided before any route or action sees them.
 *
 * Why here and not in each route: where a framework parses the body for us, its
 * failures are 500s. Astro's action runtime rethrows anything but a TypeError, so `{`
 * posted as JSON to /_actions/lead was a 500 with a stack trace in the log, and broken
 * multipart in a form post threw the same way; Better Auth (/api/auth/*) throws on broken multipart, and a NUL in
 * an e-mail reached PostgreSQL, which refuses it. The rule:
 * - a JSON body, to any endpoint, must be UTF-8 that parses to an object (no endpoint of
 *   the site takes anything else, and Better Auth's hooks assume one), and no string in it
 *   (keys included) may hold a character no submitted text may hold (src/lib/validation/text.ts);
 * - a body a framework parses (Astro Actions, Better Auth) must parse as the form it
 *   declares; an action called through the RPC route takes a form or JSON, a form post
 *   (`?_action=`) only a form — the page it posts to reads it as one
 *   to show it again; Better Auth's form values follow the text rule too (it has no schema of ours; the
 *   actions' zod schemas say it per field);
 * - our own routes parse their bodies themselves (the implementation upload) and already
 *   answer their problems with 4xx.
 * Bodies read here stop at 1 MB, beyond it 413; an upload action (the blog cover) may send
 * up to its own limit, which Astro's action limit (astro.config.mjs) follows.
 */
import { inputMessages } from '~/messages/input';
import { COVER_UPLOAD_BODY_BYTES } from '~/lib/cover-image';
import { hasForbiddenCharacters } from '~/lib/validation/text';
import { actionCallOf, isActionRequest } from './action-call';
import { NEVER_CACHED } from './cache-control';

/** Largest JSON or action-form body read here (Astro's default action limit). */
export const MAX_PARSED_BODY_BYTES = 1024 * 1024;

/**
 * Actions that take a file, and the body each may send instead of MAX_PARSED_BODY_BYTES.
 * Only admins reach them: the admin guard runs before this step and reads no body.
 */
export const UPLOAD_ACTION_BODY_BYTES: Readonly<Record<string, number>> = {
  'posts.uploadCover': COVER_UPLOAD_BODY_BYTES,
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

type Refusal = { status: 400 | 413 | 415; message: string };

const malformed: Refusal = { status: 400, message: inputMessages.malformedBody };
const invalidCharacters: Refusal = { status: 400, message: inputMessages.invalidCharacters };

/** `application/json; charset=utf-8` → `application/json`. */
function mediaType(header: string | null): string {
  return (header ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

function isJson(type: string): boolean {
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The largest body this request may send to be judged here. */
function bodyLimit(url: URL): number {
  const call = actionCallOf({ pathname: url.pathname, search: url.search });
  const name = call.kind === 'action' ? call.name : undefined;
  return (
    (name !== undefined && Object.hasOwn(UPLOAD_ACTION_BODY_BYTES, name) && UPLOAD_ACTION_BODY_BYTES[name]) ||
    MAX_PARSED_BODY_BYTES
  );
}

/** Which framework parses this request's body for us, if any. */
function bodyParser(url: URL): 'action' | 'auth' | undefined {
  if (isActionRequest(url)) return 'action';
  if (url.pathname === '/api/auth' || url.pathname.startsWith('/api/auth/')) return 'auth';
  return undefined;
}

/** The body's bytes, or null past `max` (reading stops there). Reads a clone: the route still gets the body. */
async function readCapped(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return null;
  const body = request.clone().body;
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // Not awaited: a clone's cancel settles only once the original branch is cancelled too.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Whether any string in a parsed JSON value (object keys too) breaks the text rule. Iterative: depth is the sender's. */
export function jsonHasForbiddenCharacters(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (hasForbiddenCharacters(item)) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item) stack.push(inner);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (hasForbiddenCharacters(key)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

async function judgeJson(request: Request): Promise<Refusal | undefined> {
  const bytes = await readCapped(request, MAX_PARSED_BODY_BYTES);
  if (!bytes) return { status: 413, message: inputMessages.bodyTooLarge };
  // An empty body is "no input", which each endpoint answers for itself.
  if (bytes.byteLength === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return malformed;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return malformed;
  return jsonHasForbiddenCharacters(parsed) ? invalidCharacters : undefined;
}

async function judgeForm(
  request: Request,
  type: string,
  checkText: boolean,
  limit: number,
): Promise<Refusal | undefined> {
  const bytes = await readCapped(request, limit);
  if (!bytes) return { status: 413, message: inputMessages.bodyTooLarge };
  let form: FormData;
  try {
    // The same parser Astro's action runtime and Better Auth use (undici's), on a copy of the bytes.
    form = await new Response(bytes, {
      headers: { 'content-type': request.headers.get('content-type') ?? type },
    }).formData();
  } catch {
    return malformed;
  }
  if (!checkText) return undefined;
  for (const [key, value] of form) {
    if (hasForbiddenCharacters(key) || (typeof value === 'string' && hasForbiddenCharacters(value))) {
      return invalidCharacters;
    }
  }
  return undefined;
}

async function judge(request: Request, url: URL): Promise<Refusal | undefined> {
  if (!BODY_METHODS.has(request.method)) return undefined;
  const type = mediaType(request.headers.get('content-type'));
  const parser = bodyParser(url);
  if (parser === 'action' && url.searchParams.has('_action') && !FORM_TYPES.has(type)) {
    return { status: 415, message: inputMessages.unsupportedMediaType };
  }
  if (isJson(type)) return judgeJson(request);
  if (!parser) return undefined;
  if (FORM_TYPES.has(type)) return judgeForm(request, type, parser === 'auth', bodyLimit(url));
  if (parser === 'action') return { status: 415, message: inputMessages.unsupportedMediaType };
  return undefined;
}

const ACTION_CODES = { 400: 'BAD_REQUEST', 413: 'CONTENT_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' } as const;

/**
 * The answer to a body this server cannot read, or undefined to let the request through.
 * Action calls get Astro's serialized ActionError shape, so `actions.lead()` reads the
 * message as from any action error; other endpoints get `{ error, message }` (the key the
 * site's endpoints use, and the one Better Auth's client reads).
 */
export async function malformedBodyResponse(request: Request, url: URL): Promise<Response | undefined> {
  const refusal = await judge(request, url);
  if (!refusal) return undefined;
  const body = isActionRequest(url)
    ? { type: 'AstroActionError', code: ACTION_CODES[refusal.status], status: refusal.status, message: refusal.message }
    : { error: refusal.message, message: refusal.message };
  return new Response(JSON.stringify(body), {
    status: refusal.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': NEVER_CACHED },
  });
}
