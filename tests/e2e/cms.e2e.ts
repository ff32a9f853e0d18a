import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { freePort, startBuiltServer, stopChild } from '../../scripts/support/server';
import { cmsConfigYaml, cmsPage } from '../../src/integrations/cms.mjs';
import { IDENTIFIER_MESSAGE } from '../../src/cms/fields';
import { ANNUAL_PRICE_MESSAGE, IMAGE_ALT_MESSAGE } from '../../src/lib/content-schemas';
import { cookieConsentPolicy } from '../../src/lib/cookie-policy';
import { allChoices, encodeConsent } from '../../src/lib/cookie-consent';
import { expect, test } from './fixtures';

/*
 * An editor's round trip through the CMS (/cms, Decap CMS) with its offline backend: the
 * `decap-server` proxy edits a throwaway copy of the project (never the real content/), the
 * CMS refuses a malformed price and an annual price above twelve months with the schema's
 * messages, saves a new hero title and a new monthly price to the YAML files, names a new
 * partner "Imobiliária Sol & Mar" imobiliaria-sol-mar.yaml (after refusing "Sol_Mar"), with a
 * photo refused until it has its alt text, the preview pane showing the entries in the site's
 * look (its stylesheet, its classes, the photo with its alt), and a build of that copy accepts
 * it all and shows the changes on the pages — the price formatted and the annual view following
 * it, the new partner's page with its photo.
 *
 * The CMS's own files come from the e2e server's build; its page and config.yml are the ones
 * `astro dev` serves (with the local backend, which the build leaves out), the config pointed
 * at the proxy's port instead of decap-server's default, 8081, which a developer may be using. One build of the copy, one browser page: the file costs about a build's time.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const NEW_TITLE = 'Aluguéis em dia, sem planilha e sem susto';
const PHOTO_ALT = 'Logotipo da Imobiliária Sol & Mar';
const PRICE_MESSAGE = 'Preço inválido: use reais e centavos com vírgula, como 59,90 ou 1.488,00.';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let copy: string;
let proxy: ChildProcess;
let proxyPort: number;

test.beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'pilota-cms-e2e-'));
  // What `astro build` reads; node_modules is shared through a link.
  for (const entry of ['astro.config.mjs', 'package.json', 'tsconfig.json', 'src', 'content', 'public']) {
    cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  proxyPort = await freePort();
  proxy = spawn(process.execPath, [join(ROOT, 'node_modules/decap-server/dist/index.js')], {
    env: {
      ...process.env,
      PORT: String(proxyPort),
      BIND_HOST: '127.0.0.1',
      GIT_REPO_DIRECTORY: copy,
      MODE: 'fs',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(() =>
      fetch(`http://127.0.0.1:${proxyPort}/api/v1`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"action":"info"}',
      }).then(
        (r) => r.status,
        () => 0,
      ),
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (proxy) await stopChild(proxy, 2_000);
  if (copy) rmSync(copy, { recursive: true, force: true });
});

const fileOf = (path: string) => readFileSync(join(copy, path), 'utf8');

/**
 * Opens an entry in the CMS, signed in to the local proxy. Each time from a fresh page: a
 * hash change alone keeps Decap's editor, which then shows the next entry's fields empty.
 */
async function openEntry(page: Page, hash: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`/cms/#/${hash}`);
  const signIn = page.getByRole('button', { name: 'Entrar' });
  const form = page.locator('form, [class*="ControlPane"]').first();
  await expect(signIn.or(form)).toBeVisible({ timeout: 30_000 });
  if (await signIn.isVisible()) await signIn.click();
}

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await page.getByText('Publicar agora', { exact: true }).click();
}

/**
 * Decap writes the file before it marks the entry clean: leaving before that asks "sair desta
 * página?", which the browser dismisses, and the next entry never opens.
 */
async function settled(page: Page): Promise<void> {
  await expect(page.getByText('Alterações salvas', { exact: true })).toBeVisible();
}

const field = (page: Page, label: string): Locator => page.getByLabel(label, { exact: true });

