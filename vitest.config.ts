import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { yamlModules } from './src/integrations/yaml-modules.mjs';

/** Integration files whose tests assert elapsed time (isolation, deadlines, back-pressure). */
const TIMED_FILES = [
  'tests/integration/queue.int.test.ts',
  'tests/integration/delivery.int.test.ts',
  'tests/integration/lead.int.test.ts',
  'tests/integration/netlify-drain.int.test.ts',
];

/**
 * In CI a test that fails is run once more (each suite's config spreads this): one that then
 * passes is named `flaky: <file › test>` and the run stays green, one that fails again fails
 * it (tests/support/vitest-verdicts.ts; Playwright does the same, playwright.config.ts). A
 * test named flaky is a bug to chase, not to live with.
 */
export const CI_RETRY = {
  retry: process.env['CI'] ? 1 : 0,
  reporters: ['default', fileURLToPath(new URL('./tests/support/vitest-verdicts.ts', import.meta.url))],
};

// Unit and integration tests; end-to-end tests run under Playwright (playwright.config.ts).
export default defineConfig({
  // Content YAML imported as modules, as the build does (astro.config.mjs).
  plugins: [yamlModules()],
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./src', import.meta.url)),
      '@content': fileURLToPath(new URL('./content', import.meta.url)),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    ...CI_RETRY,
    /*
     * Unit and integration files run in two worker processes at once (`--maxWorkers` changes
     * it; `npm test` uses four, as the files partly wait on servers and queues), except the
     * integration-timed project below, which runs after the others. Each test database is a copy of one migrated per engine for the run
     * (tests/integration/global-setup.ts, tests/support/db.ts), each server gets a free port
     * and its own data folder, each test process its own PgBouncer, and a missing or stale
     * build is made once under a lock (scripts/build-freshness.mjs).
     */
    fileParallelism: true,
    maxWorkers: 2,
    /*
     * One module graph per worker, not per file: the files share no state through modules
     * (each builds its own database, server and services), and importing the server's graph
     * again for every file was about two fifths of the suite's CPU.
     */
    isolate: false,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: TIMED_FILES,
          // One migrated database per engine for the run, copied per test database.
          globalSetup: ['tests/integration/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-timed',
          include: TIMED_FILES,
          globalSetup: ['tests/integration/global-setup.ts'],
          // After the parallel files, two at a time: these assert how long the queue and delivery
          // engine take, which a busy neighbour would distort. Each mostly waits on the queue's
          // clock (10-20 % of a core), so two of them leave the cores to each other; `npm test`
          // runs what shares the machine with them in the idle scheduling class.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
