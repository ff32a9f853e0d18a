import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/*
 * Build-time compression of the client folder: every text file gets `.br` (brotli at
 * its maximum quality) and `.gz` (gzip level 9) siblings, written only when smaller.
 * scripts/serve.mjs (through scripts/static-files.ts) then picks a sibling per request
 * instead of compressing on the fly, which cost most of the server's CPU per page.
 * Runs on `astro:build:done`, so every build — `npm run build`, `npm start`'s rebuild,
 * the tests' BUILD_DIR builds — gets the same files.
 */

/** Extensions worth compressing; images, fonts (woff2) and archives are compressed already. */
export const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.svg', '.xml', '.txt', '.json', '.webmanifest']);

/** Sibling suffix per content coding, in the order a server prefers them. */
export const ENCODINGS = /** @type {const} */ ([
  ['br', '.br'],
  ['gzip', '.gz'],
]);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** @param {Buffer} source @param {string} encoding @param {number} brotliQuality */
function compress(source, encoding, brotliQuality) {
  if (encoding === 'gzip') return gzipAsync(source, { level: 9 });
  return brotli(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
}

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes the `.br` / `.gz` siblings of every compressible file under `dir`. A sibling
 * that would not be smaller is removed rather than left stale from an earlier build.
 * @param {string} dir
 * @param {{ brotliQuality?: number }} [options] brotli's quality, the maximum unless a folder's size makes it too slow
 * @returns {Promise<{ files: number, written: number, bytesBefore: number, bytesAfter: number }>}
 */
export async function precompressFolder(dir, { brotliQuality = constants.BROTLI_MAX_QUALITY } = {}) {
  const files = [];
  for await (const path of walk(dir)) if (COMPRESSIBLE.has(extname(path))) files.push(path);
  const stats = { files: files.length, written: 0, bytesBefore: 0, bytesAfter: 0 };
  // zlib's async calls run on libuv's thread pool, so one Promise.all uses every core.
  await Promise.all(
    files.map(async (path) => {
      const source = await readFile(path);
      stats.bytesBefore += source.length;
      let smallest = source.length;
      for (const [encoding, suffix] of ENCODINGS) {
        const compressed = await compress(source, encoding, brotliQuality);
        if (compressed.length < source.length) {
          await writeFile(path + suffix, compressed);
          stats.written++;
          smallest = Math.min(smallest, compressed.length);
        } else {
          await rm(path + suffix, { force: true });
        }
      }
      stats.bytesAfter += smallest;
    }),
  );
  return stats;
}

/**
 * Precompresses the client folder after every build for the Node server. Other hosts
 * (a CDN such as Netlify's) compress on their own and would publish the siblings as files.
 * @returns {import('astro').AstroIntegration}
 */
export function precompress() {
  let nodeServer = false;
  return {
    name: 'pilota:precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        nodeServer = config.adapter?.name === '@astrojs/node';
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!nodeServer) return logger.info('not the Node server build: nothing to precompress');
        const started = Date.now();
        const { files, written, bytesBefore, bytesAfter } = await precompressFolder(fileURLToPath(dir));
        const kb = (/** @type {number} */ bytes) => `${Math.round(bytes / 1024)} KB`;
        logger.info(
          `${written} compressed siblings for ${files} files (${kb(bytesBefore)} → ${kb(bytesAfter)} at best) in ${Date.now() - started} ms`,
        );
      },
    },
  };
}
