import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Integration files whose tests assert elapsed time (isolation, deadlines, back-pressure). */
const TIMED_FILES = [
  'tests/integration/queue.int.test.ts',
  'tests/integration/delivery.int.test.ts',
  'tests/integration/lead.int.test.ts',
  'tests/integration/netlify-drain.int.test.ts',
];

// Unit and integration tests; end-to-end tests run under Playwright (playwright.config.ts).
export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./src', import.meta.url)),
      '@content': fileURLToPath(new URL('./content', import.meta.url)),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    /*
     * Files run in parallel worker processes, two at a time (`--maxWorkers` changes it): each
     * test database is its own (tests/support/db.ts), each server gets a free port and its own
     * data folder, each worker its own PgBouncer, and a missing build is made once under a lock
     * (scripts/build-freshness.mjs). Integration files mostly wait on servers, queues and
     * sockets, so two workers on two cores keep both busy.
     */
    fileParallelism: true,
    maxWorkers: 2,
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
          fileParallelism: false,
          // After the parallel files, one file at a time: these assert how long the queue
          // and delivery engine take, which a neighbouring file's load would distort.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
