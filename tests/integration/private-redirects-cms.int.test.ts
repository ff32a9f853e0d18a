/*
 * What the built server answers where a cache or a log must not keep what it was sent:
 * - the admin area's canonical-path redirects (trailing slash, `index.html`) are `no-store`
 *   and drop the query (a leads search holds an e-mail); sign-in's keep theirs, uncached
 *   (src/integrations/index-html-redirect.mjs → canonicalRedirect, src/server/cdn/redirect-cache.ts);
 * - /cms in production has no local backend and lets its page talk to no localhost
 *   (src/integrations/cms.mjs);
 * - /parceiro/<slug> refuses a slug that is too long or not a name's letters (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_STORE } from '~/server/http/cache-control';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { ensureBuild } from '../support/ensure-build';

let server: RunningServer;

beforeAll(async () => {
  ensureBuild();
  server = await startBuiltServer();
}, 600_000);

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html' }, ...init });

describe('admin-area redirects', () => {
  it.each([
    ['/admin/leads/?q=ana.souza%40exemplo.com', '/admin/leads'],
    ['/admin/leads/index.html?q=ana.souza%40exemplo.com', '/admin/leads'],
    ['/admin/entregas//?busca=ana', '/admin/entregas'],
    ['/blog/admin/posts/?q=ana', '/blog/admin/posts'],
  ])('%s → %s, no-store, without the query', async (path, location) => {
    const answer = await get(path);
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(location);
    expect(answer.headers.get('cache-control')).toBe(NO_STORE);
    expect(await answer.text()).not.toContain('exemplo');
  });

  it('a POST keeps its method (308), uncached too', async () => {
    const answer = await get('/admin/leads/?q=x', { method: 'POST', headers: { origin: server.url } });
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe('/admin/leads');
    expect(answer.headers.get('cache-control')).toBe(NO_STORE);
  });

  it("sign-in's redirect keeps its query (a reset link's token) but no cache keeps it", async () => {
    const answer = await get('/auth/nova-senha/?token=abc');
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('/auth/nova-senha?token=abc');
    expect(answer.headers.get('cache-control')).toBe(NO_STORE);
  });

  it("a public page's trailing slash is still Astro's to redirect, keeping the query", async () => {
    const answer = await get('/parceiro/maria-silva/?utm_source=x');
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('/parceiro/maria-silva?utm_source=x');
  });
});

describe('/cms in production', () => {
  it('serves a config without local_backend, and a page whose policy reaches no localhost', async () => {
    const config = await (await get('/cms/config.yml')).text();
    expect(config).toContain('backend:');
    expect(config).not.toContain('local_backend');
    for (const path of ['/cms', '/cms/', '/cms/index.html']) {
      const answer = await fetch(`${server.url}${path}`);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      const page = await answer.text();
      const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)?.[1] ?? '';
      const connect = csp.split(';').find((part) => part.trim().startsWith('connect-src')) ?? '';
      expect(connect.trim()).toBe("connect-src 'self' blob: https://api.github.com");
      expect(csp).not.toMatch(/localhost|127\.0\.0\.1|http:/);
      // Decap's config check compiles a JSON schema (ajv, `new Function`): without it the CMS cannot start.
      expect(csp).toContain("'unsafe-eval'");
    }
  });
});

describe('/parceiro/<slug>', () => {
  it.each([
    ['too long', 'a'.repeat(61)],
    ['another script', encodeURIComponent('ωmega')],
    ['look-alike letters', encodeURIComponent('раypal')],
    ['markup', encodeURIComponent('<b>oi</b>')],
    ['a space', 'maria%20silva'],
  ])('refuses a slug with %s (404)', async (_what, slug) => {
    const answer = await get(`/parceiro/${slug}`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('cache-control') ?? '').not.toMatch(/\bpublic\b/);
  });

  it('spells out an unknown name that fits, as the spec says, and a 60-letter one', async () => {
    expect((await get('/parceiro/maria-silva')).status).toBe(200);
    expect((await get(`/parceiro/${encodeURIComponent('joão-de-sá')}`)).status).toBe(200);
    expect((await get(`/parceiro/${'a'.repeat(60)}`)).status).toBe(200);
  });
});
