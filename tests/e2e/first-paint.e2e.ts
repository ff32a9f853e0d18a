import { expect, test } from './fixtures';
import { PUBLIC_ROUTES } from '../../scripts/public-routes';

/*
 * What the first paint of a public page may wait for (issue 16 item 7: Lighthouse's simulated
 * LCP counts every request that ends before it). Inter is self-hosted but kept off the first
 * paint (src/components/SiteFont.astro): preloaded, it cost ~0.45 s of LCP. These fail if it is
 * preloaded again, fetched before the first paint, served from elsewhere, never applied, or if
 * its swap starts moving the page, and if the icon becomes a request again.
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

test('Inter is fetched from this site after the first paint, then applied', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bfonte-inter\b/);
  await page.waitForFunction(() =>
    [...document.fonts].some((face) => face.family.startsWith('Inter-') && face.status === 'loaded'),
  );
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
  expect(seen.bodyFont).toMatch(/^Inter-\w+, "Inter fallback"/);
});

test('the swap from the metric-matched fallback to Inter hardly moves the page', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The home page has the most text above the fold; with an unmatched fallback its shift was 0.08.
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bfonte-inter\b/);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
  expect(shift).toBeLessThan(0.03);
});

test('later pages of the visit use Inter from the start (the file is cached by then)', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bfonte-inter\b/);
  await page.goto('/sobre', { waitUntil: 'domcontentloaded' });
  expect(await page.evaluate(() => document.documentElement.classList.contains('fonte-inter'))).toBe(true);
});

test('the icon is part of the page, not a request', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  expect(requested.filter((path) => path.includes('favicon'))).toEqual([]);
});
