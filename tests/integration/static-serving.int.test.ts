/*
 * Static files: the built server answers the client folder with the brotli/gzip
 * files compressed at build time — content negotiation, ETag/304, caching, HEAD, the
 * security headers on every answer, and no way out of the folder. Requests go over
 * raw node:http so nothing decompresses or normalises paths on the way (fetch would).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMessages } from '~/messages/http';
import { securityHeaders } from '~/server/http/security-headers';
import { ensureBuild } from '../support/ensure-build';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';

const buildDir = process.env['BUILD_DIR'] ?? 'dist';
const clientDir = join(buildDir, 'client');

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Every security header, exactly. Astro's pages rendered on demand (its 404 included) send
 * their own script-hash CSP header too, which serve.mjs keeps beside ours (`onDemand`).
 */
function expectSecurityHeaders(response: RawResponse, siteUrl: string, label: string, onDemand = false) {
  for (const [name, value] of Object.entries(securityHeaders(siteUrl))) {
    const actual = response.headers[name.toLowerCase()];
    if (onDemand && name === 'Content-Security-Policy') expect(String(actual), `${label}: ${name}`).toContain(value);
    else expect(actual, `${label}: ${name}`).toBe(value);
  }
}

describe('static files from the build', () => {
  let server: RunningServer;
  let siteUrl: string;
  let hashedScript: string | undefined;
  let hashedFont: string | undefined;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    raw(server.url, path, headers, method);

  beforeAll(async () => {
    ensureBuild();
    hashedScript = readdirSync(join(clientDir, '_astro')).find((name) => name.endsWith('.js'));
    hashedFont = readdirSync(join(clientDir, '_astro', 'fonts')).find((name) => name.endsWith('.woff2'));
    server = await startBuiltServer();
    // serve.mjs's default, unless the environment sets one.
    siteUrl = process.env['SITE_URL'] ?? `http://localhost:${new URL(server.url).port}`;
  });
  afterAll(() => server?.stop());

  it('keeps an idle connection open longer than clients keep theirs, so none reuses a socket the server is closing', async () => {
    // Node's default (5 s) equals Node's and Playwright's clients' own: both ends then close at
    // once, and a request sent at that moment is reset.
    const response = await get('/', { connection: 'keep-alive' });
    expect(response.headers['keep-alive']).toBe('timeout=65');
  });

  it('the build wrote .br and .gz beside every page and script, and none beside images or fonts', () => {
    const files = new Set(readdirSync(clientDir, { recursive: true }).map(String));
    const texts = [...files].filter(
      (name) => /\.(html|css|js)$/.test(name) && readFileSync(join(clientDir, name)).length > 1024,
    );
    expect(texts.length).toBeGreaterThan(10);
    for (const name of texts) {
      expect(files.has(`${name}.br`), name).toBe(true);
      expect(files.has(`${name}.gz`), name).toBe(true);
    }
    expect([...files].filter((name) => /\.(png|woff2)\.(br|gz)$/.test(name))).toEqual([]);
  });

  it('/ with Accept-Encoding: br sends the .br file, which decompresses to the identity HTML', async () => {
    const identity = await get('/');
    const br = await get('/', { 'Accept-Encoding': 'br' });
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(readFileSync(join(clientDir, 'index.html')))).toBe(true);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(readFileSync(join(clientDir, 'index.html.br')))).toBe(true);
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(identity.headers['vary']).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(identity.body.length / 3);
  });

  it('gzip when the client takes gzip only, or refuses brotli by q-value', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const response = await get('/planos', { 'Accept-Encoding': accept });
      expect(response.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(response.body).equals(readFileSync(join(clientDir, 'planos.html'))), accept).toBe(true);
      expect(response.headers['content-length'], accept).toBe(String(response.body.length));
    }
  });

  it('identity when the client asks for no coding we have', async () => {
    for (const accept of ['identity', 'deflate', 'gzip;q=0, br;q=0', '']) {
      const response = await get('/planos', { 'Accept-Encoding': accept });
      expect(response.headers['content-encoding'], accept).toBeUndefined();
      expect(response.body.equals(readFileSync(join(clientDir, 'planos.html'))), accept).toBe(true);
    }
  });

  it('strong ETags, one per encoding; If-None-Match answers 304 with the same headers and no body', async () => {
    const br = await get('/', { 'Accept-Encoding': 'br' });
    const gzip = await get('/', { 'Accept-Encoding': 'gzip' });
    const identity = await get('/');
    const tags = [br, gzip, identity].map((response) => String(response.headers['etag']));
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(new Set(tags).size).toBe(3);
    // Stable across requests: prepared at start, not per request.
    expect((await get('/', { 'Accept-Encoding': 'br' })).headers['etag']).toBe(tags[0]);

    const notModified = await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': tags[0] ?? '' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers['etag']).toBe(tags[0]);
    expect(notModified.headers['cache-control']).toBe('public, max-age=0');
    expect(notModified.headers['vary']).toBe('Accept-Encoding');
    expectSecurityHeaders(notModified, siteUrl, '304');

    // A list, and the weak form of the tag, match too (If-None-Match uses weak comparison).
    const listed = await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': `"other", W/${tags[0]}` });
    expect(listed.status).toBe(304);
    // The br tag does not validate the gzip representation.
    const otherEncoding = await get('/', { 'Accept-Encoding': 'gzip', 'If-None-Match': tags[0] ?? '' });
    expect(otherEncoding.status).toBe(200);
    expect(otherEncoding.headers['content-encoding']).toBe('gzip');
  });

  it('Last-Modified, and If-Modified-Since answers 304 when no ETag is sent', async () => {
    const page = await get('/contato');
    const lastModified = String(page.headers['last-modified']);
    expect(Date.parse(lastModified)).not.toBeNaN();
    expect((await get('/contato', { 'If-Modified-Since': lastModified })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await get('/contato', { 'If-Modified-Since': earlier })).status).toBe(200);
  });

  it('hashed /_astro assets are immutable for a year; pages keep the revalidate policy', async () => {
    const script = await get(`/_astro/${hashedScript}`, { 'Accept-Encoding': 'br, gzip' });
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['content-encoding']).toBe('br');
    const font = await get(`/_astro/fonts/${hashedFont}`, { 'Accept-Encoding': 'br, gzip' });
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['vary']).toBeUndefined();
    for (const path of ['/', '/planos', '/robots.txt', '/favicon.svg']) {
      expect((await get(path)).headers['cache-control'], path).toBe('public, max-age=0');
    }
  });

  it('every static answer carries the security headers, exactly as an on-demand response does', async () => {
    const onDemand = await get('/api/health');
    expectSecurityHeaders(onDemand, siteUrl, '/api/health');
    for (const [path, accept] of [
      ['/', 'br'],
      ['/', 'gzip'],
      ['/', ''],
      ['/planos', 'br'],
      [`/_astro/${hashedScript}`, 'br'],
      ['/og-default.png', 'br'],
      ['/robots.txt', 'gzip'],
    ] as const) {
      const response = await get(path, { 'Accept-Encoding': accept });
      expect(response.status, path).toBe(200);
      expectSecurityHeaders(response, siteUrl, `${path} (${accept || 'identity'})`);
    }
  });

  it('HEAD sends the GET headers of the chosen file and no body', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const got = await get('/', { 'Accept-Encoding': accept });
      const head = await get('/', { 'Accept-Encoding': accept }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of ['content-length', 'content-encoding', 'content-type', 'etag', 'cache-control', 'vary']) {
        expect(head.headers[name], `${accept} ${name}`).toBe(got.headers[name]);
      }
      expectSecurityHeaders(head, siteUrl, 'HEAD');
    }
  });

  it('clean URLs, the .html name and a query string reach the same file', async () => {
    const expected = readFileSync(join(clientDir, 'planos.html'));
    for (const path of ['/planos', '/planos.html', '/planos?utm_source=teste&x=%2e%2e']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.body.equals(expected), path).toBe(true);
    }
    expect((await get('/index.html')).body.equals(readFileSync(join(clientDir, 'index.html')))).toBe(true);
  });

  it('never serves a file outside the client folder, however the path is encoded', async () => {
    const entry = readFileSync(join(buildDir, 'server', 'entry.mjs'));
    const crafted = [
      '/../server/entry.mjs',
      '/..%2fserver%2fentry.mjs',
      '/%2e%2e/server/entry.mjs',
      '/%2E%2E%2Fserver%2Fentry.mjs',
      '/_astro/..%2f..%2fserver%2fentry.mjs',
      '/_astro/%2e%2e/%2e%2e/server/entry.mjs',
      '/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/..%5cserver%5centry.mjs',
      '/..\\server\\entry.mjs',
      '/index.html%00',
      '/index.html%00.png',
      '/%252e%252e/server/entry.mjs',
      '/%c0%ae%c0%ae/server/entry.mjs',
      '//etc/passwd',
      '/etc/passwd',
      '/.env',
    ];
    for (const path of crafted) {
      for (const method of ['GET', 'HEAD']) {
        const response = await get(path, { 'Accept-Encoding': 'br, gzip' }, method);
        expect([400, 404], `${method} ${path}`).toContain(response.status);
        expect(response.body.includes(entry.subarray(0, 200)), path).toBe(false);
        expect(response.body.toString('latin1'), path).not.toMatch(/root:.*:0:0:/);
        expectSecurityHeaders(response, siteUrl, path, response.status === 404);
      }
    }
    const refused = await get('/..%2fserver%2fentry.mjs');
    expect(refused.status).toBe(400);
    expect(refused.body.toString()).toBe(httpMessages.invalidPath);
  });

  it('on-demand pages are still compressed on the fly', async () => {
    const page = await get('/blog', { 'Accept-Encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('</html>');
    expectSecurityHeaders(page, siteUrl, '/blog', true);
  });

  it('…/index.html under a dynamic route is sent to its canonical path, not to a 500 from Astro', async () => {
    const seeded = '/blog/exemplo-5-passos-para-organizar-a-gestao-dos-seus-alugueis';
    for (const [method, status] of [
      ['GET', 301],
      ['HEAD', 301],
      ['POST', 308],
    ] as const) {
      for (const path of [`${seeded}/index.html`, '/parceiro/x/index.html?utm_source=a', '/blog/tag/x/%69ndex.html']) {
        const answer = await get(path, {}, method);
        expect(answer.status, `${method} ${path}`).toBe(status);
        expect(answer.headers['location'], path).toBe(path.replace(/\/(index\.html|%69ndex\.html)/, ''));
        expectSecurityHeaders(answer, siteUrl, path);
      }
    }
    const post = await get(seeded);
    expect(post.status).toBe(200);
  });
});

describe('static files on an https site', () => {
  let server: RunningServer;
  beforeAll(async () => {
    ensureBuild();
    server = await startBuiltServer({ SITE_URL: 'https://pilota.example' });
  });
  afterAll(() => server?.stop());

  it('adds HSTS to compressed static answers, 304s and refusals', async () => {
    const hsts = securityHeaders('https://pilota.example')['Strict-Transport-Security'];
    expect(hsts).toBeDefined();
    const page = await raw(server.url, '/', { 'Accept-Encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expectSecurityHeaders(page, 'https://pilota.example', '/');
    const cached = await raw(server.url, '/', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(page.headers['etag']),
    });
    expect(cached.status).toBe(304);
    expect(cached.headers['strict-transport-security']).toBe(hsts);
    const refused = await raw(server.url, '/%2e%2e/server/entry.mjs');
    expect(refused.headers['strict-transport-security']).toBe(hsts);
  });
});
