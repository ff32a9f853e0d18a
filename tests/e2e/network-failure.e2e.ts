/*
 * Every form when its request gets no usable answer: the lead dialog,
 * the /contato form, the implementation request, the auth card's sign-in and sign-up and the
 * blog editor (save, cover upload, delete), plus the admin pages' session watch and sign-out button.
 *
 * Chromium really fails each request: connection refused, a network timeout, the browser
 * offline, a proxy's 502 HTML page, a 500/503 that is not JSON, and a request that never
 * answers (the page's clock is moved past the forms' timeout instead of waiting for it).
 * After each failure the form shows its pt-BR message, keeps every value, and its button
 * works again with no spinner left; then the request is let through and the same form,
 * submitted again, succeeds against the real server.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { BrowserContext, Locator, Page, Route } from '@playwright/test';
import { adminCopy, authToasts } from '../../src/messages/auth';
import { coverMessages, postErrors } from '../../src/messages/blog';
import { readImplementationMessages, readLeadMessages } from '../../src/lib/content-files';
import { REQUEST_TIMEOUT_MS } from '../../src/islands/ui/request-failure';
import { signIn as apiSignIn, type Account } from '../../scripts/support/blog-accounts';
import { teamSession } from './team';
import { expect, test as base } from './fixtures';

const leadToasts = readLeadMessages().toasts;
const { errorToasts, successToast } = readImplementationMessages();

/** The shared admin account (./team.ts), with a session of this worker's for the admin pages. */
const test = base.extend<object, { admin: { account: Account; cookie: string } }>({
  admin: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies.
    async ({}, use) => use(await teamSession('admin')),
    { scope: 'worker' },
  ],
});

/** Hands a session cookie (as the server set it) to the browser. */
async function useSession(context: BrowserContext, baseURL: string, cookie: string) {
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: baseURL };
    }),
  );
}

interface FailureMode {
  label: string;
  fail: (route: Route) => Promise<void>;
}

const refused: FailureMode = { label: 'connection refused', fail: (route) => route.abort('connectionrefused') };
const timedOut: FailureMode = { label: 'network timeout', fail: (route) => route.abort('timedout') };
const badGateway: FailureMode = {
  label: "a proxy's 502 page",
  fail: (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }),
};
const serverError: FailureMode = {
  label: '500 with an HTML body',
  fail: (route) =>
    route.fulfill({ status: 500, contentType: 'text/html', body: '<!doctype html><h1>Internal Server Error</h1>' }),
};
const unavailable: FailureMode = {
  label: '503 with a text body',
  fail: (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
};

type UrlMatch = string | ((url: URL) => boolean);

/** Fails the next matching request the way `mode` says, then lets later ones through. */
async function failOnce(page: Page, url: UrlMatch, mode: FailureMode) {
  await page.route(url, (route) => mode.fail(route), { times: 1 });
}

/** Holds matching requests unanswered, as a server that never replies; returns how many arrived. */
async function hang(page: Page, url: UrlMatch): Promise<() => number> {
  let held = 0;
  await page.route(url, () => {
    held += 1;
  });
  return () => held;
}

/** Submits into a request that never answers, then moves the page's clock past the forms' timeout. */
async function submitIntoSilence(page: Page, url: UrlMatch, submit: () => Promise<void>) {
  const held = await hang(page, url);
  await submit();
  await expect.poll(held, { message: 'the request reached the network' }).toBe(1);
  await page.clock.fastForward(REQUEST_TIMEOUT_MS + 1_000);
  return async () => page.unroute(url);
}

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/** One visible toast with this title and description. */
async function expectToast(page: Page, title: string, description: string) {
  await expect(toasts(page).filter({ hasText: description }).filter({ hasText: title })).toBeVisible();
}

/**
 * Waits for the toasts to leave, so the next step's toast cannot be confused with this one's.
 * The pointer goes out of the way first: sonner holds its toasts while the pointer is over
 * them, and a toast that appears under the button just clicked would never leave.
 */
async function toastsGone(page: Page) {
  await page.mouse.move(0, 0);
  // The page's clock (installed below) skips the toasts' display time instead of waiting it out.
  await page.clock.fastForward(15_000);
  await expect(toasts(page)).toHaveCount(0, { timeout: 15_000 });
}

/** The button is usable again and nothing in `scope` still spins. */
async function ready(scope: Locator, button: Locator) {
  await expect(button).toBeEnabled();
  await expect(scope.locator('.animate-spin')).toHaveCount(0);
}

const unique = () => randomBytes(4).toString('hex');

// A form, a real server and several failures per test on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  // Time flows as usual; `fastForward` skips the wait for a request that never answers.
  await page.clock.install();
});

