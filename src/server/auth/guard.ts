/*
 * Who may open what (SPEC §6, issue "Roles"): every /admin/* and /blog/admin/* page and
 * every admin endpoint needs a signed-in admin. The decision is made here, without Astro;
 * src/middleware.ts turns it into a redirect, a 403 page or a status code.
 */
import type { SecurityLogger } from '../security';
import { COOKIE_PREFIX, type Auth } from './auth';

export type AreaKind = 'page' | 'endpoint';

/*
 * Admin endpoints answer 401/403; admin pages redirect to /auth or show the 403 page.
 * Known endpoint folders are endpoints whatever the request; elsewhere in the admin area a
 * browser navigation (GET/HEAD accepting HTML) is treated as a page, and anything else —
 * fetch() calls, form POSTs, scripts — as an endpoint. So a new admin endpoint is answered
 * correctly without being listed here.
 */
export const ADMIN_ENDPOINT_PREFIXES = ['/admin/documentos/', '/api/admin/', '/_actions/admin.'];
export const ADMIN_PAGE_PREFIXES = ['/admin', '/blog/admin'];

const under = (path: string, prefix: string) =>
  prefix.endsWith('/') || prefix.endsWith('.')
    ? path.startsWith(prefix)
    : path === prefix || path.startsWith(`${prefix}/`);

/**
 * Whether a request belongs to the admin area, and whether it is answered as a page or an endpoint.
 * @example adminArea('/blog/admin', 'GET', 'text/html') // 'page'
 * @example adminArea('/blog/admin/posts', 'POST', '*\/*') // 'endpoint'
 * @example adminArea('/blog', 'GET', 'text/html') // undefined
 */
export function adminArea(pathname: string, method = 'GET', accept = 'text/html'): AreaKind | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (ADMIN_ENDPOINT_PREFIXES.some((prefix) => under(path, prefix))) return 'endpoint';
  if (!ADMIN_PAGE_PREFIXES.some((prefix) => under(path, prefix))) return undefined;
  const navigation = (method === 'GET' || method === 'HEAD') && accept.includes('text/html');
  return navigation ? 'page' : 'endpoint';
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: string;
}

export interface CurrentSession {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
}

export interface SessionLookup {
  session: CurrentSession | undefined;
  /** A session cookie came with the request but names no live session (expired or revoked). */
  stale: boolean;
  /** Set-Cookie headers Better Auth produced (the sliding refresh, or clearing a dead cookie). */
  setCookies: string[];
}

/** Whether the request carries a session cookie at all (secure or not). */
export function hasSessionCookie(headers: Headers): boolean {
  const cookie = headers.get('cookie') ?? '';
  return new RegExp(`(?:^|;\\s*)(?:__Secure-)?${COOKIE_PREFIX}\\.session_token=`).test(cookie);
}

/**
 * Reads (and slides) the session of a request. A read is activity: it moves the 24 h
 * inactivity deadline, which is why only admin-area requests and /auth call this.
 */
export async function lookupSession(auth: Auth, headers: Headers): Promise<SessionLookup> {
  if (!hasSessionCookie(headers)) return { session: undefined, stale: false, setCookies: [] };
  const { headers: responseHeaders, response } = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = responseHeaders?.getSetCookie?.() ?? [];
  if (!response) return { session: undefined, stale: true, setCookies };
  const user = response.user as typeof response.user & { role?: string | null };
  return {
    session: {
      user: { id: user.id, email: user.email, name: user.name, role: user.role ?? 'user' },
      sessionId: response.session.id,
      expiresAt: new Date(response.session.expiresAt),
    },
    stale: false,
    setCookies,
  };
}

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'redirect'; location: string }
  | { action: 'forbidden-page' }
  | { action: 'status'; status: 401 | 403 };

/** What the admin area answers to a request, given who (if anyone) is signed in. */
export function guardDecision(kind: AreaKind, lookup: Pick<SessionLookup, 'session' | 'stale'>): GuardDecision {
  const user = lookup.session?.user;
  if (!user) {
    if (kind === 'endpoint') return { action: 'status', status: 401 };
    return { action: 'redirect', location: lookup.stale ? '/auth?sessao=expirada' : '/auth' };
  }
  if (user.role !== 'admin')
    return kind === 'endpoint' ? { action: 'status', status: 403 } : { action: 'forbidden-page' };
  return { action: 'allow' };
}

/** The sign-in page: a signed-in visitor is sent on to the admin area (SPEC §2 'Auth'). */
export const AUTH_PAGE = '/auth';
export const ADMIN_HOME = '/blog/admin';

export type RequestOutcome =
  | { action: 'next' }
  | { action: 'redirect'; location: string }
  | { action: 'forbidden-page' }
  | { action: 'status'; status: 401 | 403 | 503 };

export interface GuardResult {
  outcome: RequestOutcome;
  session: CurrentSession | undefined;
  setCookies: string[];
}

/**
 * Everything the middleware needs for one request: whether it may go on, and who is
 * signed in. Only the admin area and /auth read the session; other pages pass untouched.
 */
export async function guardRequest(
  services: { auth: Auth; security: SecurityLogger },
  request: { pathname: string; method: string; headers: Headers },
  clientAddress: string | undefined,
): Promise<GuardResult> {
  const { pathname, headers } = request;
  const kind = adminArea(pathname, request.method, headers.get('accept') ?? '');
  const isAuthPage = pathname === AUTH_PAGE;
  if (!kind && !isAuthPage) return { outcome: { action: 'next' }, session: undefined, setCookies: [] };

  let lookup: SessionLookup;
  try {
    lookup = await lookupSession(services.auth, headers);
  } catch (error) {
    await services.security.log({
      type: 'profile_fetch_error',
      source: 'middleware',
      ip: clientAddress,
      details: { path: pathname, error: (error as Error).message },
    });
    // The sign-in page still works without knowing the session; the admin area does not.
    return {
      outcome: kind ? { action: 'status', status: 503 } : { action: 'next' },
      session: undefined,
      setCookies: [],
    };
  }
  const { session, setCookies } = lookup;
  if (!kind) {
    return {
      outcome: session ? { action: 'redirect', location: ADMIN_HOME } : { action: 'next' },
      session,
      setCookies,
    };
  }
  const decision = guardDecision(kind, lookup);
  if (decision.action === 'forbidden-page' || (decision.action === 'status' && decision.status === 403)) {
    await services.security.log({
      type: 'access_denied',
      source: 'middleware',
      userId: session?.user.id,
      email: session?.user.email,
      ip: clientAddress,
      details: { path: pathname },
    });
  }
  const outcome: RequestOutcome = decision.action === 'allow' ? { action: 'next' } : decision;
  return { outcome, session, setCookies };
}
