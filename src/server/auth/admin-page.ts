/*
 * The gate every admin page passes before it reads anything: the second lock, behind the
 * middleware's (./guard.ts), with the same rule. The roles come from the route's policy
 * line (./access-policy.ts), never from the page, so no page can forget or widen them; an
 * unlisted route is admins-only. Admin actions ask again in src/actions/admin-only.ts, the
 * endpoints through refuseUnlessAdmin (./require-admin.ts).
 */
import { rolesForRoute } from './access-policy';
import { guardDecision, type CurrentSession } from './guard';

/** What the gate reads of Astro's page global (`Astro` itself fits). */
export interface AdminPageContext {
  locals: { session?: CurrentSession | undefined };
  routePattern: string;
  redirect(path: string): Response;
  rewrite(path: string): Promise<Response>;
}

/** A page let through: the signed-in member of the route's roles. */
export interface AdminPageGate {
  session: CurrentSession;
}

/**
 * For an admin page: the signed-in session when one of the route's roles asks, otherwise the
 * answer to give instead of rendering — the sign-in page for anonymous visitors, the 403 page
 * for anyone else.
 * @example const gate = await adminPage(Astro); if (gate instanceof Response) return gate;
 */
export async function adminPage(page: AdminPageContext): Promise<Response | AdminPageGate> {
  const session = page.locals.session;
  const decision = guardDecision('page', { session, stale: false }, rolesForRoute(page.routePattern));
  if (decision.action === 'allow' && session) return { session };
  if (decision.action === 'redirect') return page.redirect(decision.location);
  if (decision.action === 'forbidden-page') return page.rewrite('/403');
  return new Response(null, { status: decision.action === 'status' ? decision.status : 403 });
}
