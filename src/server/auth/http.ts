/*
 * The auth endpoint's HTTP wrapper, shared by the Astro route and the tests:
 * - the client IP comes from the connection (Astro's clientAddress), never from a header
 *   the client sent — Better Auth reads it from CLIENT_IP_HEADER, which is overwritten here;
 * - 429s and server errors become security events;
 * - Better Auth's English error messages become the spec's pt-BR ones, so the card can
 *   show "the server's message" as SPEC §8 asks;
 * - only the endpoints the site uses are open (OPEN_ENDPOINTS). Better Auth and its admin
 *   plugin serve many more (set-role, impersonate-user, remove-user, change-email,
 *   delete-user…), which would bypass the team's rules in src/server/auth/team-members.ts
 *   (last admin, sessions ended on a demotion, events logged): every other path is a 404,
 *   whatever its spelling, so an endpoint a library update adds stays closed too.
 */
import { authErrors } from '../../messages/auth';
import { describeError } from '../describe-error';
import { NEVER_CACHED } from '../http/cache-control';
import { componentLogger } from '../log/logger';
import type { SecurityLogger } from '../security';
import { NEW_PASSWORD_PAGE, VERIFIED_CALLBACK, type Auth } from './auth';
import { CLIENT_IP_HEADER, INVALID_NAME_CODE } from './auth-hooks';

const BASE_PATH = '/api/auth';

/** Method and path (under /api/auth, exactly as sent) of every Better Auth endpoint the site calls. */
const OPEN_ENDPOINTS: readonly (readonly [string, string | RegExp])[] = [
  ['GET', '/get-session'],
  ['POST', '/sign-in/email'],
  ['POST', '/sign-up/email'],
  ['POST', '/sign-out'],
  ['POST', '/request-password-reset'],
  // The e-mailed link: Better Auth checks the token and sends the browser on to /auth/nova-senha.
  ['GET', /^\/reset-password\/[A-Za-z0-9_-]{1,64}$/],
  ['POST', '/reset-password'],
];

/** Whether the site serves this auth request (anything else answers 404). */
export function isOpenAuthEndpoint(method: string, pathname: string): boolean {
  if (!pathname.startsWith(`${BASE_PATH}/`)) return false;
  const path = pathname.slice(BASE_PATH.length);
  return OPEN_ENDPOINTS.some(
    ([allowed, pattern]) => allowed === method && (typeof pattern === 'string' ? pattern === path : pattern.test(path)),
  );
}

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: authErrors.invalidCredentials,
  EMAIL_NOT_VERIFIED: authErrors.emailNotVerified,
  INVALID_EMAIL: authErrors.invalidEmail,
  INVALID_PASSWORD: authErrors.weakPassword,
  PASSWORD_TOO_SHORT: authErrors.weakPassword,
  PASSWORD_TOO_LONG: authErrors.weakPassword,
  WEAK_PASSWORD: authErrors.weakPassword,
  USER_ALREADY_EXISTS: authErrors.userExists,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: authErrors.userExists,
  ACCOUNT_LOCKED: authErrors.locked,
  INVALID_INPUT: authErrors.invalidInput,
  TOO_MANY_REQUESTS: authErrors.tooManyRequests,
  INVALID_ORIGIN: authErrors.invalidOrigin,
  MISSING_OR_NULL_ORIGIN: authErrors.invalidOrigin,
  INVALID_CALLBACK_URL: authErrors.invalidOrigin,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: authErrors.invalidOrigin,
  INVALID_TOKEN: authErrors.invalidResetLink,
  NOT_FOUND: authErrors.notFound,
};

/** Codes our own hooks raise with the precise pt-BR message already in the body. */
const OWN_MESSAGE_CODES = new Set([INVALID_NAME_CODE]);

/** The pt-BR message for a Better Auth error code (a generic one for codes we don't list). */
export function authErrorMessage(code: string | undefined): string {
  return (code && MESSAGES[code]) || authErrors.generic;
}

