/*
 * The HTTP methods the site answers. Anything else (TRACE, TRACK, PROPFIND, …) is refused
 * with 405 and an Allow header before a route sees it: Astro's Node adapter builds a
 * WHATWG Request, whose constructor throws on TRACE, so the request reached Astro's error
 * log as a 500 with the raw URL (query string included) and a stack. scripts/serve.mjs
 * refuses them before Astro; the middleware does the same where no serve.mjs runs
 * (Netlify's function, `astro dev`).
 *
 * scripts/serve.mjs imports this file directly, hence the relative `.ts` imports.
 */
import { httpMessages } from '../../messages/http.ts';
import { NEVER_CACHED } from './cache-control.ts';

export const HANDLED_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const handled = new Set(HANDLED_METHODS);

/** The Allow header of a 405: every method some route of the site answers. */
export const ALLOW_HEADER = HANDLED_METHODS.join(', ');

/** What a request log calls a refused method: the route nothing served. */
export const METHOD_NOT_ALLOWED_ROUTE = '(method not allowed)';

export function isHandledMethod(method: string | undefined): method is string {
  return method !== undefined && handled.has(method);
}

/** The 405's headers and pt-BR body, for serve.mjs (node:http) and the middleware (Response) alike. */
export function methodNotAllowed(): { status: 405; headers: Record<string, string>; body: string } {
  return {
    status: 405,
    headers: { Allow: ALLOW_HEADER, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NEVER_CACHED },
    body: httpMessages.methodNotAllowed,
  };
}

/** The 405 as a Response (the middleware). */
export function methodNotAllowedResponse(): Response {
  const { status, headers, body } = methodNotAllowed();
  return new Response(body, { status, headers });
}
