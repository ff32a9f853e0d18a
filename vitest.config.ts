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
     * Unit and integration files run in two worker processes at once (`--maxWorkers` changes
     * it), except the integration-timed project below, which runs one file at a time after the
     * others. Each test database is a copy of one migrated per engine for the run
     * (tests/integration/global-setup.ts, tests/support/db.ts), each server gets a free port
     * and its own data folder, each test process its own PgBouncer, and a missing or stale
     * build is made once under a lock (scripts/build-freshness.mjs).
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
