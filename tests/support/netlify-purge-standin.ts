/*
 * A local stand-in for Netlify's cache purge API (`POST /api/v1/purge`, what `purgeCache`
 * of @netlify/functions calls), as far as its documented contract goes: a bearer token
 * (401 without the right one), a JSON body naming the site (`site_id`) and the
 * `cache_tags` to purge (400 without them), 202 when accepted. `failures` answers the next
 * calls with those statuses first (a 503 the caller must retry). Every call is recorded.
 * The HTTP side is the shared test receiver (scripts/support/receiver.ts).
 */
import { arrivals } from '../../scripts/support/arrivals';
import { startReceiver } from '../../scripts/support/receiver';

export interface PurgeCall {
  status: number;
  authorization: string | undefined;
  siteId: unknown;
  tags: unknown;
  userAgent: string | undefined;
}

export interface PurgeStandIn {
  /** The API's base URL (what CDN_PURGE_API_URL / purgeCache's apiURL take). */
  url: string;
  calls: PurgeCall[];
  /** Statuses to answer the next calls with, before the contract's own answer. */
  failures: number[];
  /** The accepted purges, in order. */
  purged: () => { siteId: unknown; tags: unknown }[];
  waitFor: (predicate?: (call: PurgeCall) => boolean, timeoutMs?: number) => Promise<PurgeCall>;
  close: () => Promise<void>;
}

type PurgeBody = { site_id?: unknown; cache_tags?: unknown };
const bodyOf = (json: unknown): PurgeBody => (json !== null && typeof json === 'object' ? (json as PurgeBody) : {});

export async function startPurgeStandIn(token: string): Promise<PurgeStandIn> {
  const calls: PurgeCall[] = [];
  const callArrivals = arrivals(calls, 'purge call');
  const failures: number[] = [];
  const api = await startReceiver({
    answer: (_firstCall, request) => {
      const body = bodyOf(request.json);
      if (request.method !== 'POST' || request.path !== '/api/v1/purge') return 404;
      if (failures.length > 0) return failures.shift()!;
      if (request.headers.authorization !== `Bearer ${token}`) return 401;
      if (typeof body.site_id !== 'string' || !Array.isArray(body.cache_tags)) return 400;
      return 202;
    },
  });
  api.onRequest = (request) => {
    const body = bodyOf(request.json);
    calls.push({
      status: request.reply as number,
      authorization: request.headers.authorization,
      siteId: body.site_id,
      tags: body.cache_tags,
      userAgent: request.headers['user-agent'],
    });
    callArrivals.notify();
  };
  return {
    url: new URL(api.url).origin,
    calls,
    failures,
    purged: () => calls.filter((call) => call.status === 202).map(({ siteId, tags }) => ({ siteId, tags })),
    waitFor: callArrivals.waitFor,
    close: api.close,
  };
}
