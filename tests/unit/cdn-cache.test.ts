/*
 * Which on-demand answers a CDN may keep (src/server/cdn/cdn-cache.ts): every public
 * on-demand route is decided on purpose (listed, or named here as never kept), no listed
 * route is prerendered or outside the access policy's public zone, and an answer that
 * is personal, refused or not a GET is never kept, whatever its route.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyRequest, inAdminArea } from '../../src/server/auth/access-policy';
import {
  BLOG_TAG,
  CDN_CACHED_ROUTES,
  cdnCacheHeaders,
  LONG_CDN,
  PARTNERS_TAG,
  SHORT_CDN,
  postTag,
  type CdnCacheRequest,
} from '../../src/server/cdn/cdn-cache';

const PAGES = 'src/pages';

function onDemandRoutes(dir = PAGES): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (entry.startsWith('_')) return [];
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return onDemandRoutes(full);
    if (!/\.(astro|ts)$/.test(entry)) return [];
    if (/export const prerender = true/.test(readFileSync(full, 'utf8'))) return [];
    return [
      `/${relative(PAGES, full)
        .replace(/\.(astro|ts)$/, '')
        .replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/',
    ];
  });
}

/** Public on-demand routes that are never kept: each answers one person, or a probe, or a form post. */
const NEVER_KEPT = [
  '/403',
  '/404',
  '/api/auth/[...all]',
  '/api/consentimento-cookies',
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
  '/api/implementacao',
  '/api/implementacao-documentos',
  '/api/implementacao/[id]',
  '/api/visita',
  '/auth',
  '/auth/convite',
  '/auth/esqueci-senha',
  '/auth/nova-senha',
  // Covers carry their own year-long immutable Cache-Control.
  '/blog/imagens/[file]',
  '/contato/enviar',
  '/implementacao-sistema/enviar',
  '/lgpd/confirmar',
  '/lgpd/solicitacao',
  '/metrics',
];

const get = (routePattern: string, pathname: string, params: Record<string, string> = {}) => ({
  routePattern,
  pathname,
  method: 'GET',
  accept: 'text/html',
  params,
});

describe('CDN caching of on-demand answers', () => {
  it('decides every public on-demand route: kept with tags, or never kept', () => {
    const routes = onDemandRoutes().filter((route) => !inAdminArea(route));
    const undecided = routes.filter((route) => !(route in CDN_CACHED_ROUTES) && !NEVER_KEPT.includes(route));
    expect(undecided).toEqual([]);
    for (const route of Object.keys(CDN_CACHED_ROUTES)) {
      expect({ route, onDemand: routes.includes(route) }).toEqual({ route, onDemand: true });
      expect({ route, zone: classifyRequest(get(route, route)).zone }).toEqual({ route, zone: 'public' });
    }
  });

  it('tags partner pages, blog pages and a post by its slug, with s-maxage and stale-while-revalidate', () => {
    const partner = cdnCacheHeaders(
      'netlify',
      get('/parceiro/[slug]', '/parceiro/ana', { slug: 'ana' }),
      new Response('ok'),
    );
    expect(partner).toMatchObject({ 'Cache-Control': 'public, max-age=60', 'Netlify-Cache-Tag': PARTNERS_TAG });
    expect(partner!['Netlify-CDN-Cache-Control']).toMatch(/^public, s-maxage=\d+, stale-while-revalidate=\d+$/);
    const post = cdnCacheHeaders('netlify', get('/blog/[slug]', '/blog/ola', { slug: 'ola' }), new Response('ok'));
    expect(post!['Netlify-Cache-Tag']).toBe(`${BLOG_TAG},${postTag('ola')}`);
    const odd = cdnCacheHeaders('netlify', get('/blog/[slug]', '/blog/a,b', { slug: 'a,b' }), new Response('ok'));
    expect(odd!['Netlify-Cache-Tag']).toBe(BLOG_TAG);
    // A page that set its own browser caching keeps it.
    const blog = new Response('ok', { headers: { 'Cache-Control': 'public, max-age=60, s-maxage=300' } });
    expect(cdnCacheHeaders('netlify', get('/blog', '/blog'), blog)).not.toHaveProperty('Cache-Control');
  });

  it("keeps a known partner's page a day and a spelled-out unknown name only minutes", () => {
    const cdn = (routePattern: string, path: string, params: Record<string, string>) =>
      cdnCacheHeaders('netlify', get(routePattern, path, params), new Response('ok'))?.['Netlify-CDN-Cache-Control'];
    expect(cdn('/parceiro/[slug]', '/parceiro/carol-imoveis', { slug: 'carol-imoveis' })).toBe(LONG_CDN);
    expect(cdn('/parceiro/[slug]', '/parceiro/Carol-Imoveis', { slug: 'Carol-Imoveis' })).toBe(LONG_CDN);
    expect(cdn('/[name]', '/carol-imoveis', { name: 'carol-imoveis' })).toBe(LONG_CDN);
    expect(cdn('/parceiro/[slug]', '/parceiro/maria-silva', { slug: 'maria-silva' })).toBe(SHORT_CDN);
    expect(SHORT_CDN).toMatch(/^public, s-maxage=([1-9]\d?|[1-5]\d\d|600), stale-while-revalidate=\d+$/);
  });

  it('never keeps a personal, refused, failed or non-GET answer, nor an unlisted route', () => {
    const route = get('/parceiro/[slug]', '/parceiro/ana', { slug: 'ana' });
    const cases: [string, CdnCacheRequest, Response][] = [
      ['a cookie set', route, new Response('ok', { headers: { 'Set-Cookie': 'a=b' } })],
      ['no-store', route, new Response('ok', { headers: { 'Cache-Control': 'private, no-store' } })],
      ['a 404', route, new Response('no', { status: 404 })],
      ['a redirect', route, new Response(null, { status: 302, headers: { Location: '/' } })],
      ['a POST', { ...route, method: 'POST' }, new Response('ok')],
      ['an admin page', get('/blog/admin', '/blog/admin'), new Response('ok')],
      ['an action posted to a public page', { ...route, search: '?_action=posts.create' }, new Response('ok')],
      ['the sign-in page', get('/auth', '/auth'), new Response('ok')],
    ];
    for (const [label, request, response] of cases) {
      expect({ label, headers: cdnCacheHeaders('netlify', request, response) }).toEqual({ label, headers: undefined });
    }
  });

  it('gives the Node target the browser caching only', () => {
    expect(
      cdnCacheHeaders('node', get('/parceiro/[slug]', '/parceiro/ana', { slug: 'ana' }), new Response('ok')),
    ).toEqual({
      'Cache-Control': 'public, max-age=60',
    });
  });
});
