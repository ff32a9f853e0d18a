import { expect, test } from './fixtures';
import { PUBLIC_ROUTES } from '../../scripts/public-routes';

/*
 * What the first paint of a public page may wait for (LCP ≤ 1 s: Lighthouse's simulated
 * LCP counts every request that ends before it). Inter is self-hosted but kept off the first
 * paint (src/components/SiteFont.astro): preloaded, it cost ~0.45 s of LCP; swapped in on the
 * page that fetched it, it moved long texts (CLS 0.06). These fail if it is preloaded again,
 * fetched before the first paint, served from elsewhere, swapped in on the first page, never
 * applied on the next, and if the icon becomes a request again. The cookie banner's behaviour
 * is kept off the first paint the same way (src/components/consent/CookieConsent.astro).
 */

// Lighthouse's mobile screen (Moto G Power), where the audit measures LCP and CLS.
test.use({ viewport: { width: 412, height: 823 } });

test('public pages preload no font and declare Inter from this site', async ({ request }) => {
  for (const route of PUBLIC_ROUTES) {
    const html = await (await request.get(route)).text();
    expect(html, route).not.toMatch(/<link[^>]*\bas="font"/);
    expect(html, route).toMatch(/@font-face\{font-family:Inter-\w+;src:url\("\/_astro\/fonts\/\w+\.woff2"\)/);
  }
});

/** Resolves once the first page has put Inter in the cache for later pages. */
async function interCached(page: import('@playwright/test').Page) {
  await page.waitForFunction(() => sessionStorage.getItem('pilota:inter') === '1');
}

test('Inter is fetched from this site after the first paint and applied from the next page on', async ({ page }) => {
  await page.goto('/');
  await interCached(page);
  const seen = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    fonts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => ({ url: entry.name, start: entry.startTime })),
    bodyFont: getComputedStyle(document.body).fontFamily,
  }));
  const woff2 = seen.fonts;
  expect(woff2).toHaveLength(1);
  expect(new URL(woff2[0]!.url).origin).toBe(new URL(page.url()).origin);
  expect(seen.firstPaint).toBeDefined();
  expect(woff2[0]!.start).toBeGreaterThan(seen.firstPaint!);
  // The page that fetched it keeps the fallback face: no swap, no reflow.
  expect(seen.bodyFont).toMatch(/^"Inter fallback"/);

  await page.goto('/sobre', { waitUntil: 'domcontentloaded' });
  expect(await page.evaluate(() => document.documentElement.classList.contains('fonte-inter'))).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Inter-\w+, "Inter fallback"/);
});

for (const route of ['/', '/politica-de-privacidade']) {
  test(`fetching Inter does not move ${route}, the longest texts above the fold included`, async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(route);
    await interCached(page);
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    // Swapped in on this page, Inter shifted / by 0.018 and /politica-de-privacidade by 0.06.
    expect(shift).toBeLessThan(0.01);
  });
}

test('the icon is part of the page, not a request', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  expect(requested.filter((path) => path.includes('favicon'))).toEqual([]);
});

test('no public page makes its first paint wait for a script file', async ({ request }) => {
  for (const route of PUBLIC_ROUTES) {
    const html = await (await request.get(route)).text();
    // Islands load through <astro-island component-url>, after the paint; a <script src> is a request before it.
    expect(html, route).not.toMatch(/<script[^>]*\bsrc=/);
    // The cookie preferences dialog only serves with JavaScript: it comes as a fragment after the paint.
    expect(html, route).not.toContain('id="cookie-preferences"');
  }
});

test.describe('the cookie banner', () => {
  test.use({ presetCookieConsent: false });
  const banner = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Cookies e privacidade' });

  test('fetches its behaviour after the first paint', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    const seen = await page.waitForFunction(() => {
      const script = performance.getEntriesByType('resource').find((entry) => entry.name.includes('cookie-consent-behaviour'));
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return script && paint ? { script: script.startTime, paint: paint.startTime } : null;
    });
    const { script, paint } = (await seen.jsonValue())!;
    expect(script).toBeGreaterThan(paint);
  });

  test('carries out a choice clicked before its behaviour arrived', async ({ page, context }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/cookie-consent-behaviour-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await banner(page).getByRole('button', { name: 'Rejeitar', exact: true }).click();
    // Nothing happened yet (the page did not navigate or scroll either): the click is waiting.
    await expect(banner(page)).toBeVisible();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('pilota_cookies');

    release();
    await expect(banner(page)).toBeHidden();
    const consent = (await context.cookies()).find((cookie) => cookie.name === 'pilota_cookies');
    expect(consent?.value).toMatch(/\.000$/);
  });

  test('opens the preferences from the footer before its behaviour arrived, instead of leaving the page', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/cookie-consent-behaviour-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/sobre', { waitUntil: 'domcontentloaded' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Preferências de cookies' }).click();
    release();
    await expect(page.getByRole('dialog', { name: 'Preferências de cookies' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/sobre');
  });
});