test('an editor changes the hero title and a price in the CMS; the next build shows them', async ({
  page,
  baseURL,
}) => {
  // The build's /cms knows no local backend (production must not): the page and config are the
  // ones `astro dev` serves on a developer's machine, pointed at this test's proxy. A page
  // answered here is not from the loopback address to Chromium, which then asks before it
  // calls one (Local Network Access): granted, as a developer would.
  await page.context().grantPermissions(['local-network-access']);
  await page.route(
    (url) => ['/cms', '/cms/', '/cms/index.html'].includes(url.pathname),
    (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: cmsPage({ local: true }) }),
  );
  // The built config, read once here: a route.fetch per request reused a kept-alive connection
  // the server had just closed (ECONNRESET) often enough to fail the run.
  const builtConfig = await fetch(new URL('/cms/config.yml', baseURL)).then(async (response) => {
    expect(response.status).toBe(200);
    return { contentType: response.headers.get('content-type') ?? 'text/yaml', text: await response.text() };
  });
  expect(builtConfig.text).not.toContain('local_backend');
  const localConfig = cmsConfigYaml({ local: true }).replace(
    'local_backend: true',
    `local_backend:\n  url: http://127.0.0.1:${proxyPort}/api/v1`,
  );
  expect(localConfig).toContain(`url: http://127.0.0.1:${proxyPort}/api/v1`);
  await page.route('**/cms/config.yml', (route) =>
    route.fulfill({ contentType: builtConfig.contentType, body: localConfig }),
  );

  // A malformed price is refused with the schema's message, and nothing is written.
  const planFile = 'content/plans/iniciante.yaml';
  const before = fileOf(planFile);
  await openEntry(page, 'collections/plans/entries/iniciante');
  const monthly = field(page, 'Preço mensal');
  await expect(monthly).toHaveValue('49,00');
  await monthly.fill('59.9');
  await publish(page);
  await expect(page.getByText(PRICE_MESSAGE)).toBeVisible();
  expect(fileOf(planFile)).toBe(before);

  // Decap's inputs are controlled: clear first, or `fill` may append to the refused value.
  await monthly.clear();
  await monthly.fill('59,90');
  await expect(monthly).toHaveValue('59,90');
  // A year dearer than twelve months (12 × 59,90 = 718,80) is refused when saving, in the
  // schema's words (src/cms/save-checks.ts), and nothing is written.
  const annual = field(page, 'Preço anual (o ano inteiro, pago de uma vez)');
  await annual.clear();
  await annual.fill('990,00');
  await publish(page);
  await expect(page.getByText(ANNUAL_PRICE_MESSAGE)).toBeVisible();
  expect(fileOf(planFile)).toBe(before);
  await annual.clear();
  await annual.fill('490,00');
  await publish(page);
  await expect.poll(() => fileOf(planFile)).toContain('monthlyPrice: 59,90');
  await settled(page);
  expect(fileOf(planFile)).toContain('annualPrice: 490,00');

  // The same tier on /gestao (Primeiros Kms) follows, as the editor is told to: the build
  // refuses one tier with two monthly prices (src/lib/price-integrity.ts).
  const gestaoPlan = join(copy, 'content/gestao-plans/primeiros-kms.yaml');
  writeFileSync(gestaoPlan, readFileSync(gestaoPlan, 'utf8').replace('monthlyPrice: 49,00', 'monthlyPrice: 59,90'));

  await openEntry(page, 'collections/paginas/entries/home');
  const title = field(page, 'Título principal');
  await expect(title).toHaveValue('Seus aluguéis no piloto automático, do contrato ao repasse');
  await title.fill(NEW_TITLE);
  // The preview pane shows the entry in the site's look: the site's stylesheet (/cms/preview.css,
  // the built pages' CSS) is loaded, and the page's classes take their values from it.
  const preview = page.frameLocator('#preview-pane');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE);
  await expect(preview.locator('.container-page').first()).toHaveCSS('max-width', '1152px');
  await expect(preview.locator('.btn-primary')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await publish(page);
  await expect.poll(() => fileOf('content/pages/home.yaml')).toContain(`title: ${NEW_TITLE}`);
  await settled(page);

  // A new partner with a pt-BR name gets a plain address; a name that would still make a file
  // name the build refuses is refused first, in the build's words.
  await openEntry(page, 'collections/partners/new');
  const partnerName = field(page, 'Nome exibido');
  await partnerName.fill('Sol_Mar');
  await field(page, 'Posição na lista').fill('9');
  await publish(page);
  await expect(page.getByText(IDENTIFIER_MESSAGE)).toBeVisible();
  await partnerName.clear();
  await partnerName.fill('Imobiliária Sol & Mar');
  // On the air: its page is the partner's own, not the generic one of an unknown address.
  await page.getByRole('switch', { name: 'Ativo (página no ar)' }).click();
  await expect(page.getByRole('switch', { name: 'Ativo (página no ar)' })).toBeChecked();
  // Its photo, uploaded from the computer: Decap reads the picked file back from a blob: address,
  // which the /cms page's policy must allow (src/integrations/cms.mjs).
  await page.getByRole('button', { name: 'Escolha uma imagem' }).click();
  await page.locator('input[type="file"]').setInputFiles(join(ROOT, 'public/og-default.png'));
  await page.getByRole('button', { name: 'Escolher selecionado' }).click();
  // Never without its alt text: refused in the schema's words until it is there.
  await publish(page);
  await expect(page.getByText(IMAGE_ALT_MESSAGE)).toBeVisible();
  // Decap adds "(opcional)" to the label: the field is required only with an image.
  await page.getByLabel('Texto alternativo da imagem').fill(PHOTO_ALT);
  // The preview shows the picked photo, with its alt text, as the partner page shows it.
  const photo = page.frameLocator('#preview-pane').getByRole('img', { name: PHOTO_ALT });
  await expect(photo).toHaveClass(/rounded-full/);
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await publish(page);
  await expect.poll(() => readdirSync(join(copy, 'content/partners'))).toContain('imobiliaria-sol-mar.yaml');
  // The photo is written with the entry: both are on disk once the CMS says the change is saved.
  await settled(page);
  expect(fileOf('content/partners/imobiliaria-sol-mar.yaml')).toContain('name: Imobiliária Sol & Mar');
  expect(fileOf('content/partners/imobiliaria-sol-mar.yaml')).toContain('active: true');
  expect(fileOf('content/partners/imobiliaria-sol-mar.yaml')).toContain(
    'photo: ../../src/assets/conteudo/og-default.png',
  );
  expect(fileOf('content/partners/imobiliaria-sol-mar.yaml')).toContain(`photoAlt: ${PHOTO_ALT}`);
  expect(readFileSync(join(copy, 'src/assets/conteudo/og-default.png'))).toEqual(
    readFileSync(join(ROOT, 'public/og-default.png')),
  );

  // The copy's build, served as production serves its static pages.
  const build = spawn(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: copy,
    env: { ...process.env, BUILD_DIR: 'dist-cms-e2e', DEPLOY_TARGET: 'node', NETLIFY: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  build.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((done) => build.on('close', done));
  expect(errors && code !== 0 ? errors : '', 'the build of the edited copy').toBe('');
  expect(code).toBe(0);

  // The copy's build, served as production serves it (the partner pages are rendered on demand).
  const site = await startBuiltServer({
    BUILD_DIR: join(copy, 'dist-cms-e2e'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pilota-cms-e2e-data-')),
  });
  try {
    const origin = site.url;
    const consent = encodeConsent({
      version: cookieConsentPolicy.version,
      id: 'e2e00000000000000000000000000000',
      at: Date.now(),
      choices: allChoices(false),
    });
    await page.context().addCookies([{ name: cookieConsentPolicy.cookieName, value: consent, url: origin }]);

    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE);

    await page.goto(`${origin}/planos`);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Iniciante', exact: true }) });
    await expect(card).toContainText('R$\u00a059,90/mês');
    await page.getByRole('radiogroup', { name: 'Período de cobrança' }).getByRole('radio', { name: 'Anual' }).click();
    // 490,00 ÷ 12, the new monthly price struck through, the annual total unchanged.
    await expect(card).toContainText('R$\u00a040,83/mês');
    await expect(card.locator('s')).toHaveText('R$\u00a059,90');
    await expect(card).toContainText('Total anual de R$\u00a0490,00');

    // The new partner's page, at the address the CMS gave the file, with the uploaded photo and its alt.
    const partner = await page.goto(`${origin}/parceiro/imobiliaria-sol-mar`);
    expect(partner?.status()).toBe(200);
    await expect(page.getByRole('main')).toContainText('Imobiliária Sol & Mar');
    const shown = page.getByRole('main').getByRole('img', { name: PHOTO_ALT });
    await expect(shown).toBeVisible();
    await expect(shown).toHaveJSProperty('complete', true);
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  } finally {
    await site.stop();
  }
  // The real project's content is untouched.
  expect(readFileSync(join(ROOT, planFile), 'utf8')).toBe(before);
  expect(relative(ROOT, copy).startsWith('..')).toBe(true);
});
