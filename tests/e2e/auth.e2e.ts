/*
 * Sign-in in Chromium: sign-up on /auth → the link from the e-mail the server really sent
 * over SMTP (captured into E2E_MAIL_DIR), whose page has the mailbox's holder choose the
 * password → sign-in → /blog/admin
 * lists a lead submitted earlier in the same test; a plain user gets the pt-BR 403 page;
 * the lockout message after repeated failures; sign-out; a session that ends while the
 * admin page is open; a stranger who signs up with the future admin's address first, and
 * "Esqueci minha senha".
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { capturedMails } from '../../scripts/support/captured';
import { rawRequest } from '../../scripts/support/raw-http';
import { expect, test } from './fixtures';

const run = promisify(execFile);
const PASSWORD = 'Piloto#2026x';

const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@exemplo.com`;

/** The e-mails the server sent to `email` so far (captured by the e2e SMTP server into E2E_MAIL_DIR). */
const mailsTo = (email: string) => capturedMails().filter((mail) => mail.envelopeTo.includes(email));

/**
 * The link in the `nth` e-mail (the latest by default) the server sent to `email`. The link
 * names SITE_URL (localhost), so only its path and query are kept.
 */
async function verificationPath(email: string, nth = -1): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mailsTo(email).at(nth)?.text ?? '')?.[0];
        return link;
      },
      { timeout: 20_000, message: `account e-mail to ${email}` },
    )
    .toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** Opens an e-mailed link and chooses the password on the page it leads to. */
async function choosePassword(page: Page, path: string, password = PASSWORD) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/nova-senha\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Definir senha' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Salvar senha' });
  await page.getByLabel('Nova senha', { exact: true }).fill('fraca');
  await expect(save).toBeDisabled();
  await page.getByLabel('Nova senha', { exact: true }).fill(password);
  await expect(page.getByText('Muito forte')).toBeVisible();
  await save.click();
  await expect(page).toHaveURL(/\/auth\?senha=definida$/);
  await expect(page.getByText('Agora é só entrar com seu e-mail e a nova senha.')).toBeVisible();
}

function card(page: Page) {
  return {
    signInTab: page.getByRole('tab', { name: 'Entrar' }),
    signUpTab: page.getByRole('tab', { name: 'Cadastrar' }),
    signIn: page.getByRole('tabpanel', { name: 'Entrar' }),
    signUp: page.getByRole('tabpanel', { name: 'Cadastrar' }),
  };
}

async function signUp(page: Page, name: string, email: string, password = PASSWORD) {
  await page.goto('/auth');
  const { signUpTab, signUp } = card(page);
  await signUpTab.click();
  await signUp.getByLabel('Nome completo').fill(name);
  await signUp.getByLabel('E-mail').fill(email);
  const create = signUp.getByRole('button', { name: 'Criar conta' });
  await signUp.getByLabel('Senha', { exact: true }).fill('senha');
  await expect(signUp.getByText('Use pelo menos 8 caracteres')).toBeVisible();
  await expect(create).toBeDisabled();
  await signUp.getByLabel('Senha', { exact: true }).fill(password);
  await expect(signUp.getByText('Muito forte')).toBeVisible();
  // Sign-ups are limited per address: each test talks from one of its own (ownClientAddress
  // below), so no other test's sign-ups can have used the window up.
  const created = page.getByText('Conta criada com sucesso! Verifique seu email.');
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/sign-up/email') && response.request().method() === 'POST',
  );
  await create.click();
  expect((await answered).status(), 'refused by the per-address sign-up limit').not.toBe(429);
  await expect(created).toBeVisible();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  const { signInTab, signIn } = card(page);
  await signInTab.click();
  await signIn.getByLabel('E-mail').fill(email);
  await signIn.getByLabel('Senha', { exact: true }).fill(password);
  await signIn.getByRole('button', { name: 'Entrar' }).click();
}

/**
 * A sign-up sent from another machine (another loopback address, so its own per-IP limit):
 * what someone elsewhere does, without this browser.
 */
async function signUpFrom(localAddress: string, baseURL: string, name: string, email: string, password: string) {
  const response = await rawRequest(
    baseURL,
    'POST',
    '/api/auth/sign-up/email',
    { origin: baseURL, 'content-type': 'application/json' },
    JSON.stringify({ name, email, password }),
    { localAddress },
  );
  expect(response.status).toBe(200);
}

