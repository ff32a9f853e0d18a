/*
 * Who may open which route (SPEC §6; issue 11, finding 1), as one table keyed by Astro's
 * route pattern — the route that will actually render, whatever spelling of the path the
 * request used (`/blog/admin.html`, `/blog/%61dmin`, `//blog/admin`…). The request's path
 * is also normalised and checked, so a path that merely looks like the admin area is
 * guarded even when no admin route matches it.
 *
 * Deny by default: a route whose pattern lies in an admin area but has no entry here is
 * refused to everyone, admins included (tests/unit/access-policy.test.ts fails the build of
 * such a route, so a new admin page cannot ship without its line). No Astro imports.
 */

/** How a refusal is answered: a page redirects to /auth or shows the 403 page; an endpoint gets 401/403. */
export type AreaKind = 'page' | 'endpoint';

export type RoutePolicy =
  /** A signed-in admin only. */
  | { access: 'admin'; kind: AreaKind }
  /** The sign-in page: reads the session (to send a signed-in visitor on), never stored. */
  | { access: 'sign-in' }
  /**
   * Public on purpose, listed so nobody takes it for an oversight: probes and the metrics
   * scraper have no session (/metrics checks its own bearer token, src/server/ops/metrics.ts).
   */
  | { access: 'public' };

/** Path prefixes (whole segments) where only admins may go. */
export const ADMIN_AREAS: readonly string[] = ['/admin', '/blog/admin', '/api/admin'];

/**
 * Astro Actions share one route (`/_actions/[...path]`, or any page with a form post's
 * `?_action=`), so for them the action's name decides: every action of these namespaces
 * (`admin.lgpd.erase`, `posts.create`…) is admin-only. Their actions are written with
 * src/actions/admin-only.ts (tests/unit/access-policy.test.ts holds both sides to it).
 */
export const ADMIN_ACTION_NAMESPACES: readonly string[] = ['admin', 'posts'];

export const SIGN_IN_PAGE = '/auth';
export const ADMIN_HOME = '/blog/admin';

const adminPage: RoutePolicy = { access: 'admin', kind: 'page' };
const adminEndpoint: RoutePolicy = { access: 'admin', kind: 'endpoint' };
const operations: RoutePolicy = { access: 'public' };

/** Every route that is not public, and the operations routes that are, by route pattern (src/pages path without extension or `/index`). */
export const ACCESS_POLICY: Readonly<Record<string, RoutePolicy>> = {
  '/blog/admin': adminPage,
  '/blog/admin/posts': adminPage,
  '/blog/admin/posts/novo': adminPage,
  '/blog/admin/posts/[id]': adminPage,
  '/admin/documentos/[id]': adminEndpoint,
  '/admin/lgpd': adminPage,
  '/admin/lgpd/titular': adminPage,
  '/admin/lgpd/exportar': adminEndpoint,
  [SIGN_IN_PAGE]: { access: 'sign-in' },
  '/api/health': operations,
  '/api/health/live': operations,
  '/api/health/ready': operations,
  '/metrics': operations,
  // Any visitor records a cookie choice (anonymous; validated and rate-limited by the endpoint).
  '/api/consentimento-cookies': { access: 'public' },
};

const MAX_DECODE_ROUNDS = 4;

/**
 * The path as a router might understand it, for comparing against the policy: percent
 * escapes decoded (repeatedly, so `%2561` counts as `a`; never throws on a malformed one),
 * backslashes as slashes, lower case, empty/`.` segments dropped and `..` applied, `;…`
 * segment parameters cut, and a final `.html` or `index` removed.
 * @example normalizePath('//Blog/%61dmin/index.html') // '/blog/admin'
 */
export function normalizePath(pathname: string): string {
  let path = pathname;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    const decoded = path.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const raw of path.replace(/\\/g, '/').toLowerCase().split('/')) {
    const segment = raw.split(';')[0]!;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const last = segments.length - 1;
  if (last >= 0) segments[last] = segments[last]!.replace(/\.html$/, '');
  if (segments[segments.length - 1] === 'index' || segments[segments.length - 1] === '') segments.pop();
  return `/${segments.join('/')}`;
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Whether a path or route pattern lies in an admin area (compared normalised, whole segments). */
export function inAdminArea(pathOrPattern: string): boolean {
  const path = normalizePath(pathOrPattern);
  return ADMIN_AREAS.some((area) => under(path, area));
}

export interface RequestTarget {
  /** Astro's `context.routePattern`: the route that will render (absent outside Astro). */
  routePattern?: string | undefined;
  pathname: string;
  /** The query string (`?_action=admin.x` runs an action from a form post). */
  search?: string;
  method: string;
  accept: string;
}

export type Zone =
  | { zone: 'public' }
  | { zone: 'sign-in' }
  /** `unlisted` — an admin-area route with no policy entry: refused even to admins. */
  | { zone: 'admin'; kind: AreaKind; unlisted: boolean };

/** Whether an action name (as called, any case or escaping) lies in an admin namespace. */
export function isAdminAction(name: string): boolean {
  const namespace = normalizePath(`/${name}`).slice(1).split(/[./]/, 1)[0]!;
  return ADMIN_ACTION_NAMESPACES.includes(namespace);
}

function actionName(target: RequestTarget): string | undefined {
  const path = normalizePath(target.pathname);
  if (path.startsWith('/_actions/')) return path.slice('/_actions/'.length);
  const query = new URLSearchParams(target.search ?? '').get('_action');
  return query === null ? undefined : query.trim().toLowerCase();
}

/**
 * Which zone a request falls in: the policy entry of its route if there is one, else the
 * admin zone whenever the route pattern, the normalised path or the action name is in an
 * admin area. Without an entry to say, a request is answered as a page when it looks like
 * a browser navigation (GET/HEAD accepting HTML), otherwise as an endpoint.
 * @example classifyRequest({ routePattern: '/blog/admin', pathname: '/blog/admin.html', method: 'GET', accept: '*\/*' })
 *   // { zone: 'admin', kind: 'page', unlisted: false }
 */
export function classifyRequest(target: RequestTarget): Zone {
  const pattern = target.routePattern || undefined;
  const entry = pattern === undefined ? undefined : ACCESS_POLICY[pattern];
  if (entry?.access === 'admin') return { zone: 'admin', kind: entry.kind, unlisted: false };

  const patternInArea = pattern !== undefined && inAdminArea(pattern);
  const action = actionName(target);
  if (patternInArea || inAdminArea(target.pathname) || (action !== undefined && isAdminAction(action))) {
    const navigation = (target.method === 'GET' || target.method === 'HEAD') && target.accept.includes('text/html');
    return { zone: 'admin', kind: navigation ? 'page' : 'endpoint', unlisted: patternInArea };
  }
  if (entry?.access === 'sign-in' || normalizePath(target.pathname) === SIGN_IN_PAGE) return { zone: 'sign-in' };
  return { zone: 'public' };
}
