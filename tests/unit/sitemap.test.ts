import { describe, expect, it } from 'vitest';
import { isPrivatePath, robotsTxt, sitemapEntries, sitemapXml } from '../../src/lib/sitemap';

const partners = [
  { id: 'carol-imoveis', vanity: true, active: true },
  { id: 'rafa-corretor', vanity: false, active: true },
  { id: 'ex-parceiro', vanity: true, active: false },
];
const legal = [
  { slug: 'termos-de-uso', updatedAt: new Date('2025-06-10') },
  { slug: 'cookies', updatedAt: new Date('2025-06-10') },
];

describe('sitemapEntries', () => {
  const paths = sitemapEntries({ legal, partners }).map((entry) => entry.path);

  it('lists the fixed public pages, legal pages and active partners', () => {
    expect(paths).toEqual([
      '/',
      '/sobre',
      '/funcionalidades',
      '/planos',
      '/contato',
      '/gestao',
      '/implementacao-sistema',
      '/parceiro',
      '/termos-de-uso',
      '/cookies',
      '/parceiro/carol-imoveis',
      '/carol-imoveis',
      '/parceiro/rafa-corretor',
    ]);
  });

  it('never lists private areas, even when handed them as extras', () => {
    const withExtras = sitemapEntries({
      legal,
      partners,
      extra: [
        { path: '/blog/admin' },
        { path: '/obrigado' },
        { path: '/auth' },
        { path: '/admin/leads' },
        { path: '/blog/ola' },
      ],
    }).map((entry) => entry.path);
    expect(withExtras).toContain('/blog/ola');
    expect(withExtras.filter(isPrivatePath)).toEqual([]);
  });

  it('drops duplicates', () => {
    const twice = sitemapEntries({ legal, partners, extra: [{ path: '/planos' }] }).map((e) => e.path);
    expect(twice.filter((path) => path === '/planos')).toHaveLength(1);
  });
});

describe.each([
  ['/admin', true],
  ['/admin/leads', true],
  ['/blog/admin', true],
  ['/auth', true],
  ['/obrigado', true],
  ['/administracao', false],
  ['/blog', false],
  ['/', false],
])('isPrivatePath(%s)', (path, expected) => {
  it(`is ${expected}`, () => expect(isPrivatePath(path)).toBe(expected));
});

describe('sitemapXml', () => {
  it('writes absolute, escaped URLs with lastmod dates', () => {
    const xml = sitemapXml(
      [{ path: '/' }, { path: '/lgpd', lastmod: new Date('2025-06-10T00:00:00Z') }, { path: '/a&b' }],
      new URL('https://pilota.example'),
    );
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://pilota.example/</loc></url>');
    expect(xml).toContain('<url><loc>https://pilota.example/lgpd</loc><lastmod>2025-06-10</lastmod></url>');
    expect(xml).toContain('<loc>https://pilota.example/a&amp;b</loc>');
  });
});

describe('robotsTxt', () => {
  it('disallows the private areas and points to the sitemap', () => {
    const text = robotsTxt(new URL('https://pilota.example'));
    for (const path of ['/admin', '/blog/admin', '/auth', '/obrigado', '/fragmentos']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain('Sitemap: https://pilota.example/sitemap.xml');
    expect(text.startsWith('User-agent: *\n')).toBe(true);
  });
});
