// @ts-check
import { defineConfig, fontProviders } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { interactionDirective } from './src/integrations/interaction-directive.mjs';

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
  integrations: [react(), interactionDirective()],
  trailingSlash: 'never',
  build: { format: 'file' },
  server: { port, host: process.env.HOST ?? '0.0.0.0' },
  vite: { plugins: [tailwindcss()] },
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
