import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalRedirect, indexHtmlRedirect } from '../../src/integrations/index-html-redirect.mjs';
import { wrapSsrEntry } from '../../src/integrations/netlify-target.mjs';
import { ADMIN_AREAS, SIGN_IN_PAGE } from '../../src/server/auth/access-policy';
import { REDIRECT_RULES } from '../../src/server/cdn/redirect-cache';
import { NO_STORE } from '../../src/server/http/cache-control';

describe('indexHtmlRedirect', () => {
  it.each([
    ['/blog/um-post/index.html', '/blog/um-post'],
    ['/parceiro/x/index.html?utm_source=a', '/parceiro/x?utm_source=a'],
    ['/blog/admin/INDEX.HTML', '/blog/admin'],
    ['/blog/admin/%69ndex.html', '/blog/admin'],
    ['/blog/index.html', '/blog'],
  ])('%s → %s', (target, location) => {
    expect(indexHtmlRedirect(target)).toBe(location);
  });

  it.each(['/index.html', '/blog', '/blog/index.htm', '/blog/x/index.html.br', '/blog/%E0%A4%A/index.html/x'])(
    'leaves %s alone',
    (target) => {
      expect(indexHtmlRedirect(target)).toBeUndefined();
    },
  );

  it('never points at another host', () => {
    expect(indexHtmlRedirect('//evil.example/index.html')).toBe('/evil.example');
    expect(indexHtmlRedirect('///evil.example/x/index.html')).toBe('/evil.example/x');
    expect(indexHtmlRedirect('/\\evil.example/index.html')).toBeUndefined();
    expect(indexHtmlRedirect('/%5Cevil.example/index.html')).toBeUndefined();
  });
});

describe('canonicalRedirect', () => {
  it('answers an admin page’s trailing slash and index.html itself: no-store, without the query', () => {
    for (const target of [
      '/admin/leads/?q=ana%40exemplo.com',
      '/admin/leads//?q=ana%40exemplo.com',
      '/admin/leads/index.html?q=ana%40exemplo.com',
      '/ADMIN/leads/?q=ana%40exemplo.com',
    ]) {
      const answer = canonicalRedirect(target, REDIRECT_RULES);
      expect({ target, location: answer?.location.toLowerCase(), headers: answer?.headers }).toEqual({
        target,
        location: '/admin/leads',
        headers: { 'Cache-Control': NO_STORE },
      });
    }
    expect(canonicalRedirect('/blog/admin/posts/?busca=x', REDIRECT_RULES)?.location).toBe('/blog/admin/posts');
  });

  it('keeps sign-in’s query (a reset link’s token) but not in any cache', () => {
    expect(canonicalRedirect('/auth/nova-senha/?token=abc', REDIRECT_RULES)).toEqual({
      location: '/auth/nova-senha?token=abc',
      headers: { 'Cache-Control': NO_STORE },
    });
  });

  it('leaves a public trailing slash to Astro and a public index.html as before', () => {
    expect(canonicalRedirect('/planos/', REDIRECT_RULES)).toBeUndefined();
    expect(canonicalRedirect('/blog/post/index.html?a=1', REDIRECT_RULES)).toEqual({
      location: '/blog/post?a=1',
      headers: {},
    });
    expect(canonicalRedirect('/admin/leads', REDIRECT_RULES)).toBeUndefined();
    expect(canonicalRedirect('//admin/\\evil.example/', REDIRECT_RULES)).toBeUndefined();
  });

  it('covers exactly the access policy’s private areas', () => {
    expect([...REDIRECT_RULES.privateAreas].sort()).toEqual([...ADMIN_AREAS, SIGN_IN_PAGE].sort());
    expect([...REDIRECT_RULES.queryFreeAreas].sort()).toEqual([...ADMIN_AREAS].sort());
  });

  it('works as inlined in the Netlify function’s entry', async () => {
    const adapterEntry =
      'const createHandler = () => async () => new Response("astro");\nexport default createHandler();\n';
    const dir = mkdtempSync(join(tmpdir(), 'pilota-wrap-'));
    try {
      const file = join(dir, 'ssr.mjs');
      writeFileSync(file, wrapSsrEntry(adapterEntry, 'https://pilota.example'));
      const { default: handler } = (await import(pathToFileURL(file).href)) as {
        default: (request: Request, context: unknown) => Promise<Response>;
      };
      const answer = await handler(new Request('https://pilota.example/admin/leads/?q=ana%40exemplo.com'), {});
      expect(answer.status).toBe(301);
      expect(answer.headers.get('location')).toBe('/admin/leads');
      expect(answer.headers.get('cache-control')).toBe(NO_STORE);
      expect(await (await handler(new Request('https://pilota.example/planos/'), {})).text()).toBe('astro');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
