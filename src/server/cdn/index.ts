/*
 * Netlify's CDN: which public answers it may keep (and under which tags), and the purge a
 * change to public content queues through the outbox. The middleware asks for the headers
 * here, and a listed page for its own Cache-Control; purges are queued by the features whose writes make pages stale.
 */
export { cdnCacheHeaders } from './cdn-cache';
