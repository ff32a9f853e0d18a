/*
 * Cookie consent and the tags it gates, in Chromium.
 *
 * Most tests run against a second build made with a GA4 id and a Meta Pixel id whose hosts
 * are local stand-ins (tests/support/tag-standin.ts), so every request a tag would make is
 * seen twice: by the browser (page.on('request')) and by the stand-in. The ordinary e2e
 * server (no tags configured) shows that then nothing about tags reaches a page at all.
 * Serial: one tagged server and the stand-ins' fixed ports serve the whole file.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { cookieConsentPolicy } from '../../src/lib/cookie-policy';
import { decodeConsent } from '../../src/lib/cookie-consent';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import {
  ensureTaggedBuild,
  standInOrigin,
  startTagStandIn,
  TEST_TAG_IDS,
  type TagStandIn,
} from '../support/tag-standin';
import { expect, test } from './fixtures';

test.use({ presetCookieConsent: false });
test.describe.configure({ mode: 'serial' });

let server: RunningServer;
let ga4: TagStandIn;
let meta: TagStandIn;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const buildDir = ensureTaggedBuild();
  ga4 = await startTagStandIn('ga4');
  meta = await startTagStandIn('meta');
  server = await startBuiltServer({ BUILD_DIR: buildDir, LEAD_RATE_LIMIT: 'off' });
});

test.afterAll(async () => {
  await server?.stop();
  await ga4?.close();
  await meta?.close();
});

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies e privacidade' });
const preferences = (page: Page) => page.getByRole('dialog', { name: 'Preferências de cookies' });
const leadDialog = (page: Page) => page.getByRole('dialog', { name: 'Solicitar contato' });

/** Every request the page makes, from the first navigation on. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const origin = (url: string) => new URL(url).origin;

/** Does `action` and returns the consent record it made the banner post (answered 204). */
async function recordOf(page: Page, action: () => Promise<void>) {
  const answered = page.waitForResponse(
    (candidate) => candidate.url().endsWith('/api/consentimento-cookies') && candidate.request().method() === 'POST',
  );
  await action();
  const response = await answered;
  expect(response.status()).toBe(204);
  return response.request().postDataJSON() as Record<string, unknown>;
}

interface Person {
  nome: string;
  email: string;
  celular: string;
}

const newPerson = (): Person => ({
  nome: `Rita Sigilo ${randomUUID().slice(0, 6)}`,
  email: `rita-${randomUUID().slice(0, 8)}@exemplo.com`,
  celular: '11976543210',
});

/** The lead journey: the nav's button, the dialog's form, sent and accepted, then /obrigado. */
async function sendLead(page: Page, person: Person) {
  await page.getByRole('navigation').getByRole('link', { name: 'Solicitar Contato' }).first().click();
  const form = leadDialog(page);
  await expect(form.locator('astro-island:not([ssr])')).toHaveCount(1);
  await form.getByLabel('Nome completo').fill(person.nome);
  await form.getByLabel('E-mail', { exact: true }).fill(person.email);
  await form.getByLabel('Celular (WhatsApp)').fill(person.celular);
  await form.getByLabel('Você é').selectOption('proprietario');
  await form.getByRole('button', { name: 'Solicitar contato' }).click();
  await expect(page.getByText('Mensagem enviada!')).toBeVisible();
  await page.waitForURL('**/obrigado');
  await page.waitForLoadState('load');
}

/** Whatever the stand-ins received mentions none of the person's data, in any spelling. */
function expectNoPersonalData(standIns: TagStandIn[], person: Person) {
  const received = standIns
    .flatMap((standIn) => standIn.requests.map((request) => `${request.url} ${request.body}`))
    .map((text) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return text;
      }
    })
    .join('\n')
    .toLowerCase();
  expect(received).not.toContain(person.nome.toLowerCase());
  expect(received).not.toContain(person.nome.split(' ')[0]!.toLowerCase());
  expect(received).not.toContain(person.email.toLowerCase());
  expect(received).not.toContain(person.email.split('@')[0]!.toLowerCase());
  expect(received).not.toContain(person.celular);
  expect(received).not.toContain('98765');
  expect(received).not.toMatch(/7654-?3210/);
}