test.describe('lead form', () => {
  const LEAD_ACTION = '**/_actions/lead';

  async function fill(form: Locator, withMessage: boolean) {
    await form.getByLabel('Nome completo').fill('Rita Rede');
    await form.getByLabel('E-mail', { exact: true }).fill(`rede-${unique()}@exemplo.com`);
    await form.getByLabel('Celular (WhatsApp)').fill('11987654321');
    await form.getByLabel('Você é').selectOption('corretor');
    await form.getByLabel('Empresa').fill('Corretora Sul');
    if (withMessage) await form.getByLabel('Mensagem (opcional)').fill('Tenho 12 imóveis.');
  }

  async function expectKept(form: Locator, withMessage: boolean) {
    await expect(form.getByLabel('Nome completo')).toHaveValue('Rita Rede');
    await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue(/^rede-[0-9a-f]{8}@exemplo\.com$/);
    await expect(form.getByLabel('Celular (WhatsApp)')).toHaveValue('(11) 98765-4321');
    await expect(form.getByLabel('Você é')).toHaveValue('corretor');
    await expect(form.getByLabel('Empresa')).toHaveValue('Corretora Sul');
    if (withMessage) await expect(form.getByLabel('Mensagem (opcional)')).toHaveValue('Tenho 12 imóveis.');
  }

  async function expectFailure(page: Page, form: Locator, button: Locator, withMessage: boolean) {
    await expectToast(page, leadToasts.failure.title, leadToasts.failure.description);
    await expectKept(form, withMessage);
    await ready(form, button);
    await toastsGone(page);
  }

  /** Submitted again with the network back, the lead reaches the server and the visitor lands on /obrigado. */
  async function sendsForReal(page: Page, button: Locator) {
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/_actions/lead');
    await button.click();
    expect((await answer).status()).toBe(200);
    await page.waitForURL('**/obrigado');
  }

  test('the dialog: refused, network timeout, offline and a request that never answers; then it sends', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Solicitar Contato' }).first().click();
    const form = page.getByRole('dialog', { name: 'Solicitar contato' });
    await expect(form.locator('astro-island:not([ssr])')).toHaveCount(1);
    await fill(form, false);
    const button = form.getByRole('button', { name: 'Solicitar contato' });

    for (const mode of [refused, timedOut]) {
      await test.step(mode.label, async () => {
        await failOnce(page, LEAD_ACTION, mode);
        await button.click();
        await expectFailure(page, form, button, false);
        await expect(form).toBeVisible();
      });
    }

    await test.step('offline', async () => {
      await context.setOffline(true);
      await button.click();
      await expectFailure(page, form, button, false);
      await context.setOffline(false);
    });

    await test.step('no answer at all', async () => {
      const release = await submitIntoSilence(page, LEAD_ACTION, () => button.click());
      await expectFailure(page, form, button, false);
      await release();
    });

    await sendsForReal(page, button);
  });

  test('/contato: refused, a 502 page and a 500 page; then it sends', async ({ page }) => {
    await page.goto('/contato');
    const section = page.locator('#formulario');
    await expect(section.locator('astro-island:not([ssr])')).toHaveCount(1);
    const form = section.getByRole('form', { name: 'Solicitar contato' });
    await fill(form, true);
    const button = form.getByRole('button', { name: 'Enviar mensagem' });

    for (const mode of [refused, badGateway, serverError]) {
      await test.step(mode.label, async () => {
        await failOnce(page, LEAD_ACTION, mode);
        await button.click();
        await expectFailure(page, form, button, true);
      });
    }

    await sendsForReal(page, button);
  });
});

