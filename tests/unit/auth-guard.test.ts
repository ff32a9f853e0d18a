import { describe, expect, it } from 'vitest';
import { adminZoneDecision, guardDecision, hasSessionCookie, type CurrentSession } from '../../src/server/auth/guard';
import { refuseUnlessAdminPage, isAdminSession } from '../../src/server/auth/require-admin';
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
  ] as const)('%s, role %s, stale %s', (kind, role, stale, expected) => {
    expect(guardDecision(kind, { session: role ? as(role) : undefined, stale })).toEqual(expected);
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
    expect(adminZoneDecision({ zone: 'admin', kind: 'page', unlisted: false }, lookup)).toEqual({ action: 'allow' });
  });
  it('refuses everyone, admins included, on an admin-area route the policy does not list', () => {
    const admin = { session: session('admin'), stale: false };
    expect(adminZoneDecision({ zone: 'admin', kind: 'page', unlisted: true }, admin)).toEqual({
      action: 'forbidden-page',
    });
    expect(adminZoneDecision({ zone: 'admin', kind: 'endpoint', unlisted: true }, admin)).toEqual({
      action: 'status',
      status: 403,
    });
    expect(
      adminZoneDecision({ zone: 'admin', kind: 'page', unlisted: true }, { session: undefined, stale: false }),
    ).toEqual({ action: 'redirect', location: '/auth' });
  });
});

describe('the second lock in admin pages', () => {
  // Astro's Astro.redirect / Astro.rewrite, as far as the page helper uses them.
  const answers = {
    redirect: (path: string) => new Response(null, { status: 302, headers: { location: path } }),
    rewrite: async (path: string) => new Response(`rewritten to ${path}`, { status: 403 }),
  };
  it('sends anonymous visitors to sign in', async () => {
    const refused = await refuseUnlessAdminPage(undefined, answers);
    expect(refused?.status).toBe(302);
    expect(refused?.headers.get('location')).toBe('/auth');
  });
  it('shows a signed-in non-admin the 403 page', async () => {
    const refused = await refuseUnlessAdminPage(session('user'), answers);
    expect(refused?.status).toBe(403);
    expect(await refused?.text()).toBe('rewritten to /403');
  });
  it('lets an admin render the page', async () => {
    expect(await refuseUnlessAdminPage(session('admin'), answers)).toBeUndefined();
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
