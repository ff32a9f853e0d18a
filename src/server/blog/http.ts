/*
 * HTTP caching of the public blog. Pages and the feed may be kept by a CDN for five
 * minutes and served stale for ten more while it revalidates, by browsers for one:
 * a publish or an edit shows up within minutes, and a traffic spike on a post is
 * served from the edge rather than the database. A cover variant never changes
 * under its URL (a new upload is a new id), so it is cached for a year.
 */

export const BLOG_PAGE_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

export const COVER_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Admin API answers are per-user and must never be stored. */
export { NO_STORE } from '../http/cache-control';