test.describe('implementation request', () => {
  const ENDPOINT = '**/api/implementacao';
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
  const IDLE = 'Enviar Solicitação de Implementação';

  test('refused, a 502 page, network timeout and an upload that stalls; then it is sent', async ({ page }) => {
    await page.goto('/implementacao-sistema');
    await expect(page.locator('astro-island[component-url*="ImplementationForm"]:not([ssr])')).toHaveCount(1);
    const form = page.getByRole('form', { name: 'Solicitação de implementação' });
    await form.getByLabel('CPF', { exact: true }).pressSequentially('52998224725');
    await form.getByLabel('Nome completo').fill('Maria da Rede');
    await form.getByLabel('Celular', { exact: true }).pressSequentially('11987654321');
    await form.getByLabel('E-mail', { exact: true }).fill('maria.rede@example.com');
    await form.getByLabel('E-mail de acesso').fill('acesso.rede@example.com');
    await form.getByLabel('Senha', { exact: true }).fill('segredo1');
    await form
      .getByLabel('CNH (opcional)')
      .setInputFiles({ name: 'cnh.pdf', mimeType: 'application/pdf', buffer: PDF });
    await toastsGone(page);
    const button = form.getByRole('button', { name: IDLE });

    const expectFailure = async (description: string) => {
      await expectToast(page, errorToasts.sendTitle, description);
      await expect(form.getByLabel('CPF', { exact: true })).toHaveValue('529.982.247-25');
      await expect(form.getByLabel('Nome completo')).toHaveValue('Maria da Rede');
      await expect(form.getByLabel('Celular', { exact: true })).toHaveValue('(11) 98765-4321');
      await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue('maria.rede@example.com');
      await expect(form.getByLabel('E-mail de acesso')).toHaveValue('acesso.rede@example.com');
      await expect(form.getByLabel('Senha', { exact: true })).toHaveValue('segredo1');
      // The attached file stays attached.
      await expect(form.getByRole('button', { name: 'Remover cnh.pdf' })).toBeVisible();
      await expect(form).toHaveAttribute('aria-busy', 'false');
      await expect(form.getByRole('progressbar')).toHaveCount(0);
      await ready(form, button);
      await toastsGone(page);
    };

    // The connection fails before the upload is through: the spec's upload text.
    for (const mode of [refused, timedOut]) {
      await test.step(mode.label, async () => {
        await failOnce(page, ENDPOINT, mode);
        await button.click();
        await expectFailure(errorToasts.sendUpload);
      });
    }

    // An error page came back: the upload went through, the request did not.
    await test.step(badGateway.label, async () => {
      await failOnce(page, ENDPOINT, badGateway);
      await button.click();
      await expectFailure(errorToasts.sendOther);
    });

    await test.step('no progress and no answer', async () => {
      const release = await submitIntoSilence(page, ENDPOINT, () => button.click());
      await expectFailure(errorToasts.sendUpload);
      await release();
    });

    await button.click();
    await expectToast(page, successToast.title, successToast.description);
    await expect(form.getByLabel('Nome completo')).toHaveValue('');
  });
});