async function localize(response: Response): Promise<Response> {
  if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return response;
  let body: Record<string, unknown>;
  try {
    body = (await response.clone().json()) as Record<string, unknown>;
  } catch {
    return response;
  }
  if (!body || typeof body !== 'object') return response;
  const code =
    typeof body['code'] === 'string' ? body['code'] : response.status === 429 ? 'TOO_MANY_REQUESTS' : undefined;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const message =
    code && OWN_MESSAGE_CODES.has(code) && typeof body['message'] === 'string'
      ? body['message']
      : authErrorMessage(code);
  return new Response(JSON.stringify({ ...body, code, message }), {
    // The lock can be decided after Better Auth already chose 401 (the failure that locks).
    ...(code === 'ACCOUNT_LOCKED'
      ? { status: 423, statusText: 'Locked' }
      : { status: response.status, statusText: response.statusText }),
    headers,
  });
}

/**
 * Runs one request through Better Auth with the connection's IP. Without one (the client
 * hung up before the server read its address) nothing is run: Better Auth would skip its
 * per-IP rate limit for a request with no address.
 */
export async function handleAuthRequest(
  auth: Auth,
  request: Request,
  clientAddress: string | undefined,
  security: SecurityLogger,
): Promise<Response> {
  if (!clientAddress) {
    return Response.json(
      { code: 'CLIENT_ADDRESS_UNKNOWN', message: authErrors.generic },
      { status: 400, headers: { 'Cache-Control': NEVER_CACHED } },
    );
  }
  const path = new URL(request.url).pathname;
  if (!isOpenAuthEndpoint(request.method, path)) {
    // A confirmation link mailed before confirmations set the password: it confirms nothing now.
    if (request.method === 'GET' && path === `${BASE_PATH}/verify-email`) {
      return new Response(null, {
        status: 302,
        headers: { Location: `${VERIFIED_CALLBACK}&error=INVALID_TOKEN`, 'Cache-Control': NEVER_CACHED },
      });
    }
    return Response.json(
      { code: 'NOT_FOUND', message: authErrors.notFound },
      { status: 404, headers: { 'Cache-Control': NEVER_CACHED } },
    );
  }
  request.headers.delete(CLIENT_IP_HEADER);
  request.headers.set(CLIENT_IP_HEADER, clientAddress);
  let response: Response;
  try {
    response = await auth.handler(request);
  } catch (error) {
    await security.log({
      type: 'authentication_error',
      source: 'auth:handler',
      ip: clientAddress,
      // Stored and shown on the dashboard: the class and code only, never a driver message with values.
      details: { path, error: describeError(error) },
    });
    // Answered here rather than rethrown: what Astro or Better Auth would print holds the request's values.
    componentLogger('auth').error(`${path} failed: ${describeError(error)}`);
    return Response.json(
      { code: 'INTERNAL_SERVER_ERROR', message: authErrors.generic },
      { status: 500, headers: { 'Cache-Control': NEVER_CACHED } },
    );
  }
  if (response.status === 429) {
    await security.log({ type: 'rate_limited', source: 'auth:rate-limit', ip: clientAddress, details: { path } });
  } else if (response.status >= 500) {
    await security.log({
      type: 'authentication_error',
      source: 'auth:handler',
      ip: clientAddress,
      details: { path, status: response.status },
    });
  }
  return localize(sameOriginRedirect(response));
}

/**
 * Better Auth answers an e-mailed link with an absolute redirect built from SITE_URL; the
 * browser stays on the host it used (a loopback alias, a preview's address) when it is
 * made relative, as every other redirect of the site is.
 */
function sameOriginRedirect(response: Response): Response {
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location) return response;
  const target = new URL(location, 'http://relative.invalid');
  if (target.pathname !== NEW_PASSWORD_PAGE) return response;
  const headers = new Headers(response.headers);
  headers.set('location', target.pathname + target.search);
  headers.set('cache-control', NEVER_CACHED);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
