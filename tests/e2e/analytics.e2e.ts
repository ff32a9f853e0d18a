/*
 * Cookieless visit counting end to end, in Chromium against the production build: three
 * fresh visitors (three browsers, each its own user agent: behind one address the key tells
 * people apart by it) view /planos with a campaign's utm_source — one with JavaScript off,
 * counted by the <noscript> pixel — and one opens the dialog and sends a lead; a crawler's
 * view is not counted. The visit report (/admin/visitas; its roll-up is refreshed when opened,
 * behind the page when it is less than a minute old) then shows 3 visits, 1 lead and 33,3 % for /planos and for the source, and the funnel
 * 3 → 1 → 1 → 1. The beacon sets no cookie and writes no storage. The endpoint's refusals
 * of a malformed or oversized body close the file.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { signInAs } from './admin-helpers';
import { expect, test } from './fixtures';
import { teamSession } from './team';

const desktop = (platform: string, version: number) =>
  `Mozilla/5.0 (${platform}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
const VISITORS = [
  desktop('Windows NT 10.0; Win64; x64', 140),
  desktop('Macintosh; Intel Mac OS X 10_15_7', 139),
  desktop('X11; Linux x86_64', 138),
];
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** SiteFont's note that Inter is cached in this tab (src/components/SiteFont.astro): the site's, not the beacon's. */
const SITE_STORAGE = ['pilota:inter'];

const beacon = (page: Page, kind: string) =>
  page.waitForRequest(
    (request) => request.url().endsWith('/api/visita') && (request.postData() ?? '').includes(`"k":"${kind}"`),
  );

test('three visitors of /planos from one source, one lead: 3 visits, 1 lead, 33 %, funnel 3 → 1 → 1 → 1', async ({
  browser,
  baseURL,
  context: adminContext,
  page: adminPage,
}) => {
  // Four browsers, a lead and a report that may wait for its roll-up: more than the default 30 s
  // on a loaded machine.
  test.setTimeout(90_000);
  const source = `e2e-${randomUUID().slice(0, 8)}`;
  const landing = `/planos?utm_source=${source}&utm_medium=cpc`;
  const contexts: BrowserContext[] = [];
  const fresh = async (b: Browser, userAgent: string, javaScriptEnabled = true) => {
    const context = await b.newContext({ baseURL: baseURL!, userAgent, javaScriptEnabled });
    contexts.push(context);
    const page = await context.newPage();
    const beaconAnswers: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/visita')) beaconAnswers.push(String(response.headers()['set-cookie'] ?? ''));
    });
    return { context, page, beaconAnswers };
  };

  try {
    // Visitor 1: views the page; nothing is stored in the browser.
    const one = await fresh(browser, VISITORS[0]!);
    const viewed = beacon(one.page, 'view');
    await one.page.goto(landing);
    await (await viewed).response();
    expect(await one.context.cookies()).toEqual([]);
    const storage = await one.page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
    }));
    expect(storage.local).toEqual([]);
    expect(storage.session.filter((key) => !SITE_STORAGE.includes(key))).toEqual([]);

    // Visitor 2: opens the dialog from a plan card, fills the form, sends a lead.
    const two = await fresh(browser, VISITORS[1]!);
    const viewedTwo = beacon(two.page, 'view');
    await two.page.goto(landing);
    await viewedTwo;
    const opened = beacon(two.page, 'open');
    await two.page
      .getByRole('link', { name: /Profissional$/ })
      .first()
      .click();
    await opened;
    const form = two.page.getByRole('dialog');
    await expect(form.locator('astro-island:not([ssr])')).toHaveCount(1);
    const started = beacon(two.page, 'start');
    await form.getByLabel('Nome completo').fill('Visitante Funil');
    await started;
    await form.getByLabel('E-mail', { exact: true }).fill(`funil-${randomUUID().slice(0, 8)}@exemplo.com`);
    await form.getByLabel('Celular (WhatsApp)').fill('11987654321');
    await form.getByLabel('Você é').selectOption('proprietario');
    const sent = beacon(two.page, 'sent');
    await form.getByRole('button', { name: /Solicitar contato|Começar/ }).click();
    await (await sent).response();
    expect(await two.context.cookies()).toEqual([]);

    // Visitor 3: JavaScript off; the <noscript> pixel counts the view.
    const three = await fresh(browser, VISITORS[2]!, false);
    const pixel = three.page.waitForResponse((response) => response.url().endsWith('/api/visita'));
    await three.page.goto(landing);
    expect((await pixel).status()).toBe(200);
    expect(await three.context.cookies()).toEqual([]);

    // A crawler running JavaScript: its beacon is answered, not counted.
    const bot = await fresh(browser, CRAWLER);
    const botView = beacon(bot.page, 'view');
    await bot.page.goto(landing);
    expect((await (await botView).response())?.status()).toBe(204);

    for (const visitor of [one, two, three, bot]) expect(visitor.beaconAnswers.filter(Boolean)).toEqual([]);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }

  const { cookie } = await teamSession('vendas');
  await signInAs(adminContext, cookie, baseURL!);
  const row = (table: string, name: string) =>
    adminPage
      .locator(`table[data-table="${table}"] tr`)
      .filter({ has: adminPage.getByRole('rowheader', { name, exact: true }) });
  // Visitas, Páginas vistas, Abriram, Começaram, Contatos, Taxa.
  const cells = async (table: string, name: string) =>
    (await row(table, name).locator('td').allTextContents()).map((t) => t.trim());
  // Roll-ups refreshed within the last minute are read at once and refreshed behind the page: reload until in.
  await expect(async () => {
    await adminPage.goto(`/admin/visitas?origem=${source}`);
    await expect(row('funil', '/planos').locator('td').last()).toHaveText('0%', { timeout: 1000 });
    await expect(row('pagina', '/planos').locator('td').first()).toHaveText('3', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  expect(await cells('pagina', '/planos')).toEqual(['3', '3', '1', '1', '1', '33,3%']);
  expect(await cells('origem', source)).toEqual(['3', '3', '1', '1', '1', '33,3%']);
  // The funnel: viewed, opened (and its drop-off), started, sent.
  expect(await cells('funil', '/planos')).toEqual(['3', '1', '66,7%', '1', '0%', '1', '0%']);
  await expect(adminPage.getByTestId('visit-visitors')).toHaveText('3');
  await expect(adminPage.getByTestId('visit-rate')).toHaveText('33,3%');

  // The table's CSV has the same figures.
  const csv = await adminPage.request.get(`/admin/visitas/exportar?origem=${source}&tabela=pagina`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain('/planos;3;3;1;1;1;"0,3333"');
});

test('the beacon endpoint refuses what is not one event', async ({ request, baseURL }) => {
  // As sendBeacon posts: same origin (Astro refuses a cross-site text/plain post).
  const origin = new URL(baseURL!).origin;
  const post = (data: string, contentType = 'text/plain;charset=UTF-8') =>
    request.post('/api/visita', { data, headers: { 'content-type': contentType, 'user-agent': VISITORS[0]!, origin } });
  expect((await post('{"k":"view","p":"/"}')).status()).toBe(204);
  expect((await post('{"k":"view"')).status()).toBe(400);
  expect((await post('{"k":"view","p":"/","nome":"Maria"}')).status()).toBe(400);
  const big = await post(JSON.stringify({ k: 'view', p: `/${'a'.repeat(4000)}` }));
  expect(big.status()).toBe(413);
  expect((await big.json()).error).toMatch(/grande demais/);
  expect((await post('k=view', 'application/x-www-form-urlencoded')).status()).toBe(415);
});
