/*
 * Request pipeline: a short sequence of named handlers. Each feature adds its own
 * (e.g. auth guards) to the list; keep them small and put the work in src/server.
 */
import { getActionContext } from 'astro:actions';
import { defineMiddleware, sequence } from 'astro:middleware';
import type { Runtime } from '~/server/runtime-types';
import { adminRefusal, classifyRequest, guardRequest, type CurrentSession, type SessionUser } from '~/server/auth';
import {
  clientAddressOf,
  deployTargetFromEnv,
  isHandledMethod,
  methodNotAllowedResponse,
  NO_STORE as PRIVATE_CACHE_CONTROL,
  postRedirectGet,
  safeRequest,
  SHED_BEACON_ANSWER,
  shedsBeacon,
  trackInMiddleware,
} from '~/server/http';
import { cdnCacheHeaders } from '~/server/cdn';
import { LIVENESS_ROUTE, livenessResponse } from '~/server/ops';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Astro declares Locals in the global App namespace.
  namespace App {
    interface Locals {
      /**
       * This process's services, database, queue and config, built once by the composition
       * root (src/server/compose.ts): routes and actions call `locals.runtime.leads.create(…)`
       * and the like, never a module-level instance.
       */
      runtime: Runtime;
      /** The signed-in account, set on admin-area requests and /auth (src/server/auth/guard.ts). */
      user?: SessionUser;
      session?: CurrentSession;
      /** Set by @astrojs/netlify on Netlify: the invocation's context (src/server/delivery/immediate-delivery.ts). */
      netlify?: { context?: { waitUntil?: (promise: Promise<unknown>) => void } };
    }
  }
}

/**
 * A beacon post over the process's per-minute budget is answered before the runtime and the
 * route (src/server/http/beacon-shed.ts), and logged with the minute's count of dropped events
 * rather than one line each. serve.mjs does it before Astro; this is the same rule where no
 * serve.mjs runs (Netlify's function, dev), and for spellings of the path it passed.
 */
const shedBeacons = defineMiddleware((context, next) => {
  if (context.isPrerendered || !shedsBeacon(context.request.method, context.routePattern)) return next();
  return new Response(null, SHED_BEACON_ANSWER);
});

/** One JSON log line per request: id, route pattern, method, status, duration (src/server/http/request-log.ts). */
const requestLog = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  return trackInMiddleware(context.request, context.routePattern, next);
});

/**
 * A method no route answers is refused before anything reads the request. serve.mjs does it
 * before Astro; this is the same rule where no serve.mjs runs (Netlify's function, dev).
 */
const handledMethodsOnly = defineMiddleware((context, next) => {
  if (context.isPrerendered || isHandledMethod(context.request.method)) return next();
  return methodNotAllowedResponse();
});

/** The build's target: the built server knows it (src/server/deploy-target.ts). */
const TARGET = deployTargetFromEnv(process.env);

/**
 * Pages that read nothing of the runtime (no database, no session): partners' landing pages.
 * On Netlify a new instance answers them without loading or booting the runtime at all, so
 * a campaign's visitor does not pay for the database, the queue and auth at a cold start.
 */
const RUNTIME_FREE_ROUTES: ReadonlySet<string> = new Set(['/parceiro/[slug]', '/[name]']);

/** Whether this request can be answered without the runtime: a plain public read of such a page. */
function runtimeFree(context: Parameters<Parameters<typeof defineMiddleware>[0]>[0]): boolean {
  if (TARGET !== 'netlify' || !RUNTIME_FREE_ROUTES.has(context.routePattern)) return false;
  if (context.request.method !== 'GET' && context.request.method !== 'HEAD') return false;
  const target = {
    routePattern: context.routePattern,
    pathname: context.url.pathname,
    search: context.url.search,
    method: context.request.method,
    accept: context.request.headers.get('accept') ?? '',
  };
  return !context.url.searchParams.has('_action') && classifyRequest(target).zone === 'public';
}

