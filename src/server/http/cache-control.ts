/*
 * Every Cache-Control the site sends, by what the answer is: code names a policy here and
 * never spells a directive (tests/unit/cache-control-literals.test.ts holds src/ to it), so
 * one change reaches every answer of a kind. Which public route gets which caching policy is
 * src/server/cdn/cdn-cache.ts's table. Imports nothing: scripts/serve.mjs and the build's
 * integrations load it with Node itself.
 */

/**
 * Answers that carry a person's data or depend on who is signed in (the admin area, /auth,
 * the admin API, private documents, a form's redirect with its flash): never kept by any cache.
 */
export const NO_STORE = 'private, no-store';

/**
 * Answers that hold for this request only and name nobody — a probe, the metrics, a refusal
 * or error, an API's result: no cache keeps them (`no-store` already binds shared caches).
 */
export const NEVER_CACHED = 'no-store';

/** What the browser keeps of a public on-demand page: a minute, so a visitor's back-and-forth does not ask again. */
export const BROWSER_CACHE_CONTROL = 'public, max-age=60';

/**
 * A blog page or the feed as the answer itself says: browsers a minute, any shared cache five
 * minutes and ten more stale while it revalidates (Netlify's CDN follows its own header,
 * PURGED_CDN, as a change purges it there).
 */
export const BLOG_PAGE_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

/** The sitemap, read by crawlers: an hour. */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';

/**
 * What never changes under its URL — a hashed build asset, a cover variant (a new upload is
 * a new id): a year. netlify.toml repeats it for /_astro/* on Netlify, where TOML cannot import.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Any other static file (what Astro's adapter sent for one): cached, but revalidated each time. */
export const REVALIDATE = 'public, max-age=0';

/* Netlify-CDN-Cache-Control values (Netlify's CDN only; the browser keeps the plain Cache-Control). */

/** A day, a week stale: pages whose content only a deploy changes (a deploy empties the cache). */
export const LONG_CDN = 'public, s-maxage=86400, stale-while-revalidate=604800';
/** An hour, a day stale: pages purged by tag when their content changes, kept in case a purge fails. */
export const PURGED_CDN = 'public, s-maxage=3600, stale-while-revalidate=86400';
/** Five minutes: pages whose path is whatever a visitor typed, so a flood of made-up paths fills no cache for long. */
export const SHORT_CDN = 'public, s-maxage=300, stale-while-revalidate=60';

/** Whether a Cache-Control says the answer is personal or not to be stored, so no cache may keep it. */
export function forbidsCaching(cacheControl: string): boolean {
  return /\b(private|no-store|no-cache)\b/i.test(cacheControl);
}
