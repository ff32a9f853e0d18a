/*
 * The editors' CMS at /cms: Decap CMS's own bundle, copied from node_modules at build (no CDN:
 * the CSP and a closed network allow only our origin), its page, its config.yml (from
 * src/cms/cms-config.ts), save-checks.js, the rules that compare two fields
 * (src/cms/save-checks.ts), and preview.js with preview.css, the preview pane in the site's
 * look (src/cms/preview.ts, ./cms-preview.mjs). Runs after precompress and csp-trim, so csp-trim leaves the page's
 * own policy alone; for the Node server it writes the compressed siblings itself, at a brotli
 * quality that keeps 6 MB of editor code from adding seconds to every build. Outside every
 * public route list, so the JS budget, Lighthouse and the sitemap never see it (robots.txt
 * disallows it, the page says noindex).
 *
 * Its page carries its own CSP. 'unsafe-eval' stays because Decap cannot start without it: it
 * checks its config against a JSON schema with ajv (`validateConfig` in decap-cms-core), and ajv
 * compiles every schema into code with `new Function`, on each load of the page. It also needs
 * WebAssembly and the GitHub API, and reads an image the editor picks back from its blob:
 * address. The decap-server proxy on localhost (`local_backend`) exists on a developer's machine
 * only, so only `astro dev` serves the page and config that reach it; the build's /cms names
 * neither localhost nor the local backend.
 */
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { cmsConfig } from '../cms/cms-config.ts';
import { saveChecksScript } from '../cms/save-checks.ts';
import { builtSiteCss, devSiteCss, previewScriptFile } from './cms-preview.mjs';
import { precompressFolder } from './precompress.mjs';

const require = createRequire(import.meta.url);
const DECAP_DIST = join(dirname(require.resolve('decap-cms/package.json')), 'dist');
/** The bundle and its lazily loaded chunks; `cms.js` is the same code under another name. */
const isBundleFile = (name) =>
  /^(\d+\.)?decap-cms\.js$/.test(name) || name.endsWith('.wasm') || name === 'decap-cms.js.LICENSE.txt';

/**
 * The /cms page's policy; `local`: a developer's machine, where the CMS talks to decap-server.
 * @param {{ local?: boolean }} [options]
 */
export const cmsCsp = ({ local = false } = {}) =>
  [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com",
    "font-src 'self' data:",
    // blob:: an image the editor picks is read back from its blob: address before it is sent
    // (`fetch(blobUrl)` in Decap's AssetProxy.toBase64); without it every upload fails.
    `connect-src 'self' blob: https://api.github.com${local ? ' http://localhost:* http://127.0.0.1:*' : ''}`,
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

/** @param {{ local?: boolean }} [options] */
export const cmsPage = (options) => `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <meta http-equiv="Content-Security-Policy" content="${cmsCsp(options)}">
    <title>Pilota · Edição do site</title>
    <link href="/cms/config.yml" type="text/yaml" rel="cms-config-url">
  </head>
  <body>
    <script src="/cms/decap-cms.js"></script>
    <script src="/cms/save-checks.js"></script>
    <script src="/cms/preview.js"></script>
  </body>
</html>
`;

/**
 * The CMS's config.yml; `local` adds `local_backend` (decap-server on the developer's machine).
 * @param {{ local?: boolean }} [options]
 */
export const cmsConfigYaml = ({ local = false } = {}) =>
  `# Gerado por src/cms/cms-config.ts: altere lá.\n${stringify(local ? { ...cmsConfig, local_backend: true } : cmsConfig, { lineWidth: 0 })}`;

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** @returns {import('astro').AstroIntegration} */
export function cms() {
  let nodeServer = false;
  return {
    name: 'pilota:cms',
    hooks: {
      'astro:config:done': ({ config }) => {
        nodeServer = config.adapter?.name === '@astrojs/node';
      },
      // `astro dev`: the same files at the same paths, from node_modules.
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (req, res, next) => {
          const path = (req.url ?? '').split('?', 1)[0];
          if (path === '/cms' || path === '/cms/') {
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            return res.end(cmsPage({ local: true }));
          }
          if (path === '/cms/config.yml') {
            res.setHeader('Content-Type', 'text/yaml; charset=utf-8');
            return res.end(cmsConfigYaml({ local: true }));
          }
          if (path === '/cms/save-checks.js') {
            res.setHeader('Content-Type', TYPES['.js']);
            return res.end(saveChecksScript());
          }
          if (path === '/cms/preview.js') {
            res.setHeader('Content-Type', TYPES['.js']);
            return res.end(previewScriptFile());
          }
          if (path === '/cms/preview.css') {
            res.setHeader('Content-Type', TYPES['.css']);
            return res.end(await devSiteCss(server));
          }
          const name = path.startsWith('/cms/') ? path.slice('/cms/'.length) : '';
          if (!isBundleFile(name)) return next();
          res.setHeader('Content-Type', TYPES[extname(name)] ?? 'application/octet-stream');
          res.end(await readFile(join(DECAP_DIST, name)));
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = new URL('cms/', dir);
        await mkdir(out, { recursive: true });
        const files = (await readdir(DECAP_DIST)).filter(isBundleFile);
        await Promise.all(files.map((name) => cp(join(DECAP_DIST, name), new URL(name, out))));
        await writeFile(new URL('index.html', out), cmsPage());
        await writeFile(new URL('config.yml', out), cmsConfigYaml());
        await writeFile(new URL('save-checks.js', out), saveChecksScript());
        await writeFile(new URL('preview.js', out), previewScriptFile());
        await writeFile(new URL('preview.css', out), await builtSiteCss(dir));
        if (nodeServer) await precompressFolder(fileURLToPath(out), { brotliQuality: 5 });
        logger.info(`/cms: Decap CMS (${files.length} files) and its config`);
      },
    },
  };
}