/** A verified account: sign-up in the card, then the link from its e-mail, choosing the password. */
async function verifiedAccount(page: Page, name: string, email: string) {
  await signUp(page, name, email);
  await choosePassword(page, await verificationPath(email));
}

/** The first-admin step of docs/operating.md, on an account whose owner already chose the password from the e-mail. */
async function grantAdmin(email: string) {
  const { stdout } = await run(join('node_modules', '.bin', 'tsx'), ['scripts/admin-grant.ts', email], {
    env: { ...process.env, DATA_DIR: process.env['E2E_DATA_DIR']!, DATABASE_URL: '' },
  });
  expect(stdout).toContain('agora é administrador(a)');
}

// A browser sign-up may wait out the per-IP sign-up limit (up to 90 s, see signUp) when other
// files' workers have just signed up from the same address.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
// Each test signs up and in from a loopback address of its own (./fixtures.ts).
test.use({ ownClientAddress: true });

test('sign-up, e-mail link, sign-in: the admin dashboard lists a lead sent moments before', async ({
  page,
  browser,
  baseURL,
}) => {
  // The lead goes in through /contato's form as a visitor without JavaScript posts it:
  // the real action and service, independent of the form island's state.
  const leadName = `Lead Teste ${randomBytes(3).toString('hex')}`;
  const visitor = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/contato');
  const form = visitorPage.locator('#formulario').getByRole('form', { name: 'Solicitar contato' });
  await form.getByLabel('Nome completo').fill(leadName);
  await form.getByLabel('E-mail', { exact: true }).fill('lead.e2e@example.com');
  await form.getByLabel('Celular (WhatsApp)').fill('(11) 98765-4321');
  await form.getByLabel('Você é').selectOption('proprietario');
  await form.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(visitorPage).toHaveURL(/\/obrigado$/, { timeout: 15_000 });
  await visitor.close();

  const email = unique('admin');
  await signUp(page, 'Ana Admin', email);

  // Before the link: refused, with the reason in Portuguese.
  await signIn(page, email);
  await expect(page.getByText('Confirme seu e-mail antes de entrar')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await choosePassword(page, await verificationPath(email));
  await grantAdmin(email);

  await signIn(page, email);
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  const leads = page.getByRole('table', { name: 'Últimos 20 contatos' });
  await expect(leads.getByRole('cell', { name: leadName, exact: true })).toBeVisible();
  // Other workers sign admins in at the same time: this account's own admin_login row.
  await expect(
    page
      .getByRole('table', { name: 'Últimos eventos de segurança' })
      .getByRole('row')
      .filter({ hasText: email })
      .filter({ hasText: 'admin_login' })
      .filter({ hasText: 'Login de administrador' }),
  ).toBeVisible();

  // Signed in, /auth goes straight to the dashboard.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/blog\/admin$/);

  // Sign-out ends the session for good.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(card(page).signInTab).toBeVisible();
  await page.goto('/blog/admin');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a plain user sees the pt-BR 403 page and can sign out from it', async ({ page }) => {
  const email = unique('usuario');
  await verifiedAccount(page, 'Bruno Usuário', email);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/blog\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso negado' })).toBeVisible();
  await expect(page.getByText('Sua conta não tem permissão para acessar esta página.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  // No team role, no area of her own: the way back is the site.
  await expect(page.getByRole('link', { name: 'Voltar ao site' })).toHaveAttribute('href', '/');

  await page.getByRole('button', { name: 'Sair e entrar com outra conta' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(card(page).signInTab).toBeVisible();
});

test('five wrong passwords lock the account, even for the right one', async ({ page }) => {
  const email = unique('bloqueio');
  await verifiedAccount(page, 'Carla Bloqueio', email);
  for (let attempt = 1; attempt <= 4; attempt++) {
    await signIn(page, email, 'Errada#2026x');
    await expect(page.getByText('E-mail ou senha incorretos.').last()).toBeVisible();
  }
  await signIn(page, email, 'Errada#2026x');
  await expect(page.getByText('Conta temporariamente bloqueada').first()).toBeVisible();
  await expect(
    page.getByText('Muitas tentativas de login falharam. Tente novamente em alguns minutos.').first(),
  ).toBeVisible();

  await page.reload();
  // On a phone, an empty submit stops on the first field (the browser's own check).
  await page.setViewportSize({ width: 390, height: 844 });
  await card(page).signInTab.click();
  await card(page).signIn.getByRole('button', { name: 'Entrar' }).click();
  await expect(card(page).signIn.getByLabel('E-mail')).toBeFocused();
  await signIn(page, email);
  await expect(page.getByText('Conta temporariamente bloqueada')).toBeVisible();
  await expect(page).toHaveURL(/\/auth(\?|$)/);
});

test('an admin page whose session ends shows "Sessão expirada", signs out and goes to /auth', async ({
  page,
  context,
  baseURL,
}) => {
  const email = unique('sessao');
  await verifiedAccount(page, 'Dora Sessão', email);
  await grantAdmin(email);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/blog\/admin$/);

  // The session watch hydrates when the browser is idle.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  // The session ends elsewhere (another tab signs out); this page notices on its next check.
  const out = await context.request.post('/api/auth/sign-out', { headers: { origin: baseURL! }, data: {} });
  expect(out.status()).toBe(200);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByText('Sessão expirada')).toBeVisible();
  await expect(page.getByText('Sua sessão expirou por segurança. Faça login novamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 10_000 });
});

test("a stranger who signs up with the boss's address first never gets in: the mailbox's holder chooses the password and becomes admin", async ({
  page,
  baseURL,
}) => {
  // Every test here signs up from this browser's address: the boss's sign-up may wait out the limit.
  test.setTimeout(150_000);
  const email = unique('chefe');
  const STRANGER_PASSWORD = 'Intruso#2026x';
  // The stranger takes the address first, from their own machine, under the name the operator expects.
  await signUpFrom('127.0.0.2', baseURL!, 'Chefe da Pilota', email, STRANGER_PASSWORD);
  await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
  // The boss signs up later and gets the same answer as anyone.
  await signUp(page, 'Bia Chefe', email, PASSWORD);
  await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(2);
  // In the boss's mailbox: "Confirme seu e-mail" twice. Either link makes its reader choose the password.
  for (const mail of mailsTo(email)) expect(mail.subject).toBe('Confirme seu e-mail na Pilota');
  await choosePassword(page, await verificationPath(email, 0), PASSWORD);

  // The account is confirmed now: admin:grant promotes it.
  await grantAdmin(email);

  await signIn(page, email, STRANGER_PASSWORD);
  await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth(\?|$)/);

  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Usuários' }).first()).toBeVisible();
});

test('"Esqueci minha senha": a link by e-mail sets a new password once, and the old one stops working', async ({
  page,
  baseURL,
}) => {
  const email = unique('esqueci');
  // Created elsewhere (its own sign-up limit), confirmed here through its e-mail.
  await signUpFrom('127.0.0.3', baseURL!, 'Eva Esquecida', email, PASSWORD);
  await choosePassword(page, await verificationPath(email));
  const before = mailsTo(email).length;

  await page.goto('/auth');
  await card(page).signIn.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/auth\/esqueci-senha$/);
  const main = page.getByRole('main');
  await main.getByLabel('E-mail').fill(email);
  await main.getByRole('button', { name: 'Enviar link' }).click();
  const sent =
    'Se houver uma conta com este e-mail, enviamos um link para definir uma nova senha. O link vale por 1 hora.';
  await expect(main.getByRole('status').filter({ hasText: sent })).toBeVisible();
  await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(before + 1);
  expect(mailsTo(email).at(-1)?.subject).toBe('Definir nova senha na Pilota');

  const link = await verificationPath(email);
  await choosePassword(page, link, 'Nova#Senha2026x');
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible();

  // Used once: the same link now says so in Portuguese, and offers a new one.
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/nova-senha\?error=INVALID_TOKEN$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Link inválido ou expirado' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/auth/esqueci-senha');

  await page.goto('/auth');
  await signIn(page, email, 'Nova#Senha2026x');
  await expect(page).toHaveURL(/\/blog\/admin$/);
});