test('with no tag configured, a page neither loads nor names any tag, whatever the visitor accepts', async ({
  page,
  baseURL,
}) => {
  const requests = recordRequests(page);
  // Bodies are read as they arrive: the browser drops them on navigation.
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  const response = await page.goto(`${baseURL}/`);
  const html = await response!.text();
  const record = await recordOf(page, () => banner(page).getByRole('button', { name: 'Aceitar todos' }).click());
  expect(record).toMatchObject({ version: cookieConsentPolicy.version, analytics: true, marketing: true });
  await page.goto(`${baseURL}/planos`);
  await page.waitForLoadState('load');

  expect(requests.filter((request) => origin(request.url()) !== baseURL).map((r) => r.url())).toEqual([]);
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(0);
  for (const text of [html, ...loaded]) {
    expect(text).not.toMatch(/googletagmanager|google-analytics|facebook|gtag|fbq|dataLayer|pilota-tags/i);
  }
  // The CSP is the one without tags: scripts by hash from the site itself, nothing else to connect to.
  const csp = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)![1]!;
  expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+ ?;/);
  expect(csp).toContain("connect-src 'self';");
  expect(csp).toContain("img-src 'self' data: blob:;");
});

test('the tagged build allows exactly the configured tag hosts in its CSP', async ({ page }) => {
  const response = await page.goto(`${server.url}/`);
  const csp = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(await response!.text())![1]!;
  const both = `${standInOrigin('ga4')} ${standInOrigin('meta')}`;
  expect(csp).toMatch(new RegExp(`script-src 'self' ${both}( 'sha256-[^']+')+ ?;`));
  expect(csp).toContain(`connect-src 'self' ${both};`);
  expect(csp).toContain(`img-src 'self' data: blob: ${both};`);
});

test('a visitor who rejects sees no third-party request during a whole lead journey', async ({ page }) => {
  const requests = recordRequests(page);
  const before = { ga4: ga4.requests.length, meta: meta.requests.length };
  await page.goto(`${server.url}/`);
  await expect(banner(page)).toBeVisible();
  // The ANPD's rule: rejecting is as visible as accepting — same style, same size.
  const accept = banner(page).getByRole('button', { name: 'Aceitar todos' });
  const reject = banner(page).getByRole('button', { name: 'Rejeitar' });
  expect(await reject.getAttribute('class')).toBe(await accept.getAttribute('class'));
  expect((await reject.boundingBox())!.height).toBe((await accept.boundingBox())!.height);

  expect(await recordOf(page, () => reject.click())).toMatchObject({
    analytics: false,
    functionality: false,
    marketing: false,
  });
  await expect(banner(page)).toBeHidden();
  const person = newPerson();
  await sendLead(page, person);
  await page.goto(`${server.url}/sobre`);
  await expect(banner(page)).toBeHidden();

  expect(requests.filter((request) => origin(request.url()) !== server.url).map((r) => r.url())).toEqual([]);
  expect(ga4.requests.length - before.ga4).toBe(0);
  expect(meta.requests.length - before.meta).toBe(0);
  expect(await page.evaluate(() => [typeof window.gtag, typeof window.fbq, typeof window.dataLayer])).toEqual([
    'undefined',
    'undefined',
    'undefined',
  ]);
});

