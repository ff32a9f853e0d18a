import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * What search engines see: the sitemap lists every public route and no private
 * one, robots.txt keeps crawlers out of the private areas, every page carries
 * the company's JSON-LD (plus Product/Offers where plans are sold and FAQPage
 * where an FAQ is shown), and no two pages share a title or a description.
 */

/** Written out by hand: the public, indexable routes of SPEC §2 (known partners from content/partners/); the blog adds its own. */
const PUBLIC_ROUTES = [
  '/',
  '/sobre',
  '/funcionalidades',
  '/planos',
  '/contato',
  '/gestao',
  '/implementacao-sistema',
  '/termos-de-uso',
  '/politica-de-privacidade',
  '/lgpd',
  '/cookies',
  '/parceiro',
  '/parceiro/carol-imoveis',
  '/parceiro/rafa-corretor',
  '/parceiro/renda-de-aluguel',
  '/carol-imoveis',
];
const PRIVATE_ROUTES = ['/admin', '/blog/admin', '/auth', '/obrigado', '/fragmentos'];

interface Thing {
  '@type'?: string | string[];
  '@graph'?: Thing[];
  [key: string]: unknown;
}

/** The text of an HTML attribute or element as the browser reads it: the few entities Astro writes, decoded. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Every JSON-LD thing in a page's HTML (a crawler reads them from the HTML, no browser needed). */
function jsonLd(html: string): Thing[] {
  const things: Thing[] = [];
  for (const [, block] of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    const parsed = JSON.parse(block!) as Thing | Thing[];
    for (const thing of Array.isArray(parsed) ? parsed : [parsed]) {
      things.push(thing, ...(thing['@graph'] ?? []));
    }
  }
  return things;
}

/** A public page's HTML, as a search engine's crawler gets it. */
async function htmlOf(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** The FAQPage's questions, each checked for its shape. */
function faqQuestions(things: Thing[]): string[] {
  const faqPages = things.filter((thing) => thing['@type'] === 'FAQPage');
  expect(faqPages).toHaveLength(1);
  const entities = faqPages[0]!['mainEntity'] as { '@type': string; name: string; acceptedAnswer: { text: string } }[];
  for (const entity of entities) {
    expect(entity['@type']).toBe('Question');
    expect(entity.acceptedAnswer.text.length).toBeGreaterThan(10);
  }
  return entities.map((entity) => entity.name);
}

const SEO_ROUTES = [...PUBLIC_ROUTES, '/obrigado', '/parceiro/maria-silva'];

const typesOf = (things: Thing[]) => things.flatMap((thing) => thing['@type'] ?? []);

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

test.describe('sitemap.xml', () => {
  test('lists every public route, each once, and no private one', async ({ request }) => {
    const paths = await sitemapPaths(request);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of PUBLIC_ROUTES) expect(paths, route).toContain(route);
    // Everything else listed is the blog's (its home, posts and tags, from the database).
    expect(paths).toContain('/blog');
    expect(paths.filter((path) => !PUBLIC_ROUTES.includes(path) && !/^\/blog(\/|$)/.test(path))).toEqual([]);
    for (const path of paths) {
      for (const prefix of PRIVATE_ROUTES) expect(path === prefix || path.startsWith(`${prefix}/`)).toBe(false);
    }
  });

  test('every listed URL answers 200', async ({ request }) => {
    for (const path of await sitemapPaths(request)) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });
});

test('robots.txt disallows the private areas and points to the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  for (const path of PRIVATE_ROUTES) expect(text).toMatch(new RegExp(`^Disallow: ${path}$`, 'm'));
  const sitemap = /^Sitemap: (\S+)$/m.exec(text)?.[1];
  expect(sitemap && new URL(sitemap).pathname).toBe('/sitemap.xml');
});

test.describe('structured data', () => {
  // Read from the HTML over HTTP, as a crawler reads it; the FAQ's questions are compared with
  // what a visitor sees in the browser below.
  for (const path of SEO_ROUTES) {
    test(`${path}: valid JSON-LD with the right @types`, async ({ request }) => {
      const html = await htmlOf(request, path);
      const things = jsonLd(html);
      const types = typesOf(things);

      // The company, once, on every page.
      expect(types.filter((type) => type === 'Organization')).toHaveLength(1);
      const organization = things.find((thing) => thing['@type'] === 'Organization')!;
      expect(organization).toMatchObject({
        name: 'Pilota',
        address: { addressLocality: 'São Paulo', addressCountry: 'BR' },
      });

      // Plans sold here: a Product whose offers are priced in reais.
      const sellsPlans = path === '/planos' || path === '/gestao';
      expect(types.includes('Product')).toBe(sellsPlans);
      if (sellsPlans) {
        const product = things.find((thing) => thing['@type'] === 'Product')!;
        const aggregate = product['offers'] as { '@type': string; priceCurrency: string; offers: Thing[] };
        expect(aggregate['@type']).toBe('AggregateOffer');
        expect(aggregate.priceCurrency).toBe('BRL');
        expect(aggregate.offers).toHaveLength(path === '/planos' ? 5 : 4);
        for (const offer of aggregate.offers) {
          expect(offer).toMatchObject({ '@type': 'Offer', priceCurrency: 'BRL' });
          expect(offer['price']).toMatch(/^\d+\.\d{2}$/);
        }
        // What the cards show: the cheapest plan at R$ 49,00 on both pages.
        expect(aggregate.offers[0]).toMatchObject({ price: '49.00' });
      }

      // An FAQ on the page ⇔ an FAQPage.
      if (/<details[\s>]/.test(html)) expect(faqQuestions(things).length).toBeGreaterThan(0);
      else expect(types).not.toContain('FAQPage');
    });
  }

  test('/gestao and /planos show their FAQ, and its questions are the FAQPage’s, in order', async ({
    page,
    request,
  }) => {
    for (const [path, count] of [
      ['/gestao', 8],
      ['/planos', 6],
    ] as const) {
      const questions = faqQuestions(jsonLd(await htmlOf(request, path)));
      await page.goto(path);
      await expect(page.locator('details')).toHaveCount(count);
      const shown = await page.locator('details summary').allInnerTexts();
      expect(questions, path).toEqual(shown.map((question) => question.trim()));
    }
  });

  test('the pages with an FAQ are exactly /gestao and /planos (so the comparison above covers every FAQ)', async ({
    request,
  }) => {
    const withFaq: string[] = [];
    for (const path of SEO_ROUTES) if (/<details[\s>]/.test(await htmlOf(request, path))) withFaq.push(path);
    expect(withFaq.sort()).toEqual(['/gestao', '/planos']);
  });
});

test('every page has its own title and description', async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const path of SEO_ROUTES) {
    const html = await htmlOf(request, path);
    const title = decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '').trim();
    const meta = /<meta\b[^>]*\bname="description"[^>]*>/.exec(html)?.[0] ?? '';
    const description = decodeEntities(/\bcontent="([^"]*)"/.exec(meta)?.[1] ?? '');
    expect(title.length, path).toBeGreaterThan(5);
    expect(description.length, path).toBeGreaterThan(30);
    expect(titles.get(title), `${path} repeats the title of ${titles.get(title)}`).toBeUndefined();
    expect(
      descriptions.get(description),
      `${path} repeats the description of ${descriptions.get(description)}`,
    ).toBeUndefined();
    titles.set(title, path);
    descriptions.set(description, path);
  }
});