/**
 * Makes sure the runtime (lock, database, queue) is up before anything else runs. Loaded on
 * first use: its modules (database drivers, the queue, auth) are most of a cold start.
 */
const withRuntime = defineMiddleware(async (context, next) => {
  // Prerendering happens at build time: it must not open (and lock) the data folder.
  if (context.isPrerendered) return next();
  // Liveness answers even while the runtime is still starting (src/server/ops/health.ts).
  if (context.routePattern === LIVENESS_ROUTE) return livenessResponse();
  if (runtimeFree(context)) return next();
  const { getRuntime } = await import('~/server/runtime');
  context.locals.runtime = await getRuntime();
  return next();
});

/**
 * Public landing pages may be kept by the browser and Netlify's CDN (src/server/cdn/cdn-cache.ts
 * lists them; the access policy and the answer itself can still refuse).
 */
const cdnCache = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  const headers = cdnCacheHeaders(
    TARGET,
    {
      routePattern: context.routePattern,
      pathname: context.url.pathname,
      search: context.url.search,
      method: context.request.method,
      accept: context.request.headers.get('accept') ?? '',
      params: context.params,
    },
    response,
  );
  if (!headers) return response;
  const merged = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
});

/**
 * Admin area and /auth (src/server/auth/access-policy.ts decides on the matched route, so no
 * spelling of a path gets past it): anonymous → /auth (pages) or 401, signed-in non-admin →
 * the pt-BR 403 page or 403; a signed-in visitor of /auth → /blog/admin. Every answer of
 * those zones — the page, a redirect, a 401/403, an error — is `private, no-store`.
 */
const adminGuard = defineMiddleware(async (context, next) => {
  // Prerendered pages are public and have no request (nor clientAddress) at build time.
  if (context.isPrerendered) return next();
  const zone = classifyRequest({
    routePattern: context.routePattern,
    pathname: context.url.pathname,
    search: context.url.search,
    method: context.request.method,
    accept: context.request.headers.get('accept') ?? '',
  });
  // A public request needs no session (guardRequest would answer 'next' too).
  if (zone.zone === 'public') return next();
  const guard = await guardRequest(
    context.locals.runtime,
    {
      routePattern: context.routePattern,
      pathname: context.url.pathname,
      search: context.url.search,
      method: context.request.method,
      headers: context.request.headers,
    },
    clientAddressOf(context),
  );
  const { outcome, session, setCookies } = guard;
  if (session) {
    context.locals.user = session.user;
    context.locals.session = session;
  }
  let response: Response;
  if (outcome.action === 'next') response = await next();
  else if (outcome.action === 'redirect') response = context.redirect(outcome.location);
  else if (outcome.action === 'forbidden-page') response = await context.rewrite('/403');
  else response = adminRefusal(outcome.status, context.url);
  if (setCookies.length === 0 && !guard.private) return response;
  const headers = new Headers(response.headers);
  // Sliding expiry / clearing a dead cookie: Better Auth's cookies ride on whatever we answer.
  for (const cookie of setCookies) headers.append('set-cookie', cookie);
  // Decided here, once, for the whole zone: a page that forgets cannot make personal data cacheable.
  if (guard.private) headers.set('cache-control', PRIVATE_CACHE_CONTROL);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});

/**
 * An admin form's post answers 303 to the page's clean URL, its result shown once there, so
 * a refresh never posts it again (src/server/http/post-redirect-get.ts). After the guard: the
 * action runs for the session it read.
 */
const adminPostRedirectGet = defineMiddleware((context, next) =>
  postRedirectGet(
    {
      request: context.request,
      url: context.url,
      cookies: context.cookies,
      isPrerendered: context.isPrerendered,
      actions: () => getActionContext(context),
    },
    next,
  ),
);

export const onRequest = sequence(
  shedBeacons,
  requestLog,
  handledMethodsOnly,
  withRuntime,
  cdnCache,
  adminGuard,
  safeRequest,
  adminPostRedirectGet,
);