test('analytics only: GA4 loads after consent with Consent Mode denied first, gets generate_lead without personal data; no Meta', async ({
  page,
}) => {
  const requests = recordRequests(page);
  const start = Date.now();
  await page.goto(`${server.url}/`);
  await page.waitForLoadState('load');
  expect(ga4.requests.filter((request) => request.at >= start)).toEqual([]);

  await banner(page).getByRole('button', { name: 'Personalizar' }).click();
  const dialog = preferences(page);
  await expect(dialog).toBeVisible();
  // Nothing pre-ticked, and the configured tools are named in their categories.
  for (const name of ['Análise (desempenho)', 'Funcionalidade', 'Marketing'])
    await expect(dialog.getByRole('checkbox', { name })).not.toBeChecked();
  await expect(dialog).toContainText('Google Analytics 4 (Google)');
  await expect(dialog).toContainText('Pixel da Meta (Meta/Facebook)');
  await dialog.getByRole('checkbox', { name: 'Análise (desempenho)' }).check();
  expect(await recordOf(page, () => dialog.getByRole('button', { name: 'Salvar preferências' }).click())).toMatchObject(
    { analytics: true, functionality: false, marketing: false },
  );

  await expect.poll(() => ga4.hits().filter((hit) => hit.get('en') === 'page_view').length).toBeGreaterThan(0);
  const pageView = ga4.hits().find((hit) => hit.get('en') === 'page_view')!;
  expect(pageView.get('tid')).toBe(TEST_TAG_IDS.ga4);
  // The first thing in the data layer, before gtag.js existed: every Consent Mode v2 signal denied.
  expect(pageView.get('first')).toBe('consent default');
  expect(JSON.parse(pageView.get('defaults')!)).toMatchObject({
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
  });
  const dataLayer = await page.evaluate(() => (window.dataLayer ?? []).map((entry) => JSON.stringify(entry)));
  expect(dataLayer.some((entry) => entry.includes('"update"') && entry.includes('"analytics_storage":"granted"'))).toBe(
    true,
  );
  expect(dataLayer.some((entry) => entry.includes('"ad_storage":"granted"'))).toBe(false);

  const person = newPerson();
  await sendLead(page, person);
  await expect.poll(() => ga4.hits().filter((hit) => hit.get('en') === 'generate_lead').length).toBe(1);
  const lead = ga4.hits().find((hit) => hit.get('en') === 'generate_lead')!;
  expect(lead.get('ep.lead_type')).toBe('proprietario');
  expectNoPersonalData([ga4, meta], person);

  const thirdParty = requests.map((request) => origin(request.url())).filter((o) => o !== server.url);
  expect(thirdParty.length).toBeGreaterThan(0);
  expect(new Set(thirdParty)).toEqual(new Set([standInOrigin('ga4')]));
  expect(meta.requests.filter((request) => request.at >= start)).toEqual([]);
});

