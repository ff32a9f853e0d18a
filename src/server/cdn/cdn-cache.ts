/*
 * Which on-demand answers a CDN may keep, and for how long. Landing pages (partners'
 * campaign pages, the blog) are where a visitor would otherwise wait for a function's
 * cold start; served from Netlify's edge they cost neither that nor a database query.
 *
 * Listed route by route (anything new stays uncached until someone decides), and then
 * only when the access policy puts the request in its public zone, the method is GET or
 * HEAD, the answer is a 200 that sets no cookie and says it is neither private nor unstorable:
 * an answer that names or depends on a person can never be kept, whatever the table says.
 *
 * Each listed route's whole caching policy is here: the answer's Cache-Control (set by the
 * middleware; a listed page sets none, tests/unit/route-cache-control.test.ts), and on
 * Netlify `Netlify-CDN-Cache-Control` (its CDN only; the browser keeps the plain
 * Cache-Control) and `Netlify-Cache-Tag`, by which a change is purged (./cdn-purge.ts). The
 * values themselves are named in src/server/http/cache-control.ts.
 * Known partners' pages live in the code, and a deploy empties Netlify's cache, so they are
 * kept long; any other /parceiro/<slug> spells out a name nobody vouched for, and the path is
 * whatever a visitor typed, so it is kept a few minutes only (a flood of made-up slugs fills
 * no cache for a day). Blog pages are purged when a post changes and kept an hour in case a
 * purge fails.
 */
import { partners } from '~/lib/content-data';
import { findPartner, normalizePartnerSlug } from '~/lib/partner';
import { classifyRequest, type RequestTarget } from '../auth/access-policy';
import type { DeployTarget } from '../deploy-target';
import {
  BLOG_PAGE_CACHE_CONTROL,
  BROWSER_CACHE_CONTROL,
  forbidsCaching,
  LONG_CDN,
  PURGED_CDN,
  SHORT_CDN,
  SITEMAP_CACHE_CONTROL,
} from '../http/cache-control';
import { BLOG_TAG, PARTNERS_TAG, postTag } from './cache-tags';

export { BLOG_TAG, PARTNERS_TAG, postTag } from './cache-tags';
export { BROWSER_CACHE_CONTROL, LONG_CDN, SHORT_CDN } from '../http/cache-control';

type Params = Record<string, string | undefined>;

interface CdnRule {
  /** The answer's own Cache-Control, for the browser and any shared cache but Netlify's CDN. */
  browser: string;
  cdn: string | ((params: Params) => string);
  tags: (params: Params) => string[];
}

const partnerPage: CdnRule = {
  browser: BROWSER_CACHE_CONTROL,
  cdn: ({ slug, name }) => (findPartner(partners, normalizePartnerSlug(slug ?? name)) ? LONG_CDN : SHORT_CDN),
  tags: () => [PARTNERS_TAG],
};
const blogPage: CdnRule = { browser: BLOG_PAGE_CACHE_CONTROL, cdn: PURGED_CDN, tags: () => [BLOG_TAG] };

const ROUTES = {
  '/parceiro/[slug]': partnerPage,
  '/[name]': partnerPage,
  '/blog': blogPage,
  '/blog/pagina/[page]': blogPage,
  '/blog/tag/[tag]': blogPage,
  '/blog/tag/[tag]/pagina/[page]': blogPage,
  '/blog/rss.xml': blogPage,
  '/sitemap.xml': { ...blogPage, browser: SITEMAP_CACHE_CONTROL },
  '/blog/[slug]': {
    ...blogPage,
    tags: ({ slug }) => (slug ? [BLOG_TAG, postTag(slug)] : [BLOG_TAG]),
  },
} satisfies Record<string, CdnRule>;

/** A route listed below, by Astro route pattern. */
export type CdnCachedRoute = keyof typeof ROUTES;

/** The public on-demand routes a CDN may keep, by Astro route pattern. */
export const CDN_CACHED_ROUTES: Readonly<Record<string, CdnRule>> = ROUTES;

export interface CdnCacheRequest extends RequestTarget {
  params: Params;
}

/** Whether an answer already says it is personal or not to be stored. */
function isPrivate(response: Response): boolean {
  return forbidsCaching(response.headers.get('cache-control') ?? '') || response.headers.getSetCookie().length > 0;
}

/**
 * The caching headers for an answer, or undefined when it must not be kept. On the Node
 * target only the browser's Cache-Control (a page that already has one keeps it).
 * @example cdnCacheHeaders('netlify', { routePattern: '/parceiro/[slug]', pathname: '/parceiro/ana', method: 'GET', accept: 'text/html', params: { slug: 'ana' } }, new Response('ok'))
 *   // { 'Cache-Control': 'public, max-age=60', 'Netlify-CDN-Cache-Control': 'public, s-maxage=86400, …', 'Netlify-Cache-Tag': 'partners' }
 */
export function cdnCacheHeaders(
  target: DeployTarget,
  request: CdnCacheRequest,
  response: Response,
): Record<string, string> | undefined {
  const rule = request.routePattern ? CDN_CACHED_ROUTES[request.routePattern] : undefined;
  if (!rule) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (response.status !== 200 || isPrivate(response)) return undefined;
  if (classifyRequest(request).zone !== 'public') return undefined;
  const headers: Record<string, string> = {};
  if (!response.headers.has('cache-control')) headers['Cache-Control'] = rule.browser;
  if (target === 'netlify') {
    headers['Netlify-CDN-Cache-Control'] = typeof rule.cdn === 'string' ? rule.cdn : rule.cdn(request.params);
    // A tag is a plain token: a slug that could carry a comma or a space adds no tag.
    headers['Netlify-Cache-Tag'] = rule
      .tags(request.params)
      .filter((tag) => /^[a-z0-9-]+$/.test(tag))
      .join(',');
  }
  return headers;
}