test.describe('auth card', () => {
  // Its own address for each test: the sign-up must not wait out a window another test's used up.
  test.use({ ownClientAddress: true });

  function card(page: Page) {
    return {
      signIn: page.getByRole('tabpanel', { name: 'Entrar' }),
      signUp: page.getByRole('tabpanel', { name: 'Cadastrar' }),
    };
  }

  async function expectFailure(page: Page, panel: Locator, button: Locator) {
    await expectToast(page, authToasts.unavailableTitle, authToasts.unavailable);
    await ready(panel, button);
    await toastsGone(page);
  }

  test("a session read that never answers does not leave the card on 'Carregando...'", async ({ page }) => {
    const held = await hang(page, '**/api/auth/get-session*');
    await page.goto('/auth');
    await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
    await expect.poll(held).toBeGreaterThan(0);
    await page.clock.fastForward(REQUEST_TIMEOUT_MS + 1_000);
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByText('Carregando...')).toHaveCount(0);
  });

  test('sign-in: refused, a 502 page and no answer; then it signs in', async ({ page, admin }) => {
    const { account } = admin;
    await page.goto('/auth');
    const { signIn } = card(page);
    await signIn.getByLabel('E-mail').fill(account.email);
    await signIn.getByLabel('Senha', { exact: true }).fill(account.password);
    const button = signIn.getByRole('button', { name: 'Entrar' });
    const expectKept = async () => {
      await expect(signIn.getByLabel('E-mail')).toHaveValue(account.email);
      await expect(signIn.getByLabel('Senha', { exact: true })).toHaveValue(account.password);
    };

    for (const mode of [refused, badGateway]) {
      await test.step(mode.label, async () => {
        await failOnce(page, '**/api/auth/sign-in/email', mode);
        await button.click();
        await expectFailure(page, signIn, button);
        await expectKept();
      });
    }
    await test.step('no answer at all', async () => {
      const release = await submitIntoSilence(page, '**/api/auth/sign-in/email', () => button.click());
      await expectFailure(page, signIn, button);
      await expectKept();
      await release();
    });

    await button.click();
    await expect(page.getByText(authToasts.signInSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/blog\/admin$/);
  });

  test('sign-up: refused, network timeout and a 503 text page; then the account is created', async ({ page }) => {
    await page.goto('/auth');
    const { signUp: panel } = card(page);
    await page.getByRole('tab', { name: 'Cadastrar' }).click();
    const email = `rede-${unique()}@exemplo.com`;
    await panel.getByLabel('Nome completo').fill('Rui Rede');
    await panel.getByLabel('E-mail').fill(email);
    await panel.getByLabel('Senha', { exact: true }).fill('Piloto#2026x');
    const button = panel.getByRole('button', { name: 'Criar conta' });

    for (const mode of [refused, timedOut, unavailable]) {
      await test.step(mode.label, async () => {
        await failOnce(page, '**/api/auth/sign-up/email', mode);
        await button.click();
        await expectFailure(page, panel, button);
        await expect(panel.getByLabel('Nome completo')).toHaveValue('Rui Rede');
        await expect(panel.getByLabel('E-mail')).toHaveValue(email);
        await expect(panel.getByLabel('Senha', { exact: true })).toHaveValue('Piloto#2026x');
      });
    }

    // The only sign-up this test's own address makes (the failures above never reached the
    // server), so the per-address limit cannot refuse it.
    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/api/auth/sign-up/email') && response.request().method() === 'POST',
    );
    await button.click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByText(authToasts.signUpSuccess)).toBeVisible();
  });
});

