/*
 * Beacon posts over the process's per-minute budget, answered before the request pipeline.
 *
 * The visit beacon's ingest (src/server/analytics/ingest.ts) takes at most
 * EVENTS_PER_MINUTE_BUDGET events a minute, at a steady pace; while its budget has none left
 * it writes here until when, and every `POST /api/visita` until then is answered 204 at once,
 * unread and not counted (the ingest logs how many with the ones it dropped itself). A flood's posts then
 * cost a header check each instead of Astro's pipeline, the body's parsing and the visitor
 * key's hashing, so the probes, the leads and the pages keep their share of the event loop.
 * scripts/serve.mjs sheds before Astro; the middleware (src/middleware.ts) is the same rule
 * where no serve.mjs runs (Netlify's function, dev).
 *
 * One state per process: serve.mjs imports this source and Astro's bundle has its own copy
 * of it, so the state hangs on globalThis under a registered symbol both copies find. Pure
 * code otherwise: it imports only the module of Cache-Control values (itself import-free),
 * the clock an argument.
 */
import { NEVER_CACHED } from './cache-control.ts';

export const BEACON_ROUTE = '/api/visita';

export interface BeaconShed {
  /** Until when (ms since the epoch) beacon posts are answered at once; 0: not shedding. */
  until: number;
  /** Posts answered so since the ingest last logged the count. */
  shed: number;
}

const STATE = Symbol.for('pilota.beacon-shed');

/** This process's state, the same object whichever copy of this module asks. */
export function processBeaconShed(): BeaconShed {
  const holder = globalThis as { [STATE]?: BeaconShed };
  return (holder[STATE] ??= { until: 0, shed: 0 });
}

/**
 * Whether this request is a beacon post to answer at once (SHED_BEACON_ANSWER), the budget
 * having none left; counts it when so. `path` is the URL's path without its query; other
 * spellings of it go on to Astro, whose middleware asks again with the matched route.
 */
export function shedsBeacon(
  method: string | undefined,
  path: string,
  state: BeaconShed = processBeaconShed(),
  now: number = Date.now(),
): boolean {
  if (method !== 'POST' || path !== BEACON_ROUTE || state.until <= now) return false;
  state.shed += 1;
  return true;
}

/** What a shed post is answered: what the endpoint answers an event it does not count. */
export const SHED_BEACON_ANSWER = { status: 204, headers: { 'Cache-Control': NEVER_CACHED } } as const;
