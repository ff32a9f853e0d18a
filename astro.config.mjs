// @ts-check
import { defineConfig, fontProviders } from 'astro/config';
import netlify from '@astrojs/netlify';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { interactionDirective } from './src/integrations/interaction-directive.mjs';
import { precompress } from './src/integrations/precompress.mjs';
import { cspTrim } from './src/integrations/csp-trim.mjs';
import { netlifyTarget } from './src/integrations/netlify-target.mjs';
import { consentManifest } from './src/integrations/consent-manifest.mjs';
import { placeholderCheck } from './src/integrations/placeholder-check.mjs';
import { priceCheck } from './src/integrations/price-check.mjs';
import { cms } from './src/integrations/cms.mjs';
import { contentGateIntegration } from './src/integrations/content-gate.mjs';
import { deployTargetFromEnv } from './src/server/deploy-target.ts';
import { cookieConsentGate } from './src/integrations/cookie-consent.mjs';
import { yamlModules } from './src/integrations/yaml-modules.mjs';
import { tagConfigFromEnv, tagCspSources, withTagSources } from './src/lib/tag-config.ts';
import { COVER_UPLOAD_BODY_BYTES } from './src/lib/cover-image.ts';

const port = Number(process.env.PORT ?? 4321);
// BUILD_DIR lets parallel builds (tests, benchmarks) keep separate outputs.
const outDir = process.env.BUILD_DIR ?? './dist';
/*
 * One codebase, two hosts: Netlify's functions when building there (NETLIFY is set) or with
 * DEPLOY_TARGET=netlify, one Node process otherwise. src/server/deploy-target.ts; the built
 * server knows its target through __PILOTA_DEPLOY_TARGET__.
 */
const target = deployTargetFromEnv(process.env);
// On Netlify, its URL variable is the site's address unless SITE_URL names another (a custom domain).
const site = process.env.SITE_URL || (target === 'netlify' ? process.env.URL : undefined) || `http://localhost:${port}`;
/*
 * Analytics/marketing tags (PUBLIC_GA4_MEASUREMENT_ID, PUBLIC_META_PIXEL_ID; src/lib/tag-config.ts):
 * decided at build time, because the script CSP below is written into each prerendered page.
 * null when none is set: then the CSP and the pages are exactly as without this feature.
 */
const tags = tagConfigFromEnv(process.env);

/** One key per build folder and target, for the caches two builds must not share. */
const buildKey = `${outDir.replace(/\W+/g, '_')}${target === 'netlify' ? '_netlify' : ''}`;

export default defineConfig({
  // Canonical links, Open Graph URLs and the sitemap are built from this.
  site,
  output: 'server',
  outDir,
  // Per folder and target: CI's `netlify build` and the Node build both write dist/.
  cacheDir: `./node_modules/.astro/${buildKey}`,
  // Netlify: classic middleware inside the SSR function (no edge function, so nothing runs on
  // Deno), and Astro's session store off (sign-in lives in Better Auth's cookies and tables).
  // Node: the adapter's bare request handler ('middleware' mode). scripts/serve.mjs serves the
  // build's files from memory itself; the standalone handler would look for a file on disk
  // before every on-demand request (a fifth of the CPU of a beacon's answer).
  adapter:
    target === 'netlify'
      ? netlify({
          middlewareMode: 'classic',
          imageCDN: false,
          // The Netlify target always runs on PostgreSQL (DATABASE_URL is required there), so the
          // embedded database's engine files (15 MB of the function's 54) are never read; its
          // JavaScript stays, as the database client imports it.
          excludeFiles: ['./node_modules/@electric-sql/pglite/dist/*.{wasm,data}'],
        })
      : node({ mode: 'middleware' }),
  ...(target === 'netlify' ? { session: false } : {}),
  integrations: [
    react(),
    interactionDirective(),
    // Before precompress: it rewrites pages the compressed siblings are made from.
    cspTrim(),
    precompress(),
    cookieConsentGate(),
    consentManifest(),
    placeholderCheck(),
    priceCheck(),
    // After precompress and csp-trim: the CMS's files and page are left as written.
    cms(),
    // `astro dev`: a content file the build would refuse answers with its message, not an error page.
    contentGateIntegration(),
    ...(target === 'netlify' ? [netlifyTarget({ siteUrl: site, buildDir: outDir })] : []),
  ],
  trailingSlash: 'never',
  // Legal Markdown has no code; Shiki's inline styles would also clash with the CSP.
  markdown: { syntaxHighlight: false },
  build: { format: 'file' },
  server: { port, host: process.env.HOST ?? '0.0.0.0' },
  vite: {
    // Vite's dependency cache per folder and target too: builds of both targets run at once in
    // the tests, and one re-optimizing the shared node_modules/.vite under the other made the
    // other's function bundling lose a file mid-copy.
    cacheDir: `./node_modules/.vite/astro-${buildKey}`,
    // Content settings imported as plain modules, checked at build (src/integrations/yaml-modules.mjs).
    plugins: [tailwindcss(), yamlModules()],
    // The cookie banner's behaviour is bundled as a worker file (CookieConsent.astro), with its own plugins.
    worker: { plugins: () => [yamlModules()] },
    define: { __PILOTA_DEPLOY_TARGET__: JSON.stringify(target), __PILOTA_TAGS__: JSON.stringify(tags) },
  },
  security: {
    // The blog cover upload is an action with a file (up to 5 MB); every other action body is
    // still held to 1 MB by the request pipeline (src/server/http/malformed-body.ts).
    actionBodySizeLimit: COVER_UPLOAD_BODY_BYTES,
    // Astro hashes every inline script it emits (hydration included) into a <meta> CSP,
    // so scripts need no 'unsafe-inline'. Styles keep it: React islands and toasts set
    // inline styles. frame-ancestors cannot live in a <meta>; scripts/serve.mjs sends it.
    csp: {
      directives: withTagSources(
        [
          "default-src 'self'",
          "img-src 'self' data: blob:",
          "font-src 'self'",
          "connect-src 'self'",
          'frame-src https://www.youtube-nocookie.com',
          "object-src 'none'",
          "base-uri 'self'",
          "form-action 'self'",
        ],
        tags,
      ),
      // Configured tags only: their script hosts beside 'self' (Astro's default when unset).
      ...(tags ? { scriptDirective: { resources: ["'self'", ...tagCspSources(tags).script] } } : {}),
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  fonts: [
    {
      // Self-hosted from the Fontsource package: no request leaves the site.
      provider: fontProviders.local(),
      name: 'Inter',
      cssVariable: '--font-inter',
      // Our own metric-matched face (src/styles/global.css) covers Linux and bold text too.
      fallbacks: ['Inter fallback', 'system-ui', 'sans-serif'],
      optimizedFallbacks: false,
      options: {
        variants: [
          {
            src: ['./node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'],
            weight: '100 900',
            style: 'normal',
          },
        ],
      },
    },
  ],
});
