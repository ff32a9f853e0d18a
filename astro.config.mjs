// @ts-check
import { defineConfig, fontProviders } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { interactionDirective } from './src/integrations/interaction-directive.mjs';
import { precompress } from './src/integrations/precompress.mjs';

const port = Number(process.env.PORT ?? 4321);
// BUILD_DIR lets parallel builds (tests, benchmarks) keep separate outputs.
const outDir = process.env.BUILD_DIR ?? './dist';

export default defineConfig({
  // Canonical links, Open Graph URLs and the sitemap are built from this.
  site: process.env.SITE_URL ?? `http://localhost:${port}`,
  output: 'server',
  outDir,
  cacheDir: `./node_modules/.astro/${outDir.replace(/\W+/g, '_')}`,
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), interactionDirective(), precompress()],
  trailingSlash: 'never',
  // Legal Markdown has no code; Shiki's inline styles would also clash with the CSP.
  markdown: { syntaxHighlight: false },
  build: { format: 'file' },
  server: { port, host: process.env.HOST ?? '0.0.0.0' },
  vite: { plugins: [tailwindcss()] },
  security: {
    // Astro hashes every inline script it emits (hydration included) into a <meta> CSP,
    // so scripts need no 'unsafe-inline'. Styles keep it: React islands and toasts set
    // inline styles. frame-ancestors cannot live in a <meta>; scripts/serve.mjs sends it.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        'frame-src https://www.youtube-nocookie.com',
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  fonts: [
    {
      // Self-hosted from the Fontsource package: no request leaves the site.
      provider: fontProviders.local(),
      name: 'Inter',
      cssVariable: '--font-inter',
      fallbacks: ['system-ui', 'sans-serif'],
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
