/*
 * The client folder of the build (prerendered pages, /_astro assets, public/ files),
 * served from memory with the `.br` / `.gz` siblings that src/integrations/precompress.mjs
 * writes at build time: no compression, no file system call and no hashing per request.
 *
 * Why not a library: Astro's Node adapter serves this folder with `send` (also what
 * `serve-static` is), which has no notion of precompressed files, so every page went
 * through on-the-fly compression. `sirv` does pick `.br`/`.gz` siblings, but chooses them
 * by substring (`gzip;q=0` still gets gzip), sends weak size-mtime ETags, compares
 * If-None-Match as one exact string, reads the disk on every request and serves the
 * `.br` files themselves as URLs. The part that matters here is small — a map from URL
 * to prepared responses — and is tested end to end in
 * tests/integration/static-serving.int.test.ts.
 *
 * The folder is read once at start; a server must be restarted after a rebuild (as it
 * already had to be for the server bundle). Paths that are not files of the folder fall
 * through to Astro (on-demand pages, redirects, its 404 page), except crafted ones —
 * `..` or `.` segments, NUL, backslashes, broken percent-encoding — which get a 400 here,
 * so no request path is ever joined to a file system path.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { httpMessages } from '../src/messages/http.ts';
import { IMMUTABLE, NEVER_CACHED, REVALIDATE } from '../src/server/http/cache-control.ts';
import { COMPRESSIBLE, ENCODINGS } from '../src/integrations/precompress.mjs';

export type Coding = 'br' | 'gzip' | 'identity';

/** Hashed, never-changing build assets (Astro's `build.assets` folder). */
const IMMUTABLE_PREFIX = '/_astro/';
/** Files above this are streamed from disk instead of kept in memory. */
const MAX_CACHED_BYTES = 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.yml': 'text/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.wasm': 'application/wasm',
};

interface Variant {
  /** The bytes, or undefined for a large file streamed from `path`. */
  body: Buffer | undefined;
  path: string;
  etag: string;
  /** Complete header lists, flat (`[name, value, …]`), ready for writeHead. */
  ok: string[];
  notModified: string[];
}

interface StaticFile {
  variants: Map<Coding, Variant>;
  /** Last-Modified in whole seconds, for If-Modified-Since. */
  modifiedSeconds: number;
}

export interface StaticFiles {
  /** Answers the request and returns true, or returns false to let the next handler answer it. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Number of URL paths answered from the folder. */
  readonly size: number;
}

/**
 * The content codings a client accepts, best first (RFC 9110 §12.5.3): q-values honoured,
 * `*` stands for every coding not named, identity is acceptable unless refused — weighted,
 * when not named, like the least wanted coding named (as the `negotiator` package does) —
 * and among equal weights the smaller representation (br, then gzip) wins.
 * @example acceptableCodings('gzip, br;q=0.5') // ['gzip', 'br', 'identity']
 */
export function acceptableCodings(header: string | undefined): Coding[] {
  if (!header) return ['identity'];
  const weights = new Map<string, number>();
  for (const element of header.split(',')) {
    const [token = '', ...params] = element.split(';');
    let name = token.trim().toLowerCase();
    if (!name) continue;
    if (name === 'x-gzip') name = 'gzip';
    let weight = 1;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=');
      if (key.trim().toLowerCase() === 'q') weight = qvalue(value.trim());
    }
    weights.set(name, Math.max(weight, weights.get(name) ?? 0));
  }
  const any = weights.get('*');
  const wanted = [...weights.values()].filter((weight) => weight > 0);
  const identity = wanted.length > 0 ? Math.min(...wanted) : 1;
  const weightOf = (coding: Coding) => weights.get(coding) ?? any ?? (coding === 'identity' ? identity : 0);
  // Array.prototype.sort is stable, so ties keep the br → gzip → identity order.
  const order: Coding[] = ['br', 'gzip', 'identity'];
  return order.filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}

/** A q-value (`0`…`1`, up to three decimals); anything else counts as a refusal. */
function qvalue(text: string): number {
  return /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(text) ? Number(text) : 0;
}

/**
 * The decoded path of a request target, or null when it is crafted to escape the
 * folder or cannot be decoded. Query strings are dropped.
 * @example requestPath('/a%20b.html?x=1') // '/a b.html'
 * @example requestPath('/..%2fserver%2fentry.mjs') // null
 */
export function requestPath(target: string): string | null {
  const end = target.search(/[?#]/);
  let path = end === -1 ? target : target.slice(0, end);
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return null;
    }
  }
  if (path.includes('\0') || path.includes('\\') || /(?:^|\/)\.{1,2}(?:\/|$)/.test(path)) return null;
  return path;
}

/** Whether an If-None-Match list names `etag` (weak comparison, as RFC 9110 §13.1.2 asks). */
function matchesEtag(header: string, etag: string): boolean {
  if (header === etag) return true;
  return header.split(',').some((item) => {
    const tag = item.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

function* walk(dir: string, prefix = ''): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Dotfiles stay private (as with `send`), except /.well-known. Symlinks are never followed.
    if (entry.name.startsWith('.') && !(prefix === '' && entry.name === '.well-known')) continue;
    const relative = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) yield* walk(join(dir, entry.name), relative);
    else if (entry.isFile()) yield relative;
  }
}

