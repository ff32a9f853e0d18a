/*
 * The lead funnel in Chromium against the production build: the dialog
 * from its triggers, every validation message, the form's states, the journey to
 * /obrigado, attribution reaching the real webhook receivers, the form without
 * JavaScript, and the server's own refusals when posted to directly.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { readLeadMessages } from '../../src/lib/content-files';
import { waitForMail, waitForWebhooks } from '../../scripts/support/captured';
import { startBuiltServer } from '../../scripts/support/server';
import { signInAs } from './admin-helpers';
import { expect, test } from './fixtures';
import { teamSession } from './team';

const { rateLimitMessage, validationMessages: m } = readLeadMessages();

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Solicitar contato' });

async function fillLead(
  scope: ReturnType<typeof dialog>,
  lead: { nome: string; email: string; tipo?: string; empresa?: string },
) {
  await scope.getByLabel('Nome completo').fill(lead.nome);
  await scope.getByLabel('E-mail', { exact: true }).fill(lead.email);
  await scope.getByLabel('Celular (WhatsApp)').fill('11987654321');
  await scope.getByLabel('Você é').selectOption(lead.tipo ?? 'proprietario');
  if (lead.empresa) await scope.getByLabel('Empresa').fill(lead.empresa);
}

/** The island has hydrated (Astro drops `ssr` from its astro-island then): client validation is live. */
async function hydrated(scope: ReturnType<typeof dialog>) {
  await expect(scope.locator('astro-island:not([ssr])')).toHaveCount(1);
}

const uniqueEmail = () => `lead-${randomUUID().slice(0, 8)}@exemplo.com`;

