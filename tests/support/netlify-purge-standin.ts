/*
 * A local stand-in for Netlify's cache purge API (`POST /api/v1/purge`, what `purgeCache`
 * of @netlify/functions calls), as far as its documented contract goes: a bearer token
 * (401 without the right one), a JSON body naming the site (`site_id`) and the
 * `cache_tags` to purge (400 without them), 202 when accepted. `failures` answers the next
 * calls with those statuses first (a 503 the caller must retry). Every call is recorded.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { arrivals } from '../../scripts/support/arrivals';

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

export async function startPurgeStandIn(token: string): Promise<PurgeStandIn> {
  const calls: PurgeCall[] = [];
  const callArrivals = arrivals(calls, 'purge call');
  const failures: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: { site_id?: unknown; cache_tags?: unknown } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        body = {};
      }
      const authorization = request.headers.authorization;
      let status: number;
      if (request.method !== 'POST' || request.url !== '/api/v1/purge') status = 404;
      else if (failures.length > 0) status = failures.shift()!;
      else if (authorization !== `Bearer ${token}`) status = 401;
      else if (typeof body.site_id !== 'string' || !Array.isArray(body.cache_tags)) status = 400;
      else status = 202;
      calls.push({
        status,
        authorization,
        siteId: body.site_id,
        tags: body.cache_tags,
        userAgent: request.headers['user-agent'],
      });
      callArrivals.notify();
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(String(status));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failures,
    purged: () => calls.filter((call) => call.status === 202).map(({ siteId, tags }) => ({ siteId, tags })),
    waitFor: callArrivals.waitFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
