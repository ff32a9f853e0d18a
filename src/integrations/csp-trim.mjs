import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Astro's CSP <meta> lists the hash of every inline script of the whole site on every
 * prerendered page (14 hashes where /gestao runs 8). Each unused hash is ~45 random,
 * incompressible bytes, and they put /gestao's HTML just over the first round trip of a
 * slow connection, which delays its first paint. After the build, each prerendered page
 * keeps the hashes of the inline scripts it holds: nothing that runs loses its permission,
 * and the policy is tighter. Runs before `precompress`, so the compressed siblings carry the trimmed page.
 */

const META = /<meta http-equiv="content-security-policy" content="([^"]*)">/i;
/** Inline executable scripts: no src, not a data block such as JSON-LD. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\btype="(?!module"|text\/javascript")[^"]*"/i;

/** @param {string} code */
const sha256 = (code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;

/**
 * The page with its CSP's script hashes cut to the scripts it holds; unchanged without a CSP meta.
 * @param {string} html
 */
export function trimScriptHashes(html) {
  const meta = META.exec(html);
  if (!meta) return html;
  const used = new Set();
  for (const [, attributes, code] of html.matchAll(INLINE_SCRIPT)) {
    if (!DATA_BLOCK.test(attributes)) used.add(sha256(code));
  }
  const policy = meta[1].replace(/'sha256-[A-Za-z0-9+/=]+'/g, (hash) => (used.has(hash) ? hash : ''));
  const tidy = policy.replace(/ {2,}/g, ' ').replace(/ ;/g, ';');
  return html.replace(meta[0], meta[0].replace(meta[1], tidy));
}

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.isFile() && entry.name.endsWith('.html')) yield path;
  }
}

/** @returns {import('astro').AstroIntegration} */
export function cspTrim() {
  return {
    name: 'pilota:csp-trim',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        let pages = 0;
        for await (const path of htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(path, 'utf8');
          const trimmed = trimScriptHashes(html);
          if (trimmed === html) continue;
          await writeFile(path, trimmed);
          pages++;
        }
        logger.info(`script hashes cut to each page's own scripts in ${pages} pages`);
      },
    },
  };
}
