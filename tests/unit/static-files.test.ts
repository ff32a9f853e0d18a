/*
 * The pure parts of static serving: Accept-Encoding negotiation, request path checks,
 * and the build-time compression of a folder (src/integrations/precompress.mjs) on a
 * temporary folder. The served responses are covered in
 * tests/integration/static-serving.int.test.ts against the real build.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptableCodings, loadStaticFiles, requestPath } from '../../scripts/static-files.ts';
import { precompressFolder } from '../../src/integrations/precompress.mjs';

describe('acceptableCodings', () => {
  it('prefers brotli, then gzip, then identity when weights tie', () => {
    expect(acceptableCodings('gzip, deflate, br')).toEqual(['br', 'gzip', 'identity']);
    expect(acceptableCodings('gzip')).toEqual(['gzip', 'identity']);
  });

  it('honours q-values, including a refusal with q=0', () => {
    expect(acceptableCodings('br;q=0.5, gzip')).toEqual(['gzip', 'br', 'identity']);
    expect(acceptableCodings('br;q=0, gzip;q=0.8')).toEqual(['gzip', 'identity']);
    expect(acceptableCodings('br;q=0.5')).toEqual(['br', 'identity']);
    expect(acceptableCodings('gzip;q=0.2, identity;q=0.5')).toEqual(['identity', 'gzip']);
    expect(acceptableCodings('gzip;q=0, br;q=0')).toEqual(['identity']);
    expect(acceptableCodings('br ; Q=0.001')).toEqual(['br', 'identity']);
  });

  it('applies * to the codings not named, and lets it refuse identity', () => {
    expect(acceptableCodings('*')).toEqual(['br', 'gzip', 'identity']);
    expect(acceptableCodings('gzip;q=0, *;q=0.5')).toEqual(['br', 'identity']);
    expect(acceptableCodings('br, *;q=0')).toEqual(['br']);
    expect(acceptableCodings('identity;q=0')).toEqual([]);
  });

  it('treats no header, an empty one, unknown codings and broken q-values as identity only', () => {
    expect(acceptableCodings(undefined)).toEqual(['identity']);
    expect(acceptableCodings('')).toEqual(['identity']);
    expect(acceptableCodings('deflate, zstd')).toEqual(['identity']);
    expect(acceptableCodings('br;q=2, gzip;q=abc')).toEqual(['identity']);
  });

  it('reads x-gzip as gzip and ignores case', () => {
    expect(acceptableCodings('X-GZIP')).toEqual(['gzip', 'identity']);
    expect(acceptableCodings('BR')).toEqual(['br', 'identity']);
  });
});

describe('requestPath', () => {
  it('drops the query and decodes percent-escapes', () => {
    expect(requestPath('/planos?utm_source=x')).toBe('/planos');
    expect(requestPath('/a%20b.html')).toBe('/a b.html');
    expect(requestPath('/_astro%2Fx.js')).toBe('/_astro/x.js');
  });

  it.each([
    '/../server/entry.mjs',
    '/..%2fserver%2fentry.mjs',
    '/%2e%2e/server/entry.mjs',
    '/%2E%2E%2Fserver%2Fentry.mjs',
    '/_astro/..%2f..%2fetc%2fpasswd',
    '/_astro/./x.js',
    '/_astro/%2e/x.js',
    '/..',
    '/index.html%00',
    '/index.html%00.png',
    '/..\\server\\entry.mjs',
    '/%5c..%5cserver',
    '/%E0%A4%A',
    '/%',
  ])('refuses the crafted path %s', (target) => {
    expect(requestPath(target)).toBeNull();
  });

  it('keeps names that only contain dots', () => {
    expect(requestPath('/.well-known/security.txt')).toBe('/.well-known/security.txt');
    expect(requestPath('/a..b')).toBe('/a..b');
    expect(requestPath('/...')).toBe('/...');
  });
});

describe('precompressFolder', () => {
  const html = `<!doctype html><html lang="pt-BR"><body>${'<p>Gestão de imóveis sem planilhas.</p>'.repeat(200)}</body></html>`;

  function folder() {
    const dir = mkdtempSync(join(tmpdir(), 'pilota-precompress-'));
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, 'index.html'), html);
    writeFileSync(join(dir, '_astro', 'app.js'), `export const x = ${JSON.stringify('a'.repeat(4000))};`);
    writeFileSync(join(dir, 'tiny.txt'), 'x');
    writeFileSync(join(dir, 'og.png'), randomBytes(4000));
    writeFileSync(join(dir, 'noise.svg'), randomBytes(4000).toString('base64'));
    return dir;
  }

  it('writes .br and .gz beside text files that decompress to the original', async () => {
    const dir = folder();
    await precompressFolder(dir);
    for (const name of ['index.html', '_astro/app.js']) {
      const original = readFileSync(join(dir, name));
      const br = readFileSync(join(dir, `${name}.br`));
      const gz = readFileSync(join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(gunzipSync(gz).equals(original), name).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
    }
  });

  it('compresses brotli at its maximum quality', async () => {
    const dir = folder();
    await precompressFolder(dir);
    const { brotliCompressSync, constants } = await import('node:zlib');
    const q11 = brotliCompressSync(Buffer.from(html), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    expect(readFileSync(join(dir, 'index.html.br')).length).toBe(q11.length);
  });

  it('leaves binary types alone and writes nothing that would not be smaller', async () => {
    const dir = folder();
    await precompressFolder(dir);
    expect(existsSync(join(dir, 'og.png.br'))).toBe(false);
    expect(existsSync(join(dir, 'og.png.gz'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.txt.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.txt.gz'))).toBe(false);
  });

  it('removes a sibling left by an earlier build when it would no longer be smaller', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'tiny.txt.gz'), 'stale');
    writeFileSync(join(dir, 'tiny.txt.br'), 'stale');
    await precompressFolder(dir);
    expect(existsSync(join(dir, 'tiny.txt.gz'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.txt.br'))).toBe(false);
  });
});

describe('loadStaticFiles on a folder', () => {
  async function serveFolder(dir: string) {
    const files = loadStaticFiles(dir, { 'X-Frame-Options': 'DENY' });
    const server = createServer((req, res) => {
      if (!files.serve(req, res)) res.writeHead(404, { 'X-Fallthrough': '1' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      get: (path: string, headers: Record<string, string> = {}) =>
        fetch(`http://127.0.0.1:${port}${path}`, { headers }).then(async (response) => ({
          status: response.status,
          headers: response.headers,
          body: Buffer.from(await response.arrayBuffer()),
        })),
      /** Over raw node:http: fetch would resolve `%2e%2e` segments before sending. */
      rawStatus: (path: string) =>
        new Promise<{ status: number; frameOptions: unknown }>((resolve, reject) =>
          httpGet({ host: '127.0.0.1', port, path }, (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, frameOptions: res.headers['x-frame-options'] });
          }).on('error', reject),
        ),
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  it('streams large files, keeps dotfiles and symlinks private, resolves folder indexes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pilota-static-'));
    const big = randomBytes(1536 * 1024);
    writeFileSync(join(dir, 'big.bin'), big);
    writeFileSync(join(dir, '.env'), 'SECRET=1');
    mkdirSync(join(dir, '.well-known'));
    writeFileSync(join(dir, '.well-known', 'security.txt'), 'Contact: mailto:x@example.com');
    mkdirSync(join(dir, 'ajuda'));
    writeFileSync(join(dir, 'ajuda', 'index.html'), '<p>ajuda</p>'.repeat(300));
    symlinkSync('/etc/passwd', join(dir, 'passwd.txt'));
    await precompressFolder(dir);
    const site = await serveFolder(dir);
    try {
      const streamed = await site.get('/big.bin');
      expect(streamed.status).toBe(200);
      expect(streamed.body.equals(big)).toBe(true);
      expect(streamed.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(streamed.headers.get('x-frame-options')).toBe('DENY');
      expect((await site.get('/.well-known/security.txt')).status).toBe(200);
      expect((await site.get('/.env')).headers.get('x-fallthrough')).toBe('1');
      expect((await site.get('/passwd.txt')).headers.get('x-fallthrough')).toBe('1');
      expect((await site.get('/ajuda/index.html.br')).headers.get('x-fallthrough')).toBe('1');
      const index = await site.get('/ajuda', { 'Accept-Encoding': 'gzip' });
      expect(index.status).toBe(200);
      expect(index.headers.get('content-encoding')).toBe('gzip');
      expect(index.body.toString()).toContain('<p>ajuda</p>');
      expect((await site.get('/ajuda/')).headers.get('x-fallthrough')).toBe('1');
      expect(await site.rawStatus('/ajuda/%2e%2e/.env')).toEqual({ status: 400, frameOptions: 'DENY' });
    } finally {
      await site.close();
    }
  });
});
