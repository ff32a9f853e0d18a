/*
 * `npm run size`: the JavaScript each page loads before the visitor touches it,
 * measured in Chromium against the production build — external scripts as the
 * browser received them plus inline scripts, each gzipped as a server would.
 * Fails when a content page goes over JS_BUDGET_BYTES, or a form page (its island loads
 * with it) over FORM_JS_BUDGET_BYTES.
 */
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../tests/support/chromium.ts';
import { startBuiltServer } from '../tests/support/server.ts';
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

const server = await startBuiltServer({ LEAD_RATE_LIMIT: 'off' });
const browser = await launchChromium();
let failures = 0;
try {
  const rows: string[] = [];
  for (const route of routes) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
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
    // Idle-time and visibility hydration would show up here: give them a moment.
    await page.waitForTimeout(1500);
    const inline = await page.$$eval('script:not([src])', (scripts) =>
      scripts.filter((s) => !/json/.test(s.getAttribute('type') ?? '')).map((s) => s.textContent ?? ''),
    );
    const externalBytes = (await Promise.all(external)).reduce((a, b) => a + b, 0);
    const inlineBytes = inline.reduce((sum, code) => sum + gz(code), 0);
    const total = externalBytes + inlineBytes;
    const status = response?.status() ?? 0;
    const ok = status === 200 && total <= budgetOf(route);
    if (!ok) failures += 1;
    rows.push(
      `${ok ? 'ok  ' : 'FAIL'} ${route.padEnd(28)} ${String(status).padEnd(4)} ${(total / 1024).toFixed(1).padStart(6)} KB gzip ` +
        `(inline ${(inlineBytes / 1024).toFixed(1)} KB, ${names.length} files ${(externalBytes / 1024).toFixed(1)} KB)` +
        (heldBack ? ` — ${heldBack} form island not counted` : '') +
        (budgetOf(route) !== JS_BUDGET_BYTES ? ` — form page, budget ${budgetOf(route) / 1024} KB` : ''),
    );
    await page.close();
  }
  console.log(
    `JavaScript before interaction (budget ${JS_BUDGET_BYTES / 1024} KB gzip, form pages ${FORM_JS_BUDGET_BYTES / 1024} KB):`,
  );
  console.log(rows.join('\n'));
} finally {
  await browser.close();
  await server.stop();
}
if (failures) {
  console.error(`${failures} page(s) over budget or not 200.`);
  process.exit(1);
}
