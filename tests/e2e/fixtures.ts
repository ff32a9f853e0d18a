import { test as base, expect } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';

/**
 * Playwright's `test`, with the browser from our Chromium lookup, the base URL of
 * the server that global-setup started, and a guard that fails any test during
 * which the page reported a Content-Security-Policy violation (the CSP lives in
 * astro.config.mjs `security.csp` and scripts/serve.mjs).
 */
export const test = base.extend<{ cspViolations: string[] }, { browser: Browser }>({
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
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'the page broke the Content-Security-Policy (see astro.config.mjs security.csp)').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