function flat(headers: Record<string, string>): string[] {
  return Object.entries(headers).flat();
}

/**
 * Reads `clientDir` and prepares every response: one variant per coding that has a
 * file, each with its strong ETag (a content hash, or size-mtime for streamed files).
 * `headers` (the security headers) go on every answer, 304 and 400 included.
 */
export function loadStaticFiles(clientDir: string, headers: Record<string, string>): StaticFiles {
  const files = new Set(walk(clientDir));
  const routes = new Map<string, StaticFile>();

  const variant = (relative: string, coding: Coding, shared: Record<string, string>): Variant => {
    const path = join(clientDir, relative);
    const stat = statSync(path);
    const body = stat.size <= MAX_CACHED_BYTES ? readFileSync(path) : undefined;
    const tag = body
      ? createHash('sha256').update(body).digest('base64url').slice(0, 27)
      : `${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}`;
    const etag = `"${tag}"`;
    const common = { ...headers, ...shared, ETag: etag };
    const ok: Record<string, string> = { ...common, 'Content-Length': String(stat.size) };
    if (coding !== 'identity') ok['Content-Encoding'] = coding;
    return { body, path, etag, ok: flat(ok), notModified: flat(common) };
  };

  for (const relative of files) {
    const extension = extname(relative);
    const original = relative.slice(0, -3);
    // A `.br` / `.gz` beside a compressible original is one of its variants, not a page.
    if (ENCODINGS.some(([, suffix]) => relative.endsWith(suffix)) && files.has(original)) {
      if (COMPRESSIBLE.has(extname(original))) continue;
    }
    const modified = statSync(join(clientDir, relative)).mtime;
    const siblings = COMPRESSIBLE.has(extension) ? ENCODINGS.filter(([, suffix]) => files.has(relative + suffix)) : [];
    const shared: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': relative.startsWith(IMMUTABLE_PREFIX) ? IMMUTABLE : REVALIDATE,
      'Last-Modified': modified.toUTCString(),
    };
    if (siblings.length > 0) shared['Vary'] = 'Accept-Encoding';
    const variants = new Map<Coding, Variant>([['identity', variant(relative, 'identity', shared)]]);
    for (const [coding, suffix] of siblings) variants.set(coding, variant(relative + suffix, coding, shared));
    routes.set(relative, { variants, modifiedSeconds: Math.floor(modified.getTime() / 1000) });
  }

  // Clean URLs, as Astro's adapter resolves them: a file's own path first, then `dir/index.html`, then `.html`.
  const aliases: [string, string][] = [];
  for (const path of routes.keys()) {
    if (path.endsWith('/index.html')) aliases.push([path.slice(0, -'/index.html'.length) || '/', path]);
  }
  for (const path of routes.keys()) {
    if (path.endsWith('.html')) aliases.push([path.slice(0, -'.html'.length), path]);
  }
  for (const [alias, path] of aliases) {
    const file = routes.get(path);
    if (alias && file && !routes.has(alias)) routes.set(alias, file);
  }

  const codingsByHeader = new Map<string, Coding[]>();
  const codingsFor = (header: string | undefined): Coding[] => {
    if (!header) return ['identity'];
    let codings = codingsByHeader.get(header);
    if (!codings) {
      // Bounded: a client inventing headers cannot grow it without limit.
      if (codingsByHeader.size >= 256) codingsByHeader.clear();
      codings = acceptableCodings(header);
      codingsByHeader.set(header, codings);
    }
    return codings;
  };

  const badRequest = flat({ ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NEVER_CACHED });
  const badRequestBody = Buffer.from(httpMessages.invalidPath);

  return {
    size: routes.size,
    serve(req, res) {
      const target = req.url ?? '';
      if (!target.startsWith('/')) return false;
      const path = requestPath(target);
      if (path === null) {
        res.writeHead(400, [...badRequest, 'Content-Length', String(badRequestBody.length)]);
        res.end(req.method === 'HEAD' ? undefined : badRequestBody);
        return true;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const file = routes.get(path);
      if (!file) return false;

      let chosen: Variant | undefined;
      for (const coding of codingsFor(req.headers['accept-encoding'])) {
        chosen = file.variants.get(coding);
        if (chosen) break;
      }
      // Only identity is on disk but the client refused it: send it anyway (RFC 9110 allows it).
      const answer = chosen ?? (file.variants.get('identity') as Variant);

      const ifNoneMatch = req.headers['if-none-match'];
      const ifModifiedSince = req.headers['if-modified-since'];
      const notModified =
        ifNoneMatch !== undefined
          ? matchesEtag(ifNoneMatch, answer.etag)
          : ifModifiedSince !== undefined && file.modifiedSeconds * 1000 <= Date.parse(ifModifiedSince);
      if (notModified) {
        res.writeHead(304, answer.notModified);
        res.end();
        return true;
      }

      res.writeHead(200, answer.ok);
      if (req.method === 'HEAD') res.end();
      else if (answer.body) res.end(answer.body);
      else
        createReadStream(answer.path)
          .on('error', () => res.destroy())
          .pipe(res);
      return true;
    },
  };
}
