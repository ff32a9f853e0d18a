#!/usr/bin/env node
/*
 * The production HTTP server: Astro's Node handler (static files + SSR) wrapped
 * with what the adapter leaves out — security headers on every response, the
 * prerendered pages included, and gzip/brotli compression.
 *
 * `npm start` builds when needed and then imports this file; tests and benchmarks
 * start it directly against an existing build (BUILD_DIR, default dist).
 */
import http from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { securityHeaders } from '../src/server/http/security-headers.ts';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '0.0.0.0';
const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`;
const entry = join(process.env.BUILD_DIR ?? 'dist', 'server', 'entry.mjs');

const { handler } = await import(pathToFileURL(entry).href);
const headers = Object.entries(securityHeaders(siteUrl));
const compress = compression();

const server = http.createServer((req, res) => {
  for (const [name, value] of headers) res.setHeader(name, value);
  compress(req, res, () => handler(req, res));
});

server.listen(port, host, () => {
  console.log(`Pilota listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close();
    server.closeIdleConnections();
  });
}
