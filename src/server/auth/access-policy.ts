/*
 * Who may open which route (SPEC §6), as one table keyed by Astro's
 * route pattern — the route that will actually render, whatever spelling of the path the
 * request used (`/blog/admin.html`, `/blog/%61dmin`, `//blog/admin`…). The request's path
 * is also normalised and checked, so a path that merely looks like the admin area is
 * guarded even when no admin route matches it.
 *
 * Deny by default: a route whose pattern lies in an admin area but has no entry here is
 * refused to everyone, admins included (tests/unit/access-policy.test.ts fails the build of
 * such a route, so a new admin page cannot ship without its line). No Astro imports.
 *
 * Each admin-area line names the team roles that may open it: `admin`
 * everything (and the people: accounts, roles, sessions), `vendas` the sales side (leads,
 * implementation requests, deliveries, reports — never the blog nor the people), `editor`
 * the blog only. A signed-in account with no team role (`user`) opens nothing here.
 *
 * How a path is normalised and how an action call is read, exactly as Astro reads them, live
 * in src/server/http (normalize-path.ts, action-call.ts): they know nothing of roles.
 */

import { actionCallOf } from '../http/action-call';
import { normalizePath } from '../http/normalize-path';

/** How a refusal is answered: a page redirects to /auth or shows the 403 page; an endpoint gets 401/403. */
export type AreaKind = 'page' | 'endpoint';