test('accepting all adds the Meta Pixel and its Lead; withdrawing in the footer stops every tag request', async ({
  page,
  context,
}) => {
  const requests = recordRequests(page);
  await page.goto(`${server.url}/planos`);
  await recordOf(page, () => banner(page).getByRole('button', { name: 'Aceitar todos' }).click());
  await expect.poll(() => meta.hits().filter((hit) => hit.get('ev') === 'PageView').length).toBeGreaterThan(0);

  const person = newPerson();
  const leadsBefore = meta.hits().filter((hit) => hit.get('ev') === 'Lead').length;
  await sendLead(page, person);
  await expect.poll(() => meta.hits().filter((hit) => hit.get('ev') === 'Lead').length).toBe(leadsBefore + 1);
  const lead = meta
    .hits()
    .filter((hit) => hit.get('ev') === 'Lead')
    .at(-1)!;
  expect(lead.get('id')).toBe(TEST_TAG_IDS.meta);
  expectNoPersonalData([ga4, meta], person);
  const cookieNames = async () => (await context.cookies(server.url)).map((cookie) => cookie.name);
  expect(await cookieNames()).toEqual(expect.arrayContaining(['_ga', '_fbp']));

  // Withdraw from the footer link: both boxes come checked as chosen; unticked and saved.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Preferências de cookies' }).click();
  const dialog = preferences(page);
  await expect(dialog.getByRole('checkbox', { name: 'Análise (desempenho)' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Análise (desempenho)' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Marketing' }).uncheck();
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Salvar preferências' }).click();
  await reloaded;
  const stoppedAt = Date.now();
  const seen = requests.length;

  // The tags' own cookies went with them; from here on nothing reaches either host.
  expect(await cookieNames()).not.toContain('_ga');
  expect(await cookieNames()).not.toContain('_fbp');
  const record = decodeConsent((await context.cookies(server.url)).find((c) => c.name === 'pilota_cookies')?.value);
  // Functionality stays as it was: only the two categories with tags were withdrawn.
  expect(record?.choices).toEqual({ analytics: false, functionality: true, marketing: false });
  await page.goto(`${server.url}/`);
  await sendLead(page, newPerson());
  await page.goto(`${server.url}/sobre`);
  await page.waitForLoadState('load');
  const after = requests.slice(seen).filter((request) => origin(request.url()) !== server.url);
  expect(after.map((request) => request.url())).toEqual([]);
  expect(ga4.requests.filter((request) => request.at > stoppedAt)).toEqual([]);
  expect(meta.requests.filter((request) => request.at > stoppedAt)).toEqual([]);
});

test('the banner and the preferences are keyboard-usable and pass axe', async ({ page, context }) => {
  await page.goto(`${server.url}/`);
  await expect(banner(page)).toBeVisible();
  const axe = async () => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  expect(await axe()).toEqual([]);

  // First stops after the skip link: the banner's link and its three buttons, with a visible focus ring.
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
  const stops: (string | undefined)[] = [];
  for (let step = 0; step < 5; step++) {
    await page.keyboard.press('Tab');
    stops.push(await focused());
  }
  expect(stops).toEqual(['Pular para o conteúdo', 'Política de Cookies', 'Aceitar todos', 'Rejeitar', 'Personalizar']);
  const customize = banner(page).getByRole('button', { name: 'Personalizar' });
  await expect(customize).toBeFocused();
  expect(await customize.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');

  // Enter opens the second layer with focus inside; Escape closes it and returns focus.
  await page.keyboard.press('Enter');
  const dialog = preferences(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Análise (desempenho)' })).toBeFocused();
  expect(await axe()).toEqual([]);
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'Análise (desempenho)' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(customize).toBeFocused();
  expect((await context.cookies(server.url)).map((c) => c.name)).not.toContain('pilota_cookies');

  // Escape on the banner puts it away for this page only: nothing stored, back on the next page.
  await page.keyboard.press('Escape');
  await expect(banner(page)).toBeHidden();
  await page.reload();
  await expect(banner(page)).toBeVisible();

  // Choose by keyboard alone: functionality on, saved with Enter on "Salvar preferências".
  await customize.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('checkbox', { name: 'Análise (desempenho)' })).not.toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox', { name: 'Funcionalidade' })).toBeFocused();
  await page.keyboard.press('Space');
  for (let step = 0; step < 5; step++) {
    if ((await focused()) === 'Salvar preferências') break;
    await page.keyboard.press('Tab');
  }
  await expect(dialog.getByRole('button', { name: 'Salvar preferências' })).toBeFocused();
  expect(await recordOf(page, () => page.keyboard.press('Enter'))).toMatchObject({
    analytics: false,
    functionality: true,
    marketing: false,
  });
  await expect(dialog).toBeHidden();
  await expect(banner(page)).toBeHidden();
  await expect(page.locator('#conteudo')).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Suas preferências de cookies foram salvas.' })).toHaveCount(
    1,
  );
});

test('a choice of another consent version or past its period counts as none: the banner asks again', async ({
  page,
  context,
}) => {
  const id = 'ab'.repeat(16);
  const stale = [
    `1999-01.${id}.${Date.now().toString(36)}.111`,
    `${cookieConsentPolicy.version}.${id}.${(Date.now() - (cookieConsentPolicy.maxAgeDays + 1) * 86_400_000).toString(36)}.111`,
  ];
  for (const value of stale) {
    await context.clearCookies();
    await context.addCookies([{ name: cookieConsentPolicy.cookieName, value, url: server.url }]);
    await page.goto(`${server.url}/sobre`);
    await expect(banner(page)).toBeVisible();
    expect(await page.evaluate(() => typeof window.dataLayer)).toBe('undefined');
  }
  await context.clearCookies();
  const fresh = `${cookieConsentPolicy.version}.${id}.${Date.now().toString(36)}.000`;
  await context.addCookies([{ name: cookieConsentPolicy.cookieName, value: fresh, url: server.url }]);
  await page.goto(`${server.url}/sobre`);
  await expect(banner(page)).toBeHidden();
});
