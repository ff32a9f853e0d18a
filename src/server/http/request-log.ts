/*
 * One log line per request, written when the response is finished (or the client gone) —
 * but for beacon posts shed over the budget (./beacon-shed.ts), which the ingest counts in
 * one line a minute, so a flood does not fill the log either:
 *   {"reqId":"…","method":"GET","route":"/blog/[slug]","status":200,"ms":8.1,"msg":"request"}
 *
 * `route` is what served the request — Astro's route pattern (set by src/middleware.ts), a
 * file of the build's client folder, or a name for what serve.mjs answers itself — never
 * the URL as sent: paths and query strings carry whatever a client put there (e-mails,
 * tokens, search terms). The id is sent back as X-Request-Id, so a person reporting a
 * problem can quote it; a client's own X-Request-Id is not trusted (it could be anything).
 *
 * scripts/serve.mjs wraps every request (`trackRequest`); on hosts without it (Netlify's
 * function, `astro dev`) the middleware does (`trackInMiddleware`).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isHandledMethod } from './methods.ts';
import { requestContext, writeRequestLine, type RequestContext } from '../log/logger.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A method as logged: any other token a client sends is just 'OTHER'. */
function methodOf(method: string | undefined): string {
  return isHandledMethod(method) ? method : 'OTHER';
}

export interface RequestLine {
  id: string;
  method: string | undefined;
  route: string | undefined;
  status: number;
  startedAt: number;
  /** The client left before the response was complete. */
  aborted?: boolean;
}

export function logRequest({ id, method, route, status, startedAt, aborted }: RequestLine): void {
  const ms = Math.round((performance.now() - startedAt) * 10) / 10;
  writeRequestLine({
    reqId: id,
    method: methodOf(method),
    route: route ?? null,
    status,
    ms,
    aborted: aborted === true,
  });
}

type Headers = Record<string, unknown> | unknown[];

/**
 * Adds a header when the response's head is written rather than with setHeader now: once any
 * header is set that way, Node re-validates every header a later writeHead passes (a static
 * file's dozen, scripts/static-files.ts) one setHeader at a time, which cost more than the
 * rest of serving the file. The header lists handed to writeHead are shared between
 * responses, so they are copied, never changed.
 */
function addHeaderAtWriteHead(res: ServerResponse, name: string, value: string): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const at = rest.findIndex((arg) => typeof arg === 'object' && arg !== null);
    if (at < 0) this.setHeader(name, value);
    else {
      const headers = rest[at] as Headers;
      rest[at] = Array.isArray(headers) ? [...headers, name, value] : { ...headers, [name]: value };
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
}

/**
 * Starts tracking a Node request: sets X-Request-Id and logs one line when the response
 * closes. Run the handler inside `requestContext.run(context, …)` so its log lines carry
 * the id, and set `context.route` once known.
 */
export function trackRequest(req: IncomingMessage, res: ServerResponse): RequestContext {
  const context: RequestContext = { id: randomUUID() };
  const startedAt = performance.now();
  addHeaderAtWriteHead(res, REQUEST_ID_HEADER, context.id);
  res.once('close', () =>
    logRequest({
      id: context.id,
      method: req.method,
      route: context.route,
      status: res.statusCode,
      startedAt,
      aborted: !res.writableFinished,
    }),
  );
  return context;
}

/** nginx's "client closed request": what a request whose client left is answered (to nobody). */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Runs the rest of the pipeline; a failure caused by the client leaving — reading the body
 * of a request whose connection was reset throws "aborted" — is answered 499 instead of
 * reaching Astro, which would log it as a server error with its stack though nothing
 * failed on the server.
 */
async function unlessClientLeft(request: { signal: AbortSignal }, next: () => Promise<Response>): Promise<Response> {
  try {
    return await next();
  } catch (error) {
    if (!request.signal.aborted) throw error;
    return new Response(null, { status: CLIENT_CLOSED_REQUEST });
  }
}

/**
 * For the middleware: the context serve.mjs opened for this request, whose route it fills
 * in; or, where no serve.mjs runs, a context of its own whose line it writes itself.
 */
export async function trackInMiddleware(
  request: { method: string; signal: AbortSignal },
  route: string | undefined,
  next: () => Promise<Response>,
): Promise<Response> {
  const outer = requestContext.getStore();
  if (outer) {
    outer.route = route;
    return unlessClientLeft(request, next);
  }
  const context: RequestContext = { id: randomUUID(), route };
  const startedAt = performance.now();
  return requestContext.run(context, async () => {
    let status = 500;
    try {
      const response = await unlessClientLeft(request, next);
      status = response.status;
      try {
        response.headers.set(REQUEST_ID_HEADER, context.id);
        return response;
      } catch {
        // Immutable headers (a fetched or redirect response): answer with a copy.
        const headers = new Headers(response.headers);
        headers.set(REQUEST_ID_HEADER, context.id);
        return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
      }
    } finally {
      logRequest({ id: context.id, method: request.method, route: context.route, status, startedAt });
    }
  });
}
