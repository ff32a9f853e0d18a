/*
 * The CDN's cache tags, apart from the rules that set them (./cdn-cache.ts): a feature that
 * purges pages names them without loading the rules, which read the site's content (the known
 * partners) and so need the build's content modules — scripts run outside it (the Netlify
 * build's seed of example posts) import the blog service, and with it these tags.
 */

/** Purged when any post changes: every page that lists posts or may show one. */
export const BLOG_TAG = 'blog';
/** Partners live in content/partners/<slug>.yaml; only a deploy changes them. */
export const PARTNERS_TAG = 'partners';

/** One post's own page, purged by its slug (the old and the new one when the slug changes). */
export const postTag = (slug: string) => `post-${slug}`;
