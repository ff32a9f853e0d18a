import { describe, expect, it } from 'vitest';
import { adminArea, guardDecision, hasSessionCookie, type CurrentSession } from '../../src/server/auth/guard';
import { trustedOriginsFor } from '../../src/server/auth/auth';
import { IDLE_LOGOUT_MS, isIdleExpired } from '../../src/lib/session-idle';

describe('adminArea', () => {
  it.each([
    ['/blog/admin', 'GET', 'text/html,application/xhtml+xml', 'page'],
    ['/blog/admin/', 'GET', 'text/html', 'page'],
    ['/blog/admin/posts/novo', 'GET', 'text/html', 'page'],
    ['/admin', 'GET', 'text/html', 'page'],
    ['/blog/admin/posts', 'POST', 'text/html', 'endpoint'],
    ['/blog/admin', 'GET', '*/*', 'endpoint'],
    ['/admin/documentos/abc', 'GET', 'text/html', 'endpoint'],
    ['/api/admin/posts', 'GET', 'text/html', 'endpoint'],
    ['/_actions/admin.publish', 'POST', '*/*', 'endpoint'],
    ['/blog', 'GET', 'text/html', undefined],
    ['/blog/administracao-de-imoveis', 'GET', 'text/html', undefined],
    ['/administrador', 'GET', 'text/html', undefined],
    ['/api/auth/sign-in/email', 'POST', '*/*', undefined],
  ])('%s %s (%s) → %s', (path, method, accept, kind) => {
    expect(adminArea(path, method, accept)).toBe(kind);
  });
});

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
