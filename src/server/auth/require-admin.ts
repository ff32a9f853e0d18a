/*
 * The second lock, where the data is read: every admin page asks again, with the guard's
 * own rule, before it touches the database. The middleware has already refused everyone
 * else (./guard.ts); this makes a route the policy ever misses fail closed instead of
 * leaking (issue 11, finding 1). Admin endpoints do the same through
 * src/server/blog/admin-api.ts (refuseUnlessAdmin) and the documents' own check.
 */
import { guardDecision, type CurrentSession } from './guard';

/** The page's ways of answering instead of rendering (Astro's `Astro.redirect` / `Astro.rewrite`). */
export interface PageAnswers {
  redirect(path: string): Response;
  rewrite(path: string): Promise<Response>;
}

/** Whether the session is a signed-in admin's. */
export function isAdminSession(session: CurrentSession | undefined): boolean {
  return guardDecision('endpoint', { session, stale: false }).action === 'allow';
}

/**
 * For an admin page: undefined when a signed-in admin asks, otherwise what to answer —
 * the sign-in page for anonymous visitors, the 403 page for anyone else.
 * @example const refused = await refuseUnlessAdminPage(Astro.locals.session, Astro); if (refused) return refused;
 */
export async function refuseUnlessAdminPage(
  session: CurrentSession | undefined,
  page: PageAnswers,
): Promise<Response | undefined> {
  const decision = guardDecision('page', { session, stale: false });
  if (decision.action === 'allow') return undefined;
  if (decision.action === 'redirect') return page.redirect(decision.location);
  if (decision.action === 'forbidden-page') return page.rewrite('/403');
  return new Response(null, { status: decision.status });
}
