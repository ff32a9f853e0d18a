import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { yamlModules } from './yaml-modules.mjs';
import { HEADER_CSP, securityHeaders } from '../server/http/security-headers.ts';
import { canonicalRedirect, indexHtmlRedirect } from './index-html-redirect.mjs';
import { REDIRECT_RULES } from '../server/cdn/redirect-cache.ts';
import { normalizePath } from '../server/http/normalize-path.ts';

/*
 * What the Netlify build needs beyond @astrojs/netlify, from the same source as the Node
 * target's headers (src/server/http/security-headers.ts), so the two cannot drift:
 *
 * - `_headers` in the publish folder: the security headers on every static file (the
 *   prerendered pages and assets that Netlify's CDN serves without a function).
 * - The SSR function's entry wrapped like scripts/serve.mjs wraps Astro's Node handler:
 *   every on-demand response gets the same headers; a CSP Astro already set (script
 *   hashes) is kept and ours added beside it, so browsers enforce both.
 * - The project's own functions (netlify/jobs/*.mts: the scheduled drain, housekeeping,
 *   retention), built here with the site's Vite plugins into `.netlify/v1/jobs/`: they import
 *   the content YAML as modules, which Netlify's function bundler (esbuild) cannot load. Each
 *   gets a two-line entry in `.netlify/v1/functions/` that Netlify bundles and deploys: the
 *   built module's default export and the source's `config` (its schedule) as a literal,
 *   which Netlify reads from the entry without running it.
 * - A copy of `.netlify/v1` (where the adapter always writes) beside the build folder,
 *   `<BUILD_DIR>.netlify/`, so tests import the function of their own build. Skipped on
 *   Netlify itself, which deploys `.netlify/v1`.
 *
 * Registered after the adapter (adapters run first), so its files exist here.
 */

/** Where a build's copy of `.netlify/v1` lands. */
export function netlifyCopyDir(buildDir) {
  return `${buildDir.replace(/\/+$/, '')}.netlify`;
}

/** `_headers` lines (Netlify's format) giving every path the security headers. */
export function headersFile(siteUrl) {
  const lines = ['/*', ...Object.entries(securityHeaders(siteUrl)).map(([name, value]) => `  ${name}: ${value}`)];
  return `${lines.join('\n')}\n`;
}

const ENTRY_EXPORT = 'export default createHandler(';

/** The adapter's ssr.mjs, with its default export wrapped in the security headers. */
export function wrapSsrEntry(source, siteUrl) {
  if (!source.includes(ENTRY_EXPORT)) {
    throw new Error('pilota:netlify-target: the SSR entry no longer has the expected shape; update the wrapper');
  }
  const wrapped = source.replace(ENTRY_EXPORT, 'const astroHandler = createHandler(');
  return `${wrapped}
// Added by src/integrations/netlify-target.mjs: the security headers of scripts/serve.mjs.
const SECURITY_HEADERS = ${JSON.stringify(securityHeaders(siteUrl))};
const HEADER_CSP = ${JSON.stringify(HEADER_CSP)};

${indexHtmlRedirect.toString()}
${canonicalRedirect.toString()}
const REDIRECT_RULES = { ...${JSON.stringify({ ...REDIRECT_RULES, normalize: undefined })}, normalize: (${normalizePath.toString()}) };

export default async function handler(request, context) {
  const url = new URL(request.url);
  const canonical = canonicalRedirect(url.pathname + url.search, REDIRECT_RULES);
  const response = canonical
    ? new Response(null, {
        status: request.method === 'GET' || request.method === 'HEAD' ? 301 : 308,
        headers: { Location: canonical.location, ...canonical.headers },
      })
    : await astroHandler(request, context);
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (name === 'Content-Security-Policy' && headers.has(name)) headers.append(name, HEADER_CSP);
    else if (!headers.has(name)) headers.set(name, value);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
`;
}

const CONFIG_LITERAL = /export const config(?:\s*:\s*\w+)?\s*=\s*(\{[^}]*\});/;

/** The `config` object literal of a function's source (its schedule), or null when it has none. */
export function functionConfig(source) {
  return CONFIG_LITERAL.exec(source)?.[1] ?? null;
}

/** Builds netlify/jobs/*.mts into .netlify/v1/jobs/ and writes their entries in .netlify/v1/functions/. */
async function buildJobs(root) {
  const sources = new URL('netlify/jobs/', root);
  const names = (await readdir(sources)).filter((name) => name.endsWith('.mts')).map((name) => name.slice(0, -4));
  const outDir = new URL('.netlify/v1/jobs/', root);
  await build({
    root: fileURLToPath(root),
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins: [yamlModules()],
    resolve: {
      alias: { '~': fileURLToPath(new URL('src', root)), '@content': fileURLToPath(new URL('content', root)) },
    },
    build: {
      ssr: true,
      outDir: fileURLToPath(outDir),
      emptyOutDir: true,
      minify: false,
      rollupOptions: {
        input: Object.fromEntries(names.map((name) => [name, fileURLToPath(new URL(`${name}.mts`, sources))])),
        output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
      },
    },
  });
  const functions = new URL('.netlify/v1/functions/', root);
  await mkdir(functions, { recursive: true });
  for (const name of names) {
    const config = functionConfig(await readFile(new URL(`${name}.mts`, sources), 'utf8'));
    const lines = [
      `// Built by src/integrations/netlify-target.mjs from netlify/jobs/${name}.mts.`,
      `export { default } from '../jobs/${name}.mjs';`,
      ...(config ? [`export const config = ${config};`] : []),
    ];
    await writeFile(new URL(`${name}.mjs`, functions), `${lines.join('\n')}\n`);
  }
  return names;
}

/** @param {{ siteUrl: string, buildDir: string }} options @returns {import('astro').AstroIntegration} */
export function netlifyTarget({ siteUrl, buildDir }) {
  let root;
  return {
    name: 'pilota:netlify-target',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:done': async ({ dir, logger }) => {
        await writeFile(new URL('_headers', dir), headersFile(siteUrl));
        const entry = new URL('.netlify/v1/functions/ssr/ssr.mjs', root);
        await writeFile(entry, wrapSsrEntry(await readFile(entry, 'utf8'), siteUrl));
        logger.info('security headers: _headers for static files, wrapper around the SSR function');
        const jobs = await buildJobs(root);
        logger.info(`functions built from netlify/jobs: ${jobs.join(', ')}`);
        if (process.env.NETLIFY) return;
        const copy = new URL(`${netlifyCopyDir(buildDir)}/`, root);
        await rm(copy, { recursive: true, force: true });
        await cp(new URL('.netlify/v1/', root), copy, { recursive: true, verbatimSymlinks: true });

        logger.info(`function copied to ${fileURLToPath(copy)}`);
      },
    },
  };
}