test.describe('lead dialog', () => {
  test('opens from the nav, a hero CTA and a plan card', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Solicitar Contato' }).first().click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByLabel('Nome completo')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    await page.getByRole('main').getByRole('link', { name: 'Falar com um consultor' }).first().click();
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/planos');
    await page
      .getByRole('link', { name: /Profissional$/ })
      .first()
      .click();
    // "Começar teste grátis" opens the same form under a heading about the free trial.
    const trial = page.getByRole('dialog', { name: 'Comece seu teste grátis de 7 dias' });
    await expect(trial).toBeVisible();
    await expect(trial).toHaveAccessibleDescription(/Sem cartão de crédito/);
    await expect(trial.getByRole('button', { name: 'Solicitar contato' })).toBeVisible();
    // The title follows the button: the nav's opens the general one again.
    await page.keyboard.press('Escape');
    await page.getByRole('navigation').getByRole('link', { name: 'Solicitar Contato' }).first().click();
    await expect(dialog(page)).toBeVisible();
  });

  test('shows every validation message, empresa by tipo, and formats the phone', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Solicitar Contato' }).first().click();
    const form = dialog(page);
    await hydrated(form);
    await expect(form.getByLabel('Empresa')).toBeHidden();

    await form.getByRole('button', { name: 'Solicitar contato' }).click();
    // Each message is tied to its field (aria-describedby), so assistive tech reads it with the field.
    const fields: [string, string][] = [
      ['Nome completo', m.nome],
      ['E-mail', m.email],
      ['Celular (WhatsApp)', m.celular],
      ['Você é', m.tipo],
    ];
    for (const [label, message] of fields) {
      await expect(form.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
      await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    }

    for (const tipo of ['corretor', 'administrador', 'imobiliaria']) {
      await form.getByLabel('Você é').selectOption(tipo);
      await expect(form.getByLabel('Empresa')).toBeVisible();
    }
    await form.getByRole('button', { name: 'Solicitar contato' }).click();
    await expect(form.getByLabel('Empresa')).toHaveAccessibleDescription(m.empresa);
    await form.getByLabel('Você é').selectOption('proprietario');
    await expect(form.getByLabel('Empresa')).toBeHidden();

    const phone = form.getByLabel('Celular (WhatsApp)');
    await phone.pressSequentially('1198765432');
    await expect(phone).toHaveValue('1198765432');
    await phone.pressSequentially('1');
    await expect(phone).toHaveValue('(11) 98765-4321');
    await phone.fill('1234567890123456789');
    await expect(phone).toHaveValue('123456789012345');
    await form.getByLabel('E-mail', { exact: true }).fill('nao-e-email');
    await form.getByRole('button', { name: 'Solicitar contato' }).click();
    await expect(form.getByText(m.email)).toBeVisible();
    await expect(form.getByText(m.celular)).toBeVisible();
  });

  test('sends: "Enviando..." while busy, success toast, /obrigado, e-mail and both webhooks', async ({ page }) => {
    const email = uniqueEmail();
    // Hold the request a moment so the busy state can be seen; the real server answers it.
    await page.route('**/_actions/lead', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/?utm_source=instagram&utm_campaign=verao');
    await page.getByRole('navigation').getByRole('link', { name: 'Solicitar Contato' }).first().click();
    const form = dialog(page);
    await hydrated(form);
    await fillLead(form, { nome: 'Carla Teste', email, tipo: 'imobiliaria', empresa: 'Imobiliária Sol' });
    await form.getByRole('button', { name: 'Solicitar contato' }).click();
    await expect(form.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    await expect(form.getByLabel('Nome completo')).toBeDisabled();

    await expect(page.getByText('Mensagem enviada!')).toBeVisible();
    await expect(page.getByText('Nossa equipe entrará em contato em breve.')).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await page.waitForURL('**/obrigado');

    const hooks = await waitForWebhooks((r) => r.json['email'] === email, 2);
    expect(new Set(hooks.map((hook) => hook.receiver))).toEqual(new Set(['a', 'b']));
    for (const hook of hooks) {
      expect(hook.json).toMatchObject({
        nome: 'Carla Teste',
        email,
        celular: '(11) 98765-4321',
        tipo: 'imobiliaria',
        empresa: 'Imobiliária Sol',
        utm_source: 'instagram',
        utm_medium: '',
        utm_campaign: 'verao',
      });
      expect(String(hook.json['pagina_origem'])).toContain('utm_source=instagram');
      expect(new Date(String(hook.json['timestamp'])).toISOString()).toBe(hook.json['timestamp']);
      const signature = createHmac('sha256', process.env['E2E_WEBHOOK_SECRET']!).update(hook.body).digest('hex');
      expect(hook.headers['x-pilota-signature']).toBe(`sha256=${signature}`);
    }
    const mail = await waitForMail((candidate) => candidate.replyTo?.[0]?.address === email);
    expect(mail.subject).toBe('Novo contato pelo site: Carla Teste (Imobiliária)');
    expect(mail.text).toContain('UTM medium: Não informado');
  });

  test('at 390 px: an empty submit focuses the first field; a phone pasted with the country code reaches the webhooks as the national mobile', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    // An empty submit focuses the first field in error, in the order the dialog shows them.
    await page.getByRole('main').getByRole('link', { name: 'Falar com um consultor' }).first().click();
    await hydrated(dialog(page));
    await dialog(page).getByRole('button', { name: 'Solicitar contato' }).click();
    await expect(dialog(page).getByLabel('Nome completo')).toBeFocused();
    await page.keyboard.press('Escape');
    for (const pasted of ['+55 11 98765-4321', '+5511987654321']) {
      const email = uniqueEmail();
      await page.getByRole('main').getByRole('link', { name: 'Falar com um consultor' }).first().click();
      const form = dialog(page);
      await hydrated(form);
      await fillLead(form, { nome: 'Colado Com DDI', email });
      const phone = form.getByLabel('Celular (WhatsApp)');
      await phone.clear();
      // A real paste: the clipboard holds the number, the keyboard pastes it into the field.
      await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
      await phone.press('ControlOrMeta+V');
      await expect(phone).toHaveValue('(11) 98765-4321');
      await form.getByRole('button', { name: 'Solicitar contato' }).click();
      await page.waitForURL('**/obrigado');
      const hooks = await waitForWebhooks((r) => r.json['email'] === email, 2);
      for (const hook of hooks) expect(hook.json['celular'], pasted).toBe('(11) 98765-4321');
      await page.goto('/');
    }
  });

  test('at 390 px: the marketing box is optional, unticked and reached by keyboard; RD Station gets consent only when ticked, and the lead page shows the answer', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const sent: Record<string, string> = {};
    for (const tick of [false, true]) {
      const email = uniqueEmail();
      await page.getByRole('main').getByRole('link', { name: 'Falar com um consultor' }).first().click();
      const form = dialog(page);
      await hydrated(form);
      await fillLead(form, { nome: tick ? 'Marcou Novidades' : 'Sem Novidades', email });
      const box = form.getByRole('checkbox', { name: /^Quero receber novidades e conteúdos da Pilota por e-mail/ });
      await expect(box).not.toBeChecked();
      await expect(box).not.toHaveAttribute('required');
      await expect(box).not.toHaveAttribute('aria-required', 'true');
      // The next stop after "Você é" (empresa is hidden for a proprietário); Space ticks it.
      await form.getByLabel('Você é').focus();
      await page.keyboard.press('Tab');
      await expect(box).toBeFocused();
      if (tick) {
        await page.keyboard.press('Space');
        await expect(box).toBeChecked();
      }
      await form.getByRole('button', { name: 'Solicitar contato' }).click();
      await page.waitForURL('**/obrigado');
      const [conversion] = await waitForWebhooks(
        (r) => r.receiver === 'rdstation' && (r.json['payload'] as { email?: string })?.email === email,
      );
      const payload = conversion!.json['payload'] as Record<string, unknown>;
      if (tick) {
        expect(payload['legal_bases']).toEqual([{ category: 'communications', type: 'consent', status: 'granted' }]);
      } else {
        expect(payload).not.toHaveProperty('legal_bases');
      }
      const [hook] = await waitForWebhooks((r) => r.json['email'] === email);
      expect(hook!.json['consentimento_marketing']).toBe(tick);
      sent[String(tick)] = String(hook!.json['id']);
      await page.goto('/');
    }

    // The proof of consent on each lead's page says what the visitor answered.
    await signInAs(context, (await teamSession('vendas')).cookie, baseURL!);
    for (const [tick, answer] of [
      ['true', 'Sim, marcou a caixa'],
      ['false', 'Não (sem consentimento de marketing)'],
    ] as const) {
      await page.goto(`/admin/leads/${sent[tick]}`);
      await page.getByText('Origem e consentimento').click();
      const proof = page.getByRole('region', { name: 'Consentimento' });
      const dd = proof.locator('dt', { hasText: /^E-mails de marketing$/ }).locator('xpath=following-sibling::dd[1]');
      await expect(dd).toHaveText(answer);
      await expect(proof).toContainText('2026-11-marketing-v1');
    }
  });

  test('a partner page sends its UTM defaults where the URL has none', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/parceiro/carol-imoveis?utm_medium=stories');
    await page.getByRole('main').getByRole('link', { name: 'Solicitar Contato' }).first().click();
    await hydrated(dialog(page));
    await fillLead(dialog(page), { nome: 'Paulo Parceiro', email });
    await dialog(page).getByRole('button', { name: 'Solicitar contato' }).click();
    await page.waitForURL('**/obrigado');
    const [hook] = await waitForWebhooks((r) => r.json['email'] === email, 2);
    expect(hook!.json).toMatchObject({ utm_source: 'parceria', utm_medium: 'stories', utm_campaign: 'carol-imoveis' });
  });

  test('a failed send keeps the values and shows the destructive toast', async ({ page }) => {
    await page.route('**/_actions/lead', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Solicitar Contato' }).first().click();
    await hydrated(dialog(page));
    await fillLead(dialog(page), { nome: 'Erro Teste', email: uniqueEmail() });
    await dialog(page).getByRole('button', { name: 'Solicitar contato' }).click();
    await expect(page.getByText('Erro ao enviar')).toBeVisible();
    await expect(page.getByText('Tente novamente ou entre em contato por telefone.')).toBeVisible();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByLabel('Nome completo')).toHaveValue('Erro Teste');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the /contato form shows the server messages, then sends and lands on /obrigado', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/contato');
    // The dialog's form is in a closed <dialog>; the visible one is the page's own.
    const form = page.getByRole('form', { name: 'Solicitar contato' }).filter({ visible: true });
    await form.getByLabel('Nome completo').fill('S');
    await form.getByLabel('E-mail', { exact: true }).fill(email);
    await form.getByLabel('Você é').selectOption('corretor');
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();

    // Refused: the server renders the form again with its messages and the values typed.
    const again = page.getByRole('form', { name: 'Solicitar contato' }).filter({ visible: true });
    await expect(again.getByLabel('Nome completo')).toHaveAccessibleDescription(m.nome);
    await expect(again.getByLabel('Celular (WhatsApp)')).toHaveAccessibleDescription(m.celular);
    await expect(again.getByLabel('Empresa')).toHaveAccessibleDescription(m.empresa);
    await expect(again.getByLabel('E-mail', { exact: true })).toHaveValue(email);

    await again.getByLabel('Nome completo').fill('Sem Script');
    await again.getByLabel('Celular (WhatsApp)').fill('(11) 98765-4321');
    await again.getByLabel('Empresa').fill('Corretora Norte');
    await again.getByLabel('Mensagem (opcional)').fill('Tenho 40 imóveis.');
    await again.getByRole('button', { name: /Enviar mensagem|Solicitar contato/ }).click();
    await page.waitForURL('**/obrigado');
    const [hook] = await waitForWebhooks((r) => r.json['email'] === email, 2);
    expect(hook!.json).toMatchObject({ nome: 'Sem Script', tipo: 'corretor', empresa: 'Corretora Norte' });
    expect(String(hook!.json['pagina_origem'])).toContain('/contato');
  });
});

