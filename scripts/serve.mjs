#!/usr/bin/env node
/*
 * The production HTTP server. The build's client folder (prerendered pages, assets)
 * is answered from memory with the brotli/gzip files compressed at build time
 * (scripts/static-files.ts); everything else goes to Astro's Node handler, wrapped
 * with what the adapter leaves out — security headers on every response and
 * on-the-fly compression of on-demand responses (the `compression` package skips
 * bodies under 1 KB).
 *
 * `npm start` builds when needed and then imports this file; tests and benchmarks
 * start it directly against an existing build (BUILD_DIR, default dist).
 */
import http from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { HEADER_CSP, securityHeaders } from '../src/server/http/security-headers.ts';
import { canonicalRedirect } from '../src/integrations/index-html-redirect.mjs';
import { REDIRECT_RULES } from '../src/server/cdn/redirect-cache.ts';
import { loadStaticFiles } from './static-files.ts';
import { componentLogger, requestContext } from '../src/server/log/logger.ts';
import { trackRequest } from '../src/server/http/request-log.ts';
import { useOwnerOnlyUmask } from '../src/server/owner-only.ts';
import { isHandledMethod, methodNotAllowed, METHOD_NOT_ALLOWED_ROUTE } from '../src/server/http/methods.ts';
import { SHED_BEACON_ANSWER, shedsBeacon } from '../src/server/http/beacon-shed.ts';

// Before anything can write in DATA_DIR (the runtime sets it again when it boots).
useOwnerOnlyUmask();

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '0.0.0.0';
const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`;
const buildDir = process.env.BUILD_DIR ?? 'dist';
const entry = join(buildDir, 'server', 'entry.mjs');

const { handler } = await import(pathToFileURL(entry).href);
const headers = Object.entries(securityHeaders(siteUrl));
const staticFiles = loadStaticFiles(join(buildDir, 'client'), securityHeaders(siteUrl));
const compress = compression();
const log = componentLogger('server');

/*
 * On-demand pages get their script-hash CSP from Astro as a response header, which
 * would replace ours; both policies are sent instead (browsers enforce every one).
 */
function keepFrameAncestors(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    const outgoing = rest.find((arg) => arg && typeof arg === 'object' && !Array.isArray(arg));
    for (const name of Object.keys(outgoing ?? {})) {
      if (name.toLowerCase() === 'content-security-policy') outgoing[name] = [outgoing[name], HEADER_CSP].flat();
    }
    return writeHead.call(this, status, ...rest);
  };
}

const shedHeaders = { ...Object.fromEntries(headers), ...SHED_BEACON_ANSWER.headers };

const server = http.createServer((req, res) => {
  if (shedsBeacon(req.method, (req.url ?? '/').split('?', 1)[0])) {
    // The beacon's budget has none left: answered unread, before Astro (src/server/http/beacon-shed.ts),
    // and logged with the minute's count of dropped events rather than one line each.
    res.writeHead(SHED_BEACON_ANSWER.status, shedHeaders);
    res.end();
    return;
  }
  // One log line per request, with the id sent back as X-Request-Id (src/server/http/request-log.ts).
  const request = trackRequest(req, res);
  if (!isHandledMethod(req.method)) {
    // Before Astro, whose Node adapter throws on TRACE and logs the raw URL with a stack.
    request.route = METHOD_NOT_ALLOWED_ROUTE;
    const refusal = methodNotAllowed();
    res.writeHead(refusal.status, { ...Object.fromEntries(headers), ...refusal.headers });
    res.end(refusal.body);
    return;
  }
  if (staticFiles.serve(req, res)) {
    // A file of the build (its path carries nothing personal), or a crafted path refused with 400.
    request.route = res.statusCode === 400 ? '(invalid path)' : (req.url ?? '/').split('?', 1)[0];
    return;
  }
  for (const [name, value] of headers) res.setHeader(name, value);
  const canonical = canonicalRedirect(req.url ?? '/', REDIRECT_RULES);
  if (canonical) {
    request.route = '(canonical path redirect)';
    // See the module; 308 keeps a POST a POST, as Astro's own redirects do.
    res.writeHead(req.method === 'GET' || req.method === 'HEAD' ? 301 : 308, {
      Location: canonical.location,
      ...canonical.headers,
    });
    res.end();
    return;
  }
  // The middleware sets request.route; log lines written meanwhile carry the request's id.
  requestContext.run(request, () =>
    compress(req, res, () => {
      // After compression has wrapped writeHead: it moves header objects into setHeader calls.
      keepFrameAncestors(res);
      handler(req, res);
    }),
  );
});

/*
 * How long an idle keep-alive connection stays open: longer than the clients and proxies in
 * front keep theirs (Node's own agent and Playwright's drop theirs after 5 s, proxies after
 * ~60 s), so the client always closes first. With Node's default of 5 s, both ends close at the
 * same moment and a request sent on the socket then is reset (seen: ECONNRESET on an admin's
 * document download right after a 5 s wait). Headers must arrive within a little more.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;

server.listen(port, host, async () => {
  log.info(`Pilota listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
  /*
   * Astro loads middleware on the first request, so boot the runtime (DATA_DIR lock,
   * database, migrations, queue workers) now rather than on a visitor's request: a
   * second server on the same DATA_DIR then exits at start with a clear message.
   */
  const local = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host;
  const health = `http://${local.includes(':') ? `[${local}]` : local}:${port}/api/health`;
  for (let attempt = 0; attempt < 150; attempt++) {
    // 503: booted, but the database is unreachable (degraded mode) — still up.
    const ready = await fetch(health).then(
      (response) => response.ok || response.status === 503,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  log.error(`The server did not become ready (${health}).`);
});

// The runtime (src/server/runtime.ts) stops workers and the database on the same signals.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close();
    server.closeIdleConnections();
  });
}