/** The team's roles, as `auth_user.role` holds them; `npm run admin:grant -- <email> --role <role>` sets one. */
export const STAFF_ROLES = ['admin', 'vendas', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who may open what: admins only; admins and the sales team; admins and blog editors; the whole team. */
export const ADMIN_ONLY: readonly StaffRole[] = ['admin'];
export const SALES_TEAM: readonly StaffRole[] = ['admin', 'vendas'];
export const BLOG_TEAM: readonly StaffRole[] = ['admin', 'editor'];
export const WHOLE_TEAM: readonly StaffRole[] = STAFF_ROLES;

export type RoutePolicy =
  /** A signed-in member of the team with one of `roles` (the admin area). */
  | { access: 'admin'; kind: AreaKind; roles: readonly StaffRole[] }
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
 * (`admin.lgpd.erase`, `posts.create`…) is in the admin area, open to the roles listed.
 * Their actions are written with src/actions/admin-only.ts, which asks again with the
 * same roles (tests/unit/access-policy.test.ts holds both sides to it).
 */
export const ACTION_ROLES: Readonly<Record<string, readonly StaffRole[]>> = {
  admin: ADMIN_ONLY,
  posts: BLOG_TEAM,
  /** Lead pipeline and notes (src/actions/leads.ts). */
  leads: SALES_TEAM,
  /** Re-sending a lead's failed deliveries (src/actions/entregas.ts). */
  entregas: SALES_TEAM,
  /** Implementation requests' status (src/actions/implantacoes.ts). */
  implantacoes: SALES_TEAM,
  /** A lead's next step and one's own morning digest (src/actions/agenda.ts); a namespace is lower case, as the guard reads paths. */
  agenda: SALES_TEAM,
  /** Roles and sessions of the people, and invitations to the team (src/actions/usuarios.ts). */
  usuarios: ADMIN_ONLY,
};
export const ADMIN_ACTION_NAMESPACES: readonly string[] = Object.keys(ACTION_ROLES);

export const SIGN_IN_PAGE = '/auth';
export const ADMIN_HOME = '/blog/admin';

const page = (roles: readonly StaffRole[]): RoutePolicy => ({ access: 'admin', kind: 'page', roles });
const endpoint = (roles: readonly StaffRole[]): RoutePolicy => ({ access: 'admin', kind: 'endpoint', roles });
const operations: RoutePolicy = { access: 'public' };

/** Every route that is not public, and the operations routes that are, by route pattern (src/pages path without extension or `/index`). */
export const ACCESS_POLICY: Readonly<Record<string, RoutePolicy>> = {
  // Where sign-in lands: the sales team sees leads and requests there, an editor is sent on to the posts.
  '/blog/admin': page(WHOLE_TEAM),
  '/blog/admin/posts': page(BLOG_TEAM),
  '/blog/admin/posts/novo': page(BLOG_TEAM),
  '/blog/admin/posts/[id]': page(BLOG_TEAM),
  // Identity documents (CNH): admins only, and every download is recorded.
  '/admin/documentos/[id]': endpoint(ADMIN_ONLY),
  '/admin/implantacoes': page(SALES_TEAM),
  '/admin/implantacoes/[id]': page(SALES_TEAM),
  // A lead's page: its data, history, deliveries and the same person's other leads and requests.
  '/admin/leads/[id]': page(SALES_TEAM),
  // The leads' deliveries and their re-sending.
  '/admin/entregas': page(SALES_TEAM),
  '/admin/lgpd': page(ADMIN_ONLY),
  '/admin/lgpd/titular': page(ADMIN_ONLY),
  '/admin/lgpd/exportar': endpoint(ADMIN_ONLY),
  // A salesperson's home: next steps due today and overdue, leads past the 2-hour promise, the digest switch.
  '/admin/hoje': page(SALES_TEAM),
  // The sales inbox: the leads list and its CSV export.
  '/admin/leads': page(SALES_TEAM),
  '/admin/leads/exportar': endpoint(SALES_TEAM),
  // The people: accounts, roles, sessions.
  '/admin/usuarios': page(ADMIN_ONLY),
  '/admin/relatorios': page(SALES_TEAM),
  // Visits, the funnel and visit→lead rates (cookieless counts), and each table's CSV.
  '/admin/visitas': page(SALES_TEAM),
  '/admin/visitas/exportar': endpoint(SALES_TEAM),
  [SIGN_IN_PAGE]: { access: 'sign-in' },
  // Open to anyone, signed in or not: asking for a link to set the password, and the page the link opens.
  '/auth/esqueci-senha': { access: 'public' },
  '/auth/nova-senha': { access: 'public' },
  // An invitation link's page: the token is the key; bounded per client address (src/server/auth/invitation-accept.ts).
  '/auth/convite': { access: 'public' },
  '/api/health': operations,
  '/api/health/live': operations,
  '/api/health/ready': operations,
  '/metrics': operations,
  // Any visitor records a cookie choice (anonymous; validated and rate-limited by the endpoint).
  '/api/consentimento-cookies': { access: 'public' },
  // The visit beacon and the <noscript> pixel (src/server/analytics): anonymous counts only.
  '/api/visita': { access: 'public' },
};

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
  /** A request answered with `status` before anything reads it (an ambiguous action call). */
  | { zone: 'refused'; status: 404 }
  /**
   * `roles` — who may pass; `unlisted` — an admin-area route with no policy entry:
   * refused even to admins.
   */
  | { zone: 'admin'; kind: AreaKind; unlisted: boolean; roles: readonly StaffRole[] };

/**
 * The roles an action (as called, any case or escaping) is open to; undefined when it
 * lies in no admin namespace (a public action, such as the lead form's).
 * @example rolesForAction('posts.create') // ['admin', 'editor']
 */
export function rolesForAction(name: string): readonly StaffRole[] | undefined {
  const namespace = normalizePath(`/${name}`).slice(1).split(/[./]/, 1)[0]!;
  return Object.hasOwn(ACTION_ROLES, namespace) ? ACTION_ROLES[namespace] : undefined;
}

/** Whether an action name (as called, any case or escaping) lies in an admin namespace. */
export function isAdminAction(name: string): boolean {
  return rolesForAction(name) !== undefined;
}

/**
 * The roles a route pattern is open to: its policy line's, or admins only for anything
 * else (an unlisted admin route is refused to everyone by the guard all the same).
 * @example rolesForRoute('/blog/admin/posts') // ['admin', 'editor']
 */
export function rolesForRoute(pattern: string | undefined): readonly StaffRole[] {
  const entry = pattern === undefined ? undefined : ACCESS_POLICY[pattern];
  return entry?.access === 'admin' ? entry.roles : ADMIN_ONLY;
}

/** Each policy line's pattern as a regular expression over a normalised path (`[id]` one segment, `[...rest]` any). */
const PATTERN_MATCHERS: readonly [RegExp, RoutePolicy][] = Object.entries(ACCESS_POLICY).map(([pattern, policy]) => [
  new RegExp(
    `^${pattern
      .split(/(\[\.\.\.[^\]]+\]|\[[^\]]+\])/)
      .map((part) =>
        part.startsWith('[...') ? '.+' : part.startsWith('[') ? '[^/]+' : part.replace(/[.*+?^${}()|\\]/g, '\\$&'),
      )
      .join('')}$`,
  ),
  policy,
]);

/**
 * The roles of the policy line a path would be, once normalised (`/BLOG/ADMIN/POSTS` →
 * `/blog/admin/posts`): what a spelling Astro does not route gets, so it is refused to the
 * same people as the route it spells. Admins only when it spells none.
 * @example rolesForPath('/Blog/Admin/Posts/abc.html') // ['admin', 'editor']
 */
export function rolesForPath(pathname: string): readonly StaffRole[] {
  const path = normalizePath(pathname);
  const match = PATTERN_MATCHERS.find(([matcher]) => matcher.test(path));
  return match?.[1].access === 'admin' ? match[1].roles : ADMIN_ONLY;
}

/**
 * Whether an account's role is one of `roles`.
 * @example mayOpen('vendas', SALES_TEAM) // true
 * @example mayOpen('user', WHOLE_TEAM)   // false
 */
export function mayOpen(role: string | null | undefined, roles: readonly StaffRole[]): boolean {
  return (roles as readonly string[]).includes(role ?? '');
}

/**
 * Which zone a request falls in: the policy entry of its route if there is one, else the
 * admin zone whenever the route pattern, the normalised path or the action name is in an
 * admin area. Without an entry to say, a request is answered as a page when it looks like
 * a browser navigation (GET/HEAD accepting HTML), otherwise as an endpoint.
 * @example classifyRequest({ routePattern: '/blog/admin', pathname: '/blog/admin.html', method: 'GET', accept: '*\/*' })
 *   // { zone: 'admin', kind: 'page', unlisted: false, roles: ['admin', 'vendas', 'editor'] }
 */
export function classifyRequest(target: RequestTarget): Zone {
  const pattern = target.routePattern || undefined;
  const entry = pattern === undefined ? undefined : ACCESS_POLICY[pattern];
  const action = actionCallOf(target);
  if (action.kind === 'ambiguous') return { zone: 'refused', status: 404 };
  const actionRoles = action.kind === 'action' ? rolesForAction(action.name) : undefined;
  // An admin action posted to an admin page needs both: a role the page admits and one the action admits.
  const both = (roles: readonly StaffRole[]) =>
    actionRoles === undefined ? roles : roles.filter((role) => actionRoles.includes(role));
  if (entry?.access === 'admin') return { zone: 'admin', kind: entry.kind, unlisted: false, roles: both(entry.roles) };

  const patternInArea = pattern !== undefined && inAdminArea(pattern);
  const pathInArea = patternInArea || inAdminArea(target.pathname);
  if (pathInArea || actionRoles !== undefined) {
    const navigation = (target.method === 'GET' || target.method === 'HEAD') && target.accept.includes('text/html');
    // A path no listed route matched is judged as the route it spells (admins only for none);
    // an unlisted admin route opens for no one anyway (guard.ts).
    const roles = pathInArea ? both(patternInArea ? ADMIN_ONLY : rolesForPath(target.pathname)) : actionRoles!;
    return { zone: 'admin', kind: navigation ? 'page' : 'endpoint', unlisted: patternInArea, roles };
  }
  if (entry?.access === 'sign-in' || normalizePath(target.pathname) === SIGN_IN_PAGE) return { zone: 'sign-in' };
  return { zone: 'public' };
}
