/*
 * The HTTP core of the outside-service stand-ins (./crm.ts, ./pipedrive.ts, ./zap-crm.ts): a
 * server on 127.0.0.1 that records every request and answers through the vendor's handler,
 * unless a fault is scripted for it.
 *
 * Faults are scripted per request, in order: a status (429 with the wait to ask for, answered the
 * way the vendor documents its rate limit — each stand-in passes its own `rateLimited` — or an
 * `echo` of the request line and URL in its answer, as a careless proxy quotes what failed), 'hang'
 * (never answers: the caller's timeout must cut it), or 'store-then-500' (does the work, then
 * answers 500, the way a response lost after a commit looks to the caller), or `delayMs` (does the
 * work only after that long, as a slow service does, so another call can overtake it).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { arrivals } from '../../scripts/support/arrivals';

export type Fault =
  number | { status: number; retryAfter?: string; echo?: true } | { delayMs: number } | 'hang' | 'store-then-500';

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  json: unknown;
  /** What was answered. */
  status: number | 'hang';
}

export interface StandIn {
  url: string;
  requests: StandInRequest[];
  /** Faults for the next requests (those of `method` and `path` when given), in order. */
  faults: { method?: string; path?: string; fault: Fault }[];
  waitFor: (predicate?: (request: StandInRequest) => boolean, timeoutMs?: number) => Promise<StandInRequest>;
  /** Called with each request once answered (the e2e setup writes them to files for the workers). */
  onRequest?: ((request: StandInRequest) => void) | undefined;
  close: () => Promise<void>;
}

export type Handler = (request: StandInRequest) => { status: number; body?: unknown };

/** A vendor's 429: its documented body and the header(s) that carry the wait of `retryAfter` seconds. */
export type RateLimitedAnswer = (retryAfter: string | undefined) => { body: unknown; headers: Record<string, string> };

/** A plain HTTP 429 with Retry-After (RFC 9110 §10.2.3), for a receiver with no documented shape of its own. */
const plainRateLimited: RateLimitedAnswer = (retryAfter) => ({
  body: { error: 'too many requests' },
  headers: retryAfter ? { 'Retry-After': retryAfter } : {},
});

export async function serve(handler: Handler, rateLimited: RateLimitedAnswer = plainRateLimited): Promise<StandIn> {
  const requests: StandInRequest[] = [];
  const requestArrivals = arrivals(requests, 'request');
  const hanging = new Set<ServerResponse>();
  const standIn: StandIn = {
    url: '',
    requests,
    faults: [],
    waitFor: requestArrivals.waitFor,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stand-in');
      let json: unknown;
      try {
        json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        json = undefined;
      }
      const request: StandInRequest = {
        method: incoming.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        json,
        status: 200,
      };
      const index = standIn.faults.findIndex(
        (item) => (!item.path || url.pathname === item.path) && (!item.method || incoming.method === item.method),
      );
      const fault = index >= 0 ? standIn.faults.splice(index, 1)[0]!.fault : undefined;
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        request.status = status;
        requests.push(request);
        requestArrivals.notify();
        standIn.onRequest?.(request);
        response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body ?? {}));
      };
      if (fault === 'hang') {
        request.status = 'hang';
        requests.push(request);
        requestArrivals.notify();
        standIn.onRequest?.(request);
        hanging.add(response);
        return;
      }
      if (fault === 'store-then-500') {
        handler(request);
        answer(500, { error: 'internal error' });
        return;
      }
      if (typeof fault === 'number') return answer(fault, { error: `scripted ${fault}` });
      if (fault && 'delayMs' in fault) {
        setTimeout(() => {
          const { status, body } = handler(request);
          answer(status, body);
        }, fault.delayMs);
        return;
      }
      if (fault && 'echo' in fault)
        return answer(fault.status, { error: `upstream failed: ${incoming.method} ${incoming.url}` });
      if (fault) {
        const { body, headers } = rateLimited(fault.retryAfter);
        return answer(fault.status, body, headers);
      }
      const { status, body } = handler(request);
      answer(status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
