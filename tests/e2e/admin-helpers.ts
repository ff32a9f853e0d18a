/*
 * What the admin-area e2e files share: axe's verdict on a page, and signing a browser
 * context in with a session cookie taken over HTTP (scripts/support/blog-accounts.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

/** Serious or critical WCAG 2.1 AA violations on the page as it is now, each with where it is. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * Puts the session in `cookie` (a Cookie header) into the context for `baseURL`, replacing
 * any session cookie of the same name (switching accounts); other cookies, such as the
 * cookie choice the fixtures preset, stay.
 */
export async function signInAs(context: BrowserContext, cookie: string, baseURL: string): Promise<void> {
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: baseURL };
    }),
  );
}
