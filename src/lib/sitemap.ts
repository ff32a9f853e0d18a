/**
 * Which routes search engines are told about (/sitemap.xml) and kept away from
 * (/robots.txt). The lists live here, apart from the endpoints, so that a new
 * section (the blog's posts, say) is one more `extra` entry in the sitemap
 * endpoint and the tests read the same rules the site serves.
 */
import { escapeXml } from './escape';

export interface SitemapEntry {
  /** Site path, beginning with "/" and without a trailing slash. */
  path: string;
  /** When the page last changed meaningfully (legal pages have `updatedAt`). */
  lastmod?: Date | undefined;
}

/**
 * Areas that are not for search engines: signed-in areas, the thank-you page (reaching it
 * from a search would count a lead that never happened) and /fragmentos, pieces of pages that
 * scripts add to them (e.g. the cookie preferences dialog).
 * robots.txt disallows them and the sitemap refuses to list anything under them.
 */
export const PRIVATE_PATH_PREFIXES = ['/admin', '/blog/admin', '/auth', '/obrigado', '/fragmentos', '/cms'] as const;

/** Pages with a fixed path that are public and indexable, in the order the site presents them. */
export const STATIC_PUBLIC_PATHS = [
  '/',
  '/sobre',
  '/funcionalidades',
  '/planos',
  '/contato',
  '/gestao',
  '/implementacao-sistema',
  '/parceiro',
] as const;

/**
 * Whether a path is, or lies under, one of the private areas.
 * @example isPrivatePath('/blog/admin/posts') // true
 * @example isPrivatePath('/administracao')    // false
 */
export function isPrivatePath(path: string): boolean {
  return PRIVATE_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export interface SitemapSources {
  /** Slugs of the legal pages (the `legal` collection), each served at /{slug}. */
  legal: readonly { slug: string; updatedAt?: Date | undefined }[];
  /** Known partners: active ones get /parceiro/{id}, and /{id} when they are vanity partners. */
  partners: readonly { id: string; vanity: boolean; active: boolean }[];
  /** Anything else public, e.g. blog posts. Private paths among them are dropped. */
  extra?: readonly SitemapEntry[];
}

/**
 * Every public, indexable route of the site, without duplicates.
 * @example sitemapEntries({ legal: [{ slug: 'lgpd' }], partners: [] }).map((e) => e.path)
 * // ["/", "/sobre", …, "/parceiro", "/lgpd"]
 */
export function sitemapEntries(sources: SitemapSources): SitemapEntry[] {
  const entries: SitemapEntry[] = STATIC_PUBLIC_PATHS.map((path) => ({ path }));
  for (const page of sources.legal) entries.push({ path: `/${page.slug}`, lastmod: page.updatedAt });
  for (const partner of sources.partners) {
    if (!partner.active) continue;
    entries.push({ path: `/parceiro/${partner.id}` });
    if (partner.vanity) entries.push({ path: `/${partner.id}` });
  }
  entries.push(...(sources.extra ?? []));

  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (isPrivatePath(entry.path) || seen.has(entry.path)) return false;
    seen.add(entry.path);
    return true;
  });
}

/**
 * The sitemap document (sitemaps.org 0.9) for these entries, with absolute URLs on `site`.
 * @example sitemapXml([{ path: '/planos' }], new URL('https://pilota.example'))
 * // '<?xml version="1.0" encoding="UTF-8"?>\n<urlset …>\n  <url><loc>https://pilota.example/planos</loc></url>\n</urlset>\n'
 */
export function sitemapXml(entries: readonly SitemapEntry[], site: URL): string {
  const urls = entries.map((entry) => {
    const loc = `<loc>${escapeXml(new URL(entry.path, site).href)}</loc>`;
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
    return `  <url>${loc}${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * robots.txt: everything is open except the private areas, and the sitemap is announced.
 * @example robotsTxt(new URL('https://pilota.example'))
 * // "User-agent: *\nAllow: /\nDisallow: /admin\n…\nSitemap: https://pilota.example/sitemap.xml\n"
 */
export function robotsTxt(site: URL): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', site).href}`,
    '',
  ].join('\n');
}
