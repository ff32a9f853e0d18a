import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import unitConfig, { CI_RETRY } from '../../vitest.config.ts';

/*
 * `npm run test:netlify-runtime`: the site on Netlify's own local runtime
 * (tests/netlify-runtime). Its own config so the unit and integration runs leave it out: it
 * builds and serves a copy of the repository with netlify-cli, one server and one browser for
 * the whole file, and waits mostly on that server.
 */
export default defineConfig({
  resolve: unitConfig.resolve ?? {},
  plugins: unitConfig.plugins ?? [],
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/netlify-runtime/**/*.test.ts'],
    testTimeout: 60_000,
    ...CI_RETRY,
    hookTimeout: 360_000,
    fileParallelism: false,
  },
});
