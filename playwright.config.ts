import { defineConfig, devices } from '@playwright/test';

// End-to-end tests against the production build; see tests/e2e/global-setup.ts.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Four: with three the suite left part of the 2 cores idle while tests waited on the browser
  // and server (433 s in CI beside Lighthouse); four keep them busy (1.75 cores on average, 332 s
  // alone). In CI it runs in the idle class beside Lighthouse.
  workers: 4,
  // In CI a test that fails is run once more, and the run names it as flaky with the page it
  // failed on (./tests/e2e/summary-reporter.ts, in the format every stage shares, which .ci/run
  // sums up): a rare timing failure on the shared 2-core machine must not hide the rest of the
  // run's verdict, nor pass unnoticed. The Vitest suites do the same (vitest.config.ts CI_RETRY).
  retries: process.env['CI'] ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: true,
  reporter: [['list'], ['./tests/e2e/summary-reporter.ts']],
  use: {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A trace helps only where someone can open it: locally. CI keeps no files, and recording
    // one for every test costs about a sixth of the suite's CPU.
    trace: process.env['CI'] ? 'off' : 'retain-on-failure',
    ...devices['Desktop Chrome'],
  },
});
