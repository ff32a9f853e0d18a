import { test as base, expect } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';

/**
 * Playwright's `test`, with the browser from our Chromium lookup and the base URL
 * of the server that global-setup started.
 */
export const test = base.extend<object, { browser: Browser }>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies.
    async ({}, use) => {
      const browser = await launchChromium();
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(process.env['E2E_BASE_URL']),
});

export { expect };
