import { defineConfig } from 'vitest/config';
import unitConfig, { CI_RETRY } from './vitest.config.ts';

/*
 * `npm run test:chaos`: the chaos suite (tests/chaos), against the production build. Its own
 * config so `npm run test:unit` does not run it too. The scenarios spend much of their time
 * waiting for the queue's retry delays and expiries (on the short profile of
 * tests/chaos/stack.ts), not on the cores, so every scenario runs at once: the suite takes
 * about as long as its slowest scenario.
 */
export default defineConfig({
  resolve: unitConfig.resolve ?? {},
  plugins: unitConfig.plugins ?? [],
  test: {
    include: ['tests/chaos/**/*.chaos.ts'],
    globalSetup: ['tests/chaos/global-setup.ts'],
    testTimeout: 290_000,
    ...CI_RETRY,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 3,
    maxConcurrency: 5,
  },
});
