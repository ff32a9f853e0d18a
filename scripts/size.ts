/*
 * `npm run size`: the JavaScript each page loads before the visitor touches it,
 * measured in Chromium against the production build — external scripts as the
 * browser received them plus inline scripts, each gzipped as a server would.
 * Fails when a content page goes over JS_BUDGET_BYTES, or a form page (its island loads
 * with it) over FORM_JS_BUDGET_BYTES.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { startBuiltServer } from './support/server.ts';
import { CONTENT_ROUTES, FORM_ROUTES } from './public-routes.ts';

const JS_BUDGET_BYTES = 15 * 1024;
/** A form page loads its island with the page; the two must fit in 100 KB. */
const FORM_JS_BUDGET_BYTES = 100 * 1024;
const budgetOf = (route: string) => (FORM_ROUTES.includes(route) ? FORM_JS_BUDGET_BYTES : JS_BUDGET_BYTES);
/** `npm run size -- /route …` measures only those. */
const routes = process.argv.slice(2).length ? process.argv.slice(2) : [...CONTENT_ROUTES, ...FORM_ROUTES];

/**
 * Pages whose form is part of the page and may load its island as soon as it is on
 * screen (a form that is the page may load its island once it is visible): route →
 * the island's export name. They are measured with that one island held back, so
 * everything else on the page still answers to the budget.
 */
export const VISIBLE_FORM_ROUTES: Record<string, string> = { '/contato': 'LeadForm' };

/*
 * Runs in the page before Astro's scripts: client:visible observes an island's children
 * with an IntersectionObserver, so observing is skipped for the exempt island only.
 */
const holdBackIsland = (exportName: string) => {
  const observe = IntersectionObserver.prototype.observe;
  IntersectionObserver.prototype.observe = function (target: Element) {
    if (target.closest('astro-island')?.getAttribute('component-export') === exportName) return;
    observe.call(this, target);
  };
};

const gz = (text: string | Buffer) => gzipSync(text).length;

/*
 * Waits until the page has been idle once (so every client:idle island has started loading,
 * and every island on screen has seen its IntersectionObserver) and then until the network
 * has been quiet for 500 ms (so what they load has arrived). A busy machine makes this wait
 * longer, never the count smaller.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 10_000 })));
  await page.waitForLoadState('networkidle');
}

interface Measured {
  ok: boolean;
  row: string;
}

async function measure(browser: Browser, route: string): Promise<Measured> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const heldBack = VISIBLE_FORM_ROUTES[route];
    if (heldBack) await page.addInitScript(holdBackIsland, heldBack);
    const external: Promise<number>[] = [];
    const names: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      names.push(new URL(response.url()).pathname);
      external.push(response.body().then(gz, () => 0));
    });
    const response = await page.goto(server.url + route, { waitUntil: 'load' });
    await settle(page);
    const inline = await page.$$eval('script:not([src])', (scripts) =>
      scripts.filter((s) => !/json/.test(s.getAttribute('type') ?? '')).map((s) => s.textContent ?? ''),
    );
    const externalBytes = (await Promise.all(external)).reduce((a, b) => a + b, 0);
    const inlineBytes = inline.reduce((sum, code) => sum + gz(code), 0);
    const total = externalBytes + inlineBytes;
    const status = response?.status() ?? 0;
    const ok = status === 200 && total <= budgetOf(route);
    return {
      ok,
      row:
        `${ok ? 'ok  ' : 'FAIL'} ${route.padEnd(28)} ${String(status).padEnd(4)} ${(total / 1024).toFixed(1).padStart(6)} KB gzip ` +
        `(inline ${(inlineBytes / 1024).toFixed(1)} KB, ${names.length} files ${(externalBytes / 1024).toFixed(1)} KB)` +
        (heldBack ? ` — ${heldBack} form island not counted` : '') +
        (budgetOf(route) !== JS_BUDGET_BYTES ? ` — form page, budget ${budgetOf(route) / 1024} KB` : ''),
    };
  } finally {
    await page.close();
  }
}

/** Pages measured at once: each counts bytes, which a neighbour's load cannot change. */
const PARALLEL_PAGES = 3;

const server = await startBuiltServer({ LEAD_RATE_LIMIT: 'off' });
const browser = await launchChromium();
const measured = new Map<string, Measured>();
try {
  const queue = [...routes];
  await Promise.all(
    Array.from({ length: PARALLEL_PAGES }, async () => {
      for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
        measured.set(route, await measure(browser, route));
      }
    }),
  );
  console.log(
    `JavaScript before interaction (budget ${JS_BUDGET_BYTES / 1024} KB gzip, form pages ${FORM_JS_BUDGET_BYTES / 1024} KB):`,
  );
  console.log(routes.map((route) => measured.get(route)!.row).join('\n'));
} finally {
  await browser.close();
  await server.stop();
}
const failures = [...measured.values()].filter((result) => !result.ok).length;
if (failures) {
  console.error(`${failures} page(s) over budget or not 200.`);
  process.exit(1);
}
