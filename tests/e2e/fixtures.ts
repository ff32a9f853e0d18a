import { test as base, expect } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../scripts/support/chromium';
import { cookieConsentPolicy } from '../../src/lib/cookie-policy';
import { allChoices, encodeConsent } from '../../src/lib/cookie-consent';
import { watchCsp } from '../support/csp-watch';
import { loopbackAddressFor, startLoopbackProxy } from '../support/loopback-proxy';

/**
 * Playwright's `test`, with the browser from our Chromium lookup, the base URL of
 * the server that global-setup started, and a guard that fails any test during
 * which the page reported a Content-Security-Policy violation (the CSP lives in
 * astro.config.mjs `security.csp` and scripts/serve.mjs).
 */
export const test = base.extend<
  { presetCookieConsent: boolean; ownClientAddress: boolean },
  { browser: Browser }
>({
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
  /*
   * Tests not about cookies start as a visitor who already answered the cookie banner
   * ("Rejeitar"), so it does not cover what they click; tests/e2e/cookie-consent.e2e.ts turns
   * this off with `test.use({ presetCookieConsent: false })`.
   */
  presetCookieConsent: [true, { option: true }],
  /*
   * Every browser otherwise reaches the server from 127.0.0.1, which the server's per-address
   * limits (5 sign-ups a minute) count as one client for the whole run. With
   * `test.use({ ownClientAddress: true })` each attempt of a test talks through a loopback
   * proxy from an address of its own (../support/loopback-proxy.ts), so it never waits out a
   * window another test used up.
   */
  ownClientAddress: [false, { option: true }],
  proxy: async ({ ownClientAddress }, use, testInfo) => {
    if (!ownClientAddress) return use(undefined);
    const proxy = await startLoopbackProxy(
      loopbackAddressFor(`${testInfo.testId}:${testInfo.retry}:${testInfo.repeatEachIndex}`),
    );
    await use({ server: proxy.server });
    await proxy.close();
  },
  /*
   * The built-in context and page, extended rather than watched by auto fixtures: a test that
   * only sends requests (`request`) then opens no browser context at all, which on the shared
   * 2-core machine cost about a second a test.
   */
  context: async ({ context, baseURL, presetCookieConsent }, use) => {
    if (presetCookieConsent && baseURL) {
      const value = encodeConsent({
        version: cookieConsentPolicy.version,
        id: 'e2e00000000000000000000000000000',
        at: Date.now(),
        choices: allChoices(false),
      });
      await context.addCookies([{ name: cookieConsentPolicy.cookieName, value, url: baseURL }]);
    }
    await use(context);
  },
  page: async ({ page }, use) => {
    const violations = await watchCsp(page);
    await use(page);
    expect(violations, 'the page broke the Content-Security-Policy (see astro.config.mjs security.csp)').toEqual([]);
  },
});

export { expect };
