/*
 * `npm run audit:admin`: Lighthouse (mobile preset, simulated throttling) on the pages the
 * sales team works from a phone — "Hoje", the leads list and a lead's page — signed in as a
 * salesperson, over an embedded database holding 300 demo leads. Fails when accessibility
 * scores below 100 or any other category below 95. Not part of `npm test` (CI's time budget); run it after changing the
 * admin layout and paste its table where the change is reviewed (docs/benchmarks.md).
 *
 * The account is made as a person makes one (sign-up, the e-mailed link, admin:grant), with
 * the e-mail read from an SMTP server of this script's own.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { teamCookie } from './support/blog-accounts.ts';
import { resolveChromium } from './support/chromium.ts';
import { startBuiltServer } from './support/server.ts';
import { startCaptureSmtp } from './support/smtp.ts';

const MIN_SCORE = 95;
/** Accessibility does not depend on the machine's speed: anything short of all passes is a fault. */
const MIN_ACCESSIBILITY = 100;
const DEMO_LEADS = 300;
const TEAM_LIST = '/admin/leads?responsavel=todos';

const dataDir = mkdtempSync(join(tmpdir(), 'pilota-audit-admin-'));
await promisify(execFile)(process.execPath, ['scripts/vite-run.mjs', 'scripts/db-seed-demo.ts', String(DEMO_LEADS)], {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  timeout: 180_000,
});
const smtp = await startCaptureSmtp();
const server = await startBuiltServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, DATABASE_URL: '' });
const { executablePath, args = [] } = await resolveChromium();
const chrome = await chromeLauncher.launch({ chromePath: executablePath!, chromeFlags: [...args, '--headless=new'] });
let failed = 0;
try {
  const { cookie } = await teamCookie(server.url, dataDir, 'vendas', smtp);
  // Her own list is empty (the demo leads are nobody's): the team's view is the full page of cards.
  const list = await (await fetch(`${server.url}${TEAM_LIST}`, { headers: { Cookie: cookie } })).text();
  const lead = /href="(\/admin\/leads\/[0-9a-f-]{36})[?"]/.exec(list)?.[1];
  if (!lead) throw new Error('no lead link on /admin/leads: were the demo leads seeded?');

  console.log('| page | perf | a11y | best practices | SEO | LCP | TBT | CLS |');
  console.log('|' + ' --- |'.repeat(8));
  for (const path of ['/admin/hoje', TEAM_LIST, lead]) {
    const result = await lighthouse(server.url + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      extraHeaders: { Cookie: cookie },
      // The admin area is noindex on purpose.
      skipAudits: ['is-crawlable'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    const scores = Object.fromEntries(
      Object.entries(lhr.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
    );
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const short = Object.entries(scores).some(
      ([id, score]) => score < (id === 'accessibility' ? MIN_ACCESSIBILITY : MIN_SCORE),
    );
    if (short || lhr.runtimeError) failed += 1;
    console.log(
      `| ${path.replace(/[0-9a-f-]{36}$/, '{id}')} | ${scores['performance']} | ${scores['accessibility']} | ` +
        `${scores['best-practices']} | ${scores['seo']} | ${(metric('largest-contentful-paint') / 1000).toFixed(2)} s | ` +
        `${Math.round(metric('total-blocking-time'))} ms | ${metric('cumulative-layout-shift').toFixed(3)} |`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
  await smtp.stop();
}
console.log(
  `audit:admin: ${
    failed
      ? `${failed} page(s) below the floor (accessibility ${MIN_ACCESSIBILITY}, others ${MIN_SCORE})`
      : `accessibility ${MIN_ACCESSIBILITY}, every other category ≥ ${MIN_SCORE}`
  }`,
);
if (failed) process.exit(1);
