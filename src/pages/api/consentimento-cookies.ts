/*
 * POST /api/consentimento-cookies — the cookie banner records each choice here:
 * JSON `{ id, version, analytics, functionality, marketing }` → 204. Public (any
 * visitor may choose; src/server/auth/access-policy.ts lists it), rate-limited per client
 * address like the public forms, validated strictly. The banner does not wait for the
 * answer: the visitor's cookie is what the site obeys, this row is the company's proof.
 * A plain endpoint rather than an action: the banner posts with `keepalive` (withdrawing
 * consent reloads the page at once), which the actions client cannot ask for, and loading that
 * client would put more script on every page than the whole banner.
 */
import type { APIRoute } from 'astro';
import { cookieConsentMessages } from '~/copy/cookie-consent';
import { inputMessages } from '~/messages/input';
import { rateLimitMessage } from '~/copy/messages/lead';
import { cookieConsentRecordSchema } from '~/lib/validation/cookie-consent';
import { clientAddressOf, componentLogger, databaseErrorKind, describeError, NEVER_CACHED } from '~/server/http';

export const prerender = false;

/** A choice is ~120 bytes of JSON; anything much larger is not one. */
const MAX_BODY_BYTES = 1024;

const answer = (status: number, error?: string) =>
  error === undefined
    ? new Response(null, { status, headers: { 'Cache-Control': NEVER_CACHED } })
    : Response.json({ error }, { status, headers: { 'Cache-Control': NEVER_CACHED } });

export const POST: APIRoute = async (context) => {
  const { request, locals } = context;
  const clientAddress = clientAddressOf(context);
  const type = (request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== 'application/json') return answer(415, inputMessages.unsupportedMediaType);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return answer(413, inputMessages.bodyTooLarge);

  // Public endpoints share LEAD_RATE_LIMIT per client address, each with its own counter.
  const runtime = locals.runtime;
  if (!(await runtime.rateLimits.allow('cookies', clientAddress))) return answer(429, rateLimitMessage);

  // src/middleware.ts (safe-request) has already refused JSON that does not parse to an object.
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES) return answer(413, inputMessages.bodyTooLarge);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return answer(400, inputMessages.malformedBody);
  }
  const parsed = cookieConsentRecordSchema.safeParse(body);
  if (!parsed.success) {
    const unknownVersion = parsed.error.issues.some((issue) => issue.message === cookieConsentMessages.unknownVersion);
    return answer(400, unknownVersion ? cookieConsentMessages.unknownVersion : inputMessages.malformedBody);
  }

  if (!runtime.ready()) return answer(503);
  try {
    await runtime.cookieConsent.record(parsed.data);
    return answer(204);
  } catch (error) {
    componentLogger('cookies').error(`consent not recorded: ${describeError(error)}`);
    const kind = databaseErrorKind(error);
    if (kind === 'rejected') return answer(400, inputMessages.dataRejected);
    return answer(kind === 'unavailable' ? 503 : 500);
  }
};