test.describe('the server, posted to directly', () => {
  // Two of these boot a server of their own: on a loaded 2-core machine that alone has taken 20 s.
  test.describe.configure({ timeout: 90_000 });
  const valid = { nome: 'Ana Direta', email: 'ana@exemplo.com', celular: '(11) 98765-4321', tipo: 'proprietario' };

  test('refuses each validation rule with the spec message', async ({ request, baseURL }) => {
    const cases: [Record<string, string>, string, string][] = [
      [{ nome: 'A' }, 'nome', m.nome],
      [{ email: 'x@' }, 'email', m.email],
      [{ celular: '11987654321' }, 'celular', m.celular],
      // What a 15-character field made of a pasted "+55 11 98765-4321": DDD 55, but no such number.
      [{ celular: '(55) 11987-6543' }, 'celular', m.celular],
      [{ celular: '(11) 3000-0000' }, 'celular', m.celular],
      [{ tipo: 'inquilino' }, 'tipo', m.tipo],
      [{ tipo: 'corretor', empresa: ' ' }, 'empresa', m.empresa],
    ];
    for (const [patch, field, message] of cases) {
      const response = await request.post('/_actions/lead', {
        form: { ...valid, ...patch },
        headers: { Origin: baseURL!, Accept: 'application/json' },
      });
      expect(response.status(), field).toBe(400);
      const body = await response.json();
      expect(body.fields[field], field).toEqual([message]);
    }
  });

  test('the eleventh submission in a minute from one address gets 429 with a pt-BR message', async ({ request }) => {
    const server = await startBuiltServer({ LEAD_RATE_LIMIT: '10/60' });
    try {
      const post = () =>
        request.post(`${server.url}/_actions/lead`, {
          form: { ...valid, submission_key: randomUUID() },
          headers: { Origin: server.url, Accept: 'application/json' },
        });
      for (let i = 0; i < 10; i++) expect((await post()).status()).toBe(200);
      const refused = await post();
      expect(refused.status()).toBe(429);
      expect((await refused.json()).message).toBe(rateLimitMessage);
    } finally {
      await server.stop();
    }
  });

  test('a second server on the same DATA_DIR refuses to start with a clear message', async () => {
    const error = await startBuiltServer({ DATA_DIR: process.env['E2E_DATA_DIR']! }).then(
      async (server) => {
        await server.stop();
        return undefined;
      },
      (reason: Error) => reason,
    );
    expect(error?.message).toContain('já está em uso por outro servidor');
    expect(error?.message).toContain('is already in use by another server');
  });
});
