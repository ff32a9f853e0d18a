/*
 * The caching of the redirects the front servers answer before any routing (a `…/index.html`
 * target, a trailing slash in the private areas: src/integrations/index-html-redirect.mjs),
 * beside ./cdn-cache.ts, which decides for every answer that passes the middleware. Astro's
 * own trailing-slash redirect runs before the middleware, so without this an admin page's
 * 301 carried no Cache-Control — a browser keeps a 301 for good — and kept the query, where
 * the leads list holds a search (an e-mail, a name).
 *
 * In the private areas (the admin areas and sign-in: ADMIN_AREAS and SIGN_IN_PAGE of
 * src/server/auth/access-policy.ts, which tests/unit/index-html-redirect.test.ts holds this
 * list to) such a redirect is `no-store` (src/server/http/cache-control.ts); in the admin areas
 * it also drops the query. Loaded by scripts/serve.mjs with Node itself, hence the `.ts`
 * imports of modules that import nothing.
 */
import { NO_STORE } from '../http/cache-control.ts';
import { normalizePath } from '../http/normalize-path.ts';

export interface RedirectRules {
  /** One spelling per path (`/ADMIN/%6Ceads/` is `/admin/leads`). */
  normalize: (pathname: string) => string;
  /** Redirects here are never kept by any cache. */
  privateAreas: readonly string[];
  /** Redirects here also drop the query. */
  queryFreeAreas: readonly string[];
  /** Their Cache-Control. */
  noStore: string;
}

export const ADMIN_REDIRECT_AREAS = ['/admin', '/blog/admin', '/api/admin'] as const;
export const SIGN_IN_REDIRECT_AREA = '/auth';

export const REDIRECT_RULES: RedirectRules = {
  normalize: normalizePath,
  privateAreas: [...ADMIN_REDIRECT_AREAS, SIGN_IN_REDIRECT_AREA],
  queryFreeAreas: ADMIN_REDIRECT_AREAS,
  noStore: NO_STORE,
};
