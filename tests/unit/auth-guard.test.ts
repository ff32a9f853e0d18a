import { describe, expect, it } from 'vitest';
import { adminZoneDecision, guardDecision, hasSessionCookie, type CurrentSession } from '../../src/server/auth/guard';
import { hasRole, isAdminSession } from '../../src/server/auth/require-admin';
import { adminPage, type AdminPageContext } from '../../src/server/auth/admin-page';
import { ADMIN_ONLY, BLOG_TEAM, SALES_TEAM, WHOLE_TEAM } from '../../src/server/auth/access-policy';
import { trustedOriginsFor } from '../../src/server/auth/auth';
import { IDLE_LOGOUT_MS, isIdleExpired } from '../../src/lib/session-idle';

describe('guardDecision', () => {
  const as = (role: string): CurrentSession => ({
    user: { id: 'u', email: 'a@b.c', name: 'A', role },
    sessionId: 's',
    expiresAt: new Date(),
  });
  it.each([
    ['page', undefined, false, { action: 'redirect', location: '/auth' }],
    ['page', undefined, true, { action: 'redirect', location: '/auth?sessao=expirada' }],
    ['endpoint', undefined, true, { action: 'status', status: 401 }],
    ['page', 'user', false, { action: 'forbidden-page' }],
    ['endpoint', 'user', false, { action: 'status', status: 403 }],
    ['page', 'admin', false, { action: 'allow' }],
    ['endpoint', 'admin', false, { action: 'allow' }],
    // Admins only unless the route says otherwise: the team's other roles are refused.
    ['page', 'vendas', false, { action: 'forbidden-page' }],
    ['endpoint', 'editor', false, { action: 'status', status: 403 }],
  ] as const)('%s, role %s, stale %s', (kind, role, stale, expected) => {
    expect(guardDecision(kind, { session: role ? as(role) : undefined, stale })).toEqual(expected);
  });

  it.each([
    [SALES_TEAM, 'vendas', true],
    [SALES_TEAM, 'editor', false],
    [SALES_TEAM, 'admin', true],
    [BLOG_TEAM, 'editor', true],
    [BLOG_TEAM, 'vendas', false],
    [WHOLE_TEAM, 'editor', true],
    [WHOLE_TEAM, 'user', false],
    [WHOLE_TEAM, 'Admin', false],
    [ADMIN_ONLY, 'vendas', false],
  ] as const)('roles %j admit %s: %s', (roles, role, admitted) => {
    expect(guardDecision('endpoint', { session: as(role), stale: false }, roles)).toEqual(
      admitted ? { action: 'allow' } : { action: 'status', status: 403 },
    );
    expect(hasRole(as(role), roles)).toBe(admitted);
  });
});

const session = (role: string): CurrentSession => ({
  user: { id: 'u', email: 'a@b.c', name: 'A', role },
  sessionId: 's',
  expiresAt: new Date(),
});

describe('adminZoneDecision', () => {
  it('lets an admin into a route the policy lists', () => {
    const lookup = { session: session('admin'), stale: false };
    expect(adminZoneDecision({ zone: 'admin', kind: 'page', unlisted: false, roles: ADMIN_ONLY }, lookup)).toEqual({
      action: 'allow',
    });
  });
  it("lets the team's other roles in only where the route admits them", () => {
    const vendas = { session: session('vendas'), stale: false };
    expect(adminZoneDecision({ zone: 'admin', kind: 'page', unlisted: false, roles: SALES_TEAM }, vendas)).toEqual({
      action: 'allow',
    });
    expect(adminZoneDecision({ zone: 'admin', kind: 'page', unlisted: false, roles: BLOG_TEAM }, vendas)).toEqual({
      action: 'forbidden-page',
    });
    expect(adminZoneDecision({ zone: 'admin', kind: 'endpoint', unlisted: true, roles: WHOLE_TEAM }, vendas)).toEqual({
      action: 'status',
      status: 403,
    });
  });
  it('refuses everyone, admins included, on an admin-area route the policy does not list', () => {
    const admin = { session: session('admin'), stale: false };
    expect(adminZoneDecision({ zone: 'admin', kind: 'page', unlisted: true, roles: ADMIN_ONLY }, admin)).toEqual({
      action: 'forbidden-page',
    });
    expect(adminZoneDecision({ zone: 'admin', kind: 'endpoint', unlisted: true, roles: ADMIN_ONLY }, admin)).toEqual({
      action: 'status',
      status: 403,
    });
    expect(
      adminZoneDecision(
        { zone: 'admin', kind: 'page', unlisted: true, roles: ADMIN_ONLY },
        { session: undefined, stale: false },
      ),
    ).toEqual({ action: 'redirect', location: '/auth' });
  });
});

