/*
 * Who may open what (SPEC §6): the table and the path rules live in ./access-policy.ts;
 * this module turns them, and the session of the request, into a decision. It is made
 * here, without Astro; src/middleware.ts turns it into a redirect, a 403 page or a status
 * code, and marks every answer of a guarded zone `private, no-store`.
 */
import type { SecurityLogger } from '../security';
import { ADMIN_ONLY, classifyRequest, mayOpen, type AreaKind, type StaffRole, type Zone } from './access-policy';
import type { Auth } from './auth';
import { COOKIE_PREFIX } from './wire-names';
import { signInLandingFor } from '../../lib/invitation';

export type { AreaKind } from './access-policy';

/** Every answer in the admin area and on /auth: personal data, never kept by a cache. */
export { NO_STORE as PRIVATE_CACHE_CONTROL } from '../http/cache-control';

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

/**
 * What the admin area answers to a request, given who (if anyone) is signed in and the
 * roles the route admits (admins only unless said).
 */
export function guardDecision(
  kind: AreaKind,
  lookup: Pick<SessionLookup, 'session' | 'stale'>,
  roles: readonly StaffRole[] = ADMIN_ONLY,
): GuardDecision {
  const user = lookup.session?.user;
  if (!user) {
    if (kind === 'endpoint') return { action: 'status', status: 401 };
    return { action: 'redirect', location: lookup.stale ? '/auth?sessao=expirada' : '/auth' };
  }
  if (!mayOpen(user.role, roles))
    return kind === 'endpoint' ? { action: 'status', status: 403 } : { action: 'forbidden-page' };
  return { action: 'allow' };
}

/**
 * guardDecision for a request classified into the admin zone, denying by default: an
 * admin-area route nobody wrote a policy line for opens for no one, admins included.
 */
export function adminZoneDecision(
  zone: Extract<Zone, { zone: 'admin' }>,
  lookup: Pick<SessionLookup, 'session' | 'stale'>,
): GuardDecision {
  const decision = guardDecision(zone.kind, lookup, zone.roles);
  if (!zone.unlisted || decision.action !== 'allow') return decision;
  return zone.kind === 'endpoint' ? { action: 'status', status: 403 } : { action: 'forbidden-page' };
}

export type RequestOutcome =
  | { action: 'next' }
  | { action: 'redirect'; location: string }
  | { action: 'forbidden-page' }
  | { action: 'status'; status: 401 | 403 | 404 | 503 };

export interface GuardResult {
  outcome: RequestOutcome;
  session: CurrentSession | undefined;
  setCookies: string[];
  /** The request is in the admin area or on /auth: its answer, whatever it is, must not be stored. */
  private: boolean;
}

export interface GuardedRequest {
  /** Astro's `context.routePattern`, the route that will render; the decision starts from it. */
  routePattern?: string;
  pathname: string;
  search?: string;
  method: string;
  headers: Headers;
}

/**
 * Everything the middleware needs for one request: whether it may go on, who is signed
 * in, and whether the answer is private. Only the admin area and /auth read the session;
 * other pages pass untouched.
 */
export async function guardRequest(
  services: { auth: Auth; security: SecurityLogger },
  request: GuardedRequest,
  clientAddress: string | undefined,
): Promise<GuardResult> {
  const { pathname, headers } = request;
  const zone = classifyRequest({
    routePattern: request.routePattern,
    pathname,
    search: request.search ?? '',
    method: request.method,
    accept: headers.get('accept') ?? '',
  });
  if (zone.zone === 'public')
    return { outcome: { action: 'next' }, session: undefined, setCookies: [], private: false };
  // Read before the session: an ambiguous action call is nobody's, whoever sends it.
  if (zone.zone === 'refused')
    return { outcome: { action: 'status', status: zone.status }, session: undefined, setCookies: [], private: true };

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
      outcome: zone.zone === 'admin' ? { action: 'status', status: 503 } : { action: 'next' },
      session: undefined,
      setCookies: [],
      private: true,
    };
  }
  const { session, setCookies } = lookup;
  if (zone.zone === 'sign-in') {
    return {
      outcome: session ? { action: 'redirect', location: signInLandingFor(session.user.role) } : { action: 'next' },
      session,
      setCookies,
      private: true,
    };
  }
  const decision = adminZoneDecision(zone, lookup);
  if (decision.action === 'forbidden-page' || (decision.action === 'status' && decision.status === 403)) {
    await services.security.log({
      type: 'access_denied',
      source: 'middleware',
      userId: session?.user.id,
      email: session?.user.email,
      ip: clientAddress,
      details: {
        path: pathname,
        ...(request.routePattern ? { route: request.routePattern } : {}),
        ...(zone.unlisted ? { reason: 'route-without-policy' } : {}),
      },
    });
  }
  const outcome: RequestOutcome = decision.action === 'allow' ? { action: 'next' } : decision;
  return { outcome, session, setCookies, private: true };
}
