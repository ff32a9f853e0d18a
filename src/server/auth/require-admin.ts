/*
 * The second lock, where the data is read, for what is not a page (pages pass
 * adminPage, ./admin-page.ts): the admin endpoints (file downloads) through refuseUnlessAdmin
 * below and the documents' own check, admin actions through src/actions/admin-only.ts. The
 * middleware has already refused everyone else (./guard.ts); this makes a route the policy
 * ever misses fail closed instead of leaking.
 */
import { adminRefusals } from '~/messages/auth';
import { httpMessages } from '~/messages/http';
import { NO_STORE } from '../http/cache-control';
import { isActionRequest } from '../http/action-call';
import { ADMIN_ONLY, mayOpen, type StaffRole } from './access-policy';
import { guardDecision, type CurrentSession } from './guard';

/** Whether the session is a signed-in admin's. */
export function isAdminSession(session: CurrentSession | undefined): boolean {
  return guardDecision('endpoint', { session, stale: false }).action === 'allow';
}

/**
 * Whether the session's role is one of `roles` (access-policy's rolesForRoute / rolesForAction).
 * @example hasRole(Astro.locals.session, rolesForRoute(Astro.routePattern))
 */
export function hasRole(session: CurrentSession | undefined, roles: readonly StaffRole[]): boolean {
  return session !== undefined && mayOpen(session.user.role, roles);
}

/**
 * For an admin endpoint: undefined when a signed-in member of `roles` (admins unless said)
 * asks from this site, otherwise the refusal the middleware would give (401 anonymous, 403
 * anyone else, as pt-BR text). A cross-site request (a foreign Origin) is refused too —
 * SameSite cookies already stop most, this stops the rest.
 * @example const refused = refuseUnlessAdmin(locals.session, request, url); if (refused) return refused;
 * @example refuseUnlessAdmin(locals.session, request, url, rolesForRoute(routePattern))
 */
export function refuseUnlessAdmin(
  session: CurrentSession | undefined,
  request: Request,
  url: URL,
  roles: readonly StaffRole[] = ADMIN_ONLY,
): Response | undefined {
  const decision = guardDecision('endpoint', { session, stale: false }, roles);
  const origin = request.headers.get('origin');
  const crossSite = request.method !== 'GET' && origin !== null && origin !== url.origin;
  if (decision.action === 'allow' && !crossSite) return undefined;
  return adminRefusal(decision.action === 'status' ? decision.status : 403, url);
}

const ACTION_CODES = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 503: 'SERVICE_UNAVAILABLE' } as const;
const REFUSALS = { ...adminRefusals, 404: httpMessages.unknownAction } as const;

/**
 * The admin area's refusal as an answer, in pt-BR: plain text for pages and endpoints; for
 * an action call, Astro's serialized ActionError, so `actions.posts.create()` reads its code
 * (UNAUTHORIZED, FORBIDDEN…) like any other action error instead of an unreadable body.
 */
export function adminRefusal(status: 401 | 403 | 404 | 503, url: URL): Response {
  const action = isActionRequest(url);
  const body = action
    ? JSON.stringify({ type: 'AstroActionError', code: ACTION_CODES[status], status, message: REFUSALS[status] })
    : REFUSALS[status];
  return new Response(body, {
    status,
    headers: {
      'Content-Type': action ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
      'Cache-Control': NO_STORE,
    },
  });
}