describe('the second lock in admin pages', () => {
  // Astro's page global, as far as the gate reads it: the session, the route, redirect and rewrite.
  const page = (signedIn: CurrentSession | undefined, routePattern = '/admin/lgpd'): AdminPageContext => ({
    locals: { session: signedIn },
    routePattern,
    redirect: (path: string) => new Response(null, { status: 302, headers: { location: path } }),
    rewrite: async (path: string) => new Response(`rewritten to ${path}`, { status: 403 }),
  });
  const refusal = async (signedIn: CurrentSession | undefined, routePattern?: string) => {
    const gate = await adminPage(page(signedIn, routePattern));
    return gate instanceof Response ? gate : undefined;
  };
  it('sends anonymous visitors to sign in', async () => {
    const refused = await refusal(undefined);
    expect(refused?.status).toBe(302);
    expect(refused?.headers.get('location')).toBe('/auth');
  });
  it('shows a signed-in non-admin the 403 page', async () => {
    const refused = await refusal(session('user'));
    expect(refused?.status).toBe(403);
    expect(await refused?.text()).toBe('rewritten to /403');
  });
  it("admits the roles of the route's policy line, and only those", async () => {
    expect(await refusal(session('editor'), '/blog/admin/posts')).toBeUndefined();
    expect((await refusal(session('vendas'), '/blog/admin/posts'))?.status).toBe(403);
    expect((await refusal(session('editor')))?.status).toBe(403);
    // A route without a policy line is admins-only.
    expect((await refusal(session('editor'), '/admin/nao-existe'))?.status).toBe(403);
    expect(isAdminSession(session('vendas'))).toBe(false);
  });
  it('lets an admin render the page, with the session', async () => {
    const admin = session('admin');
    expect(await adminPage(page(admin))).toEqual({ session: admin });
    expect(isAdminSession(session('admin'))).toBe(true);
    expect(isAdminSession(session('user'))).toBe(false);
    expect(isAdminSession(undefined)).toBe(false);
  });
});

describe('session cookie and origins', () => {
  it('recognises the session cookie, secure or not', () => {
    expect(hasSessionCookie(new Headers({ cookie: 'a=1; pilota.session_token=x.y' }))).toBe(true);
    expect(hasSessionCookie(new Headers({ cookie: '__Secure-pilota.session_token=x.y' }))).toBe(true);
    expect(hasSessionCookie(new Headers({ cookie: 'xpilota.session_token=x' }))).toBe(false);
    expect(hasSessionCookie(new Headers())).toBe(false);
  });
  it('trusts SITE_URL and, on loopback, its other spelling', () => {
    expect(trustedOriginsFor('https://www.pilota.example')).toEqual(['https://www.pilota.example']);
    expect(trustedOriginsFor('http://localhost:4321')).toEqual(['http://localhost:4321', 'http://127.0.0.1:4321']);
  });
});

describe('isIdleExpired', () => {
  it('expires after exactly 24 h without activity', () => {
    expect(isIdleExpired(1_000, 1_000 + IDLE_LOGOUT_MS - 1)).toBe(false);
    expect(isIdleExpired(1_000, 1_000 + IDLE_LOGOUT_MS)).toBe(true);
  });
  it('leaves an unknown last activity to the server', () => {
    expect(isIdleExpired(undefined, Date.now())).toBe(false);
    expect(isIdleExpired(Number.NaN, Date.now())).toBe(false);
  });
});