test.describe('blog editor and admin pages', () => {
  test('save, cover upload and delete: refused, 502, 503 and no answer; then each works', async ({
    page,
    context,
    baseURL,
    admin,
  }) => {
    await useSession(context, baseURL!, admin.cookie);
    await page.goto('/blog/admin/posts/novo');
    const title = page.getByLabel('Título', { exact: true });
    await expect(title).toBeEnabled({ timeout: 30_000 });
    const postTitle = `Post sem rede ${unique()}`;
    await title.fill(postTitle);
    const body = page.getByLabel('Conteúdo (Markdown)');
    await body.fill('Texto que não pode se perder.');
    const save = page.getByRole('button', { name: 'Salvar rascunho' });
    const editor = page.locator('main');
    const alert = page.getByRole('alert').filter({ hasText: postErrors.unavailable });

    const expectFailure = async () => {
      await expect(alert).toBeVisible();
      await expect(title).toHaveValue(postTitle);
      await expect(body).toHaveValue('Texto que não pode se perder.');
      await expect(page.getByText('Alterações não salvas')).toBeVisible();
      await ready(editor, save);
      await expect(page.getByRole('button', { name: 'Salvando...' })).toHaveCount(0);
    };

    // A post not stored yet is saved by creating it.
    const SAVE = (url: URL) => url.pathname === '/_actions/posts.create';
    for (const mode of [refused, badGateway, unavailable]) {
      await test.step(`save: ${mode.label}`, async () => {
        await failOnce(page, SAVE, mode);
        await save.click();
        await expectFailure();
      });
    }
    await test.step('save: no answer at all', async () => {
      const release = await submitIntoSilence(page, SAVE, () => save.click());
      await expectFailure();
      await release();
    });
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'Rascunho salvo' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/blog\/admin\/posts\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;

    await test.step('cover upload: connection refused', async () => {
      const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#1c3fc4' } })
        .png()
        .toBuffer();
      const cover = page.getByLabel('Imagem de capa');
      await failOnce(page, '**/_actions/posts.uploadCover', refused);
      await cover.setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: png });
      await expect(cover).toHaveAccessibleDescription(new RegExp(coverMessages.unavailable.replace(/[.?]/g, '\\$&')));
      await expect(cover).toBeEnabled();
      await expect(page.getByText(coverMessages.uploading)).toHaveCount(0);
      await cover.setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: png });
      await expect(page.getByRole('status').filter({ hasText: coverMessages.uploaded })).toBeVisible({
        timeout: 20_000,
      });
    });

    await test.step('delete: connection refused', async () => {
      const DELETE = (url: URL) => url.pathname === '/_actions/posts.delete';
      await failOnce(page, DELETE, refused);
      const remove = page.getByRole('button', { name: 'Excluir', exact: true });
      await remove.click();
      const confirm = page.getByRole('dialog', { name: 'Excluir este post?' });
      await confirm.getByRole('button', { name: 'Excluir definitivamente' }).click();
      await expect(page.getByRole('alert').filter({ hasText: postErrors.deleteUnavailable })).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/blog/admin/posts/${id}$`));
      await expect(remove).toBeEnabled();

      await remove.click();
      await confirm.getByRole('button', { name: 'Excluir definitivamente' }).click();
      await expect(page).toHaveURL(/\/blog\/admin\/posts\?excluido=1$/);
    });
  });

  test('an ended session still leaves the admin page when the sign-out request never answers', async ({
    page,
    context,
    baseURL,
    admin,
  }) => {
    await useSession(context, baseURL!, admin.cookie);
    await page.goto('/blog/admin');
    // The session watch hydrates when the browser is idle.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    // The server says the session is gone; the sign-out that follows gets no answer.
    await page.route('**/api/auth/get-session*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: 'null' }),
    );
    const held = await hang(page, '**/api/auth/sign-out');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.getByText(authToasts.sessionExpired)).toBeVisible();
    await expect.poll(held).toBe(1);
    const leaving = page.waitForRequest((request) => new URL(request.url()).pathname === '/auth', {
      timeout: 15_000,
    });
    await page.clock.fastForward(REQUEST_TIMEOUT_MS + 1_000);
    await leaving;
  });

  test('sign-out that gets no usable answer says so and stays signed in; pressed again, it signs out', async ({
    page,
    context,
    baseURL,
    admin,
  }) => {
    // A session of its own: this test really ends it.
    await useSession(context, baseURL!, await apiSignIn(baseURL!, admin.account));
    await page.goto('/blog/admin');
    const button = page.getByRole('button', { name: adminCopy.signOut, exact: true });
    const message = page.getByRole('alert').filter({ hasText: adminCopy.signOutFailed });
    for (const mode of [badGateway, refused]) {
      await test.step(mode.label, async () => {
        await failOnce(page, '**/api/auth/sign-out', mode);
        await button.click();
        await expect(message).toBeVisible();
        await expect(button).toBeEnabled();
        await expect(page).toHaveURL(/\/blog\/admin$/);
      });
    }
    await button.click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/blog/admin');
    await expect(page).toHaveURL(/\/auth$/);
  });
});
