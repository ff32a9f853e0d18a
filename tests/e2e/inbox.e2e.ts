/*
 * The sales inbox in Chromium as the team uses it, against the production build. This file
 * runs its own server on a database seeded before it started (tests/support/seed-inbox.ts,
 * the cast below amid 300 demo leads):
 * a lead past the 2-hour reply promise and a webhook that failed until its retries ran out
 * only exist with time, and a browser test cannot reach into a running server's PGlite. Its
 * webhook receiver is a real HTTP server that now answers 200.
 *
 * An admin filters and searches (with and without accents), sees the overdue flag, moves a
 * lead through the pipeline with a note (a discard from the list asks its reason in a dialog), re-sends a failed webhook (the receiver gets it,
 * with the delivery's own id) and exports the view as CSV (parsed back here). A `vendas`
 * member reaches the leads but not the blog editor nor user management; an `editor` the
 * reverse. On a phone a seller lands on "Hoje" with four and more of her leads in view and
 * works them in counted taps; on a laptop the table fits its box. axe checks every admin page of the access policy at 1366 and 390 px, each
 * reached by keyboard and none scrolling sideways.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from '@playwright/test';
import { ACCESS_POLICY } from '../../src/server/auth/access-policy';
import { localDateTimeValue, todayBounds } from '../../src/lib/follow-up';
import { callAction } from '../support/actions';
import { adminCookie, teamCookie } from '../../scripts/support/blog-accounts';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { FAILED_WEBHOOK_ERROR, INBOX_CAST, type InboxCastIds } from '../support/inbox-cast';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { expect, test } from './fixtures';
import { seriousViolations, signInAs as signInWithCookie } from './admin-helpers';
import { parseCsv } from '../support/csv-parse';

test.describe.configure({ mode: 'serial' });

let server: RunningServer;
let smtp: CaptureSmtp;
let receiver: Receiver;
let ids: InboxCastIds;
const cookies: Record<'admin' | 'vendas' | 'editor', string> = { admin: '', vendas: '', editor: '' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Marta's implementation request (CPF, with her CNH), posted as the form posts it. */
async function implementationRequest(baseURL: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    tipoDocumento: 'cpf',
    cpf: '529.982.247-25',
    nomeCompleto: INBOX_CAST.marta.nome,
    celular: INBOX_CAST.marta.celular,
    email: INBOX_CAST.marta.email,
    emailAcesso: INBOX_CAST.marta.email,
    senha: 'segredo123',
  }))
    form.append(name, value);
  form.append('cnh', new Blob([PDF], { type: 'application/pdf' }), 'cnh-marta.pdf');
  const response = await fetch(`${baseURL}/api/implementacao`, {
    method: 'POST',
    headers: { Origin: baseURL, Accept: 'application/json' },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  receiver = await startReceiver();
  const dataDir = mkdtempSync(join(tmpdir(), 'pilota-inbox-e2e-'));
  // Through Vite's module runner: the seeded leads reach the content YAML, which tsx cannot load.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/vite-run.mjs', 'tests/support/seed-inbox.ts', dataDir, receiver.url],
    { timeout: 180_000 },
  );
  ids = JSON.parse(stdout.trim().split('\n').at(-1)!) as InboxCastIds;
  // The team's accounts confirm their address through the link mailed to this SMTP server.
  smtp = await startCaptureSmtp();
  server = await startBuiltServer({
    DATA_DIR: dataDir,
    LEAD_RATE_LIMIT: 'off',
    LEAD_WEBHOOK_URLS: receiver.url,
    SMTP_URL: smtp.url,
  });
  cookies.admin = (await adminCookie(server.url, dataDir, smtp)).cookie;
  cookies.vendas = (await teamCookie(server.url, dataDir, 'vendas', smtp)).cookie;
  cookies.editor = (await teamCookie(server.url, dataDir, 'editor', smtp)).cookie;
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await receiver?.close();
  // The log is the team's, not the leads': no name, e-mail or phone of the cast in it.
  const log = server?.output() ?? '';
  for (const person of Object.values(INBOX_CAST)) {
    expect(log).not.toContain(person.email);
    expect(log).not.toContain(person.celular);
  }
});

const signInAs = (context: BrowserContext, who: keyof typeof cookies) =>
  signInWithCookie(context, cookies[who], server.url);

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** Unfolds the leads list's "Filtros (n)" (folded on every load, so the leads come first). */
async function openFilters(page: Page): Promise<void> {
  const folded = page.getByTestId('lead-filters');
  // Retried: on a busy machine the check can still read the page being left.
  await expect(async () => {
    if (!(await folded.evaluate((details) => (details as HTMLDetailsElement).open)))
      await folded.locator(':scope > summary').click();
    await expect(folded.getByRole('search')).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

// First in the file: João and Caio are still new, days past the 2-hour reply promise.
test('a seller on a 390 px phone lands on "Hoje", sets a next step for today on a lead, and finds it there', async ({
  page,
  context,
}) => {
  await signInAs(context, 'vendas');
  await page.setViewportSize({ width: 390, height: 844 });
  // One of hers is overdue since yesterday (set as the form posts it).
  const yesterday = localDateTimeValue(new Date(todayBounds(new Date()).start.getTime() - 3_600_000));
  const form = new FormData();
  for (const [name, value] of Object.entries({
    leadId: ids.caio,
    quando: yesterday,
    tipo: 'whatsapp',
    nota: 'Proposta',
  }))
    form.append(name, value);
  expect((await callAction(server.url, 'agenda.set', form, { cookie: cookies.vendas })).status).toBe(200);

  // Signed in, /auth sends her to her day.
  await page.goto(`${server.url}/auth`);
  await expect(page).toHaveURL(/\/admin\/hoje$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hoje' })).toBeVisible();
  const mine = page.getByTestId('today-mine');
  await expect(mine.locator('[data-state="atrasado"]')).toContainText('Caio Entregas');
  await expect(mine.locator('[data-state="atrasado"]')).toContainText('Atrasado');
  // The leads past the promise, marked too.
  const reply = page.getByTestId('reply-overdue');
  await expect(reply.getByRole('link', { name: 'João Araújo', exact: true })).toBeVisible();
  // One tap to call or write from either card: the list's links, named with the lead, 24 px and more.
  const caioCard = mine.locator('[data-state="atrasado"]');
  await expect(caioCard.getByRole('link', { name: 'Ligar para Caio Entregas, (31) 96666-5555' })).toHaveAttribute(
    'href',
    'tel:+5531966665555',
  );
  const caioWhatsapp = caioCard.getByRole('link', { name: /^WhatsApp: conversar com Caio Entregas/ });
  await expect(caioWhatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5531966665555\?text=Ol%C3%A1%2C%20Caio!/);
  await expect(reply.getByRole('link', { name: /^Ligar para João Araújo/ })).toHaveAttribute(
    'href',
    'tel:+5511988881234',
  );
  await expect(reply.getByRole('link', { name: /^WhatsApp: conversar com João Araújo/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/5511988881234\?text=Ol%C3%A1%2C%20Jo%C3%A3o!/,
  );
  const tapBox = await caioWhatsapp.boundingBox();
  expect(Math.min(tapBox!.width, tapBox!.height)).toBeGreaterThanOrEqual(24);

  // On João's page, "Próximo passo": today, two hours from now (or the day's last minute), a call.
  await page.goto(`${server.url}/admin/leads/${ids.joao}`);
  const section = page.getByRole('region', { name: 'Próximo passo' });
  await expect(section).toContainText('Nenhum próximo passo marcado.');
  const { end } = todayBounds(new Date());
  const due = new Date(Math.min(Date.now() + 2 * 3_600_000, end.getTime() - 60_000));
  await section.getByLabel('Data e hora').fill(localDateTimeValue(due));
  await section.getByLabel('Tipo').selectOption({ label: 'Ligar' });
  await section.getByLabel('Observação (opcional)').fill('Confirmar a demonstração');
  await section.getByRole('button', { name: 'Salvar próximo passo' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${ids.joao}$`));
  await expect(section.getByRole('status')).toHaveText('Próximo passo salvo.');
  const [date, time] = localDateTimeValue(due).split('T') as [string, string];
  const shown = `${date.split('-').reverse().join('/')} ${time}`;
  await expect(section.getByTestId('next-step-current')).toHaveText(`Ligar em ${shown}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= 390)).toBe(true);

  // Back to "Hoje" from the menu: João is there, today's; Caio still overdue, first.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Hoje' }).click();
  await expect(page).toHaveURL(/\/admin\/hoje$/);
  const cards = mine.getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Caio Entregas');
  await expect(cards.nth(1)).toContainText('João Araújo');
  await expect(cards.nth(1)).toContainText(shown);
  await expect(cards.nth(1)).toContainText('Confirmar a demonstração');

  // Her morning digest, off from the same page (axe checks this page, filled, further down).
  const digest = page.getByTestId('digest-switch');
  await digest.getByRole('button', { name: 'Não receber o resumo' }).click();
  await expect(page.getByRole('status')).toHaveText('Resumo da manhã desligado.');
  await expect(digest.getByRole('button', { name: 'Receber o resumo' })).toBeVisible();
});

test('an admin filters, searches with and without accents, and sees who is overdue', async ({ page, context }) => {
  // Eight page loads (the filters unfold before each search): more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await signInAs(context, 'admin');
  await page.goto(`${server.url}/blog/admin`);
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Leads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  for (const person of Object.values(INBOX_CAST)) await expect(rowOf(page, person.nome)).toBeVisible();

  // A filter by type lives in the URL.
  const filters = page.getByRole('search');
  await openFilters(page);
  await filters.getByRole('checkbox', { name: 'Corretor' }).check();
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/[?&]tipo=corretor/);
  await expect(rowOf(page, 'João Araújo')).toBeVisible();
  await expect(rowOf(page, 'Marta Lima')).toHaveCount(0);
  await openFilters(page);
  await page.getByRole('link', { name: 'Limpar filtros' }).click();

  // Accents and case do not matter to the search, both ways.
  for (const query of ['Joao Araujo', 'ARAÚJO', 'araujo imoveis']) {
    await openFilters(page);
    await filters.getByLabel('Buscar (nome, e-mail, telefone ou empresa)').fill(query);
    await filters.getByRole('button', { name: 'Filtrar' }).click();
    await expect(rowOf(page, 'João Araújo'), query).toBeVisible();
    await expect(rowOf(page, 'Marta Lima'), query).toHaveCount(0);
  }
  // A phone typed another way finds its lead too.
  await openFilters(page);
  await filters.getByLabel('Buscar (nome, e-mail, telefone ou empresa)').fill('97777 4321');
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(rowOf(page, 'Marta Lima')).toBeVisible();
  await expect(rowOf(page, 'João Araújo')).toHaveCount(0);

  // Only the overdue: the week-old leads still "novo", flagged; the one from today is not.
  await page.goto(`${server.url}/admin/leads?atrasados=1`);
  await expect(page.getByTestId('lead-filters')).toContainText('Filtros (1)');
  await openFilters(page);
  await expect(page.getByRole('search').getByRole('checkbox', { name: /Somente atrasados/ })).toBeChecked();
  await expect(rowOf(page, 'João Araújo')).toContainText('Atrasado');
  await expect(rowOf(page, 'Caio Entregas')).toContainText('Atrasado');
  await expect(rowOf(page, 'Marta Lima')).toHaveCount(0);

  // Each row opens WhatsApp and the e-mail client.
  const joao = rowOf(page, 'João Araújo');
  await expect(joao.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/5511988881234');
  await expect(joao.getByRole('link', { name: INBOX_CAST.joao.email })).toHaveAttribute(
    'href',
    `mailto:${INBOX_CAST.joao.email}`,
  );
});

test('an admin moves a lead through the pipeline with a note, from the list and from its page', async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  await page.goto(`${server.url}/admin/leads?q=joao`);
  const row = rowOf(page, 'João Araújo');
  // The row's status is one control: choosing saves it (no button to press).
  await row.getByLabel('Novo status de João Araújo').selectOption({ label: 'Em contato' });
  await expect(page.getByRole('status')).toContainText('Em contato');
  // Still the same view, and the lead is no longer overdue once someone answered.
  await expect(page).toHaveURL(/[?&]q=joao/);
  await expect(rowOf(page, 'João Araújo')).not.toContainText('Atrasado');

  await rowOf(page, 'João Araújo').getByRole('link', { name: 'João Araújo', exact: true }).click();
  // The lead's address keeps the list's view (for its "Próximo lead").
  await expect(page).toHaveURL(new RegExp(`/admin/leads/${ids.joao}\\?q=joao$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('João Araújo');

  await page.getByRole('textbox', { name: 'Nota' }).fill('Ligou às 14h, quer demonstração na sexta.');
  await page.getByRole('button', { name: 'Salvar nota' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Histórico', exact: true });
  await expect(timeline).toContainText('Ligou às 14h, quer demonstração na sexta.');
  await expect(timeline).toContainText('Novo → Em contato');

  // Discarding needs a reason: refused without one, kept what was typed.
  const statusForm = page.getByRole('form', { name: 'Alterar status' });
  await statusForm.getByLabel('Novo status').selectOption({ label: 'Descartado' });
  await statusForm.getByRole('button', { name: 'Alterar status' }).click();
  await expect(page.getByRole('alert')).toContainText('Escolha o motivo do descarte.');
  await page
    .getByRole('form', { name: 'Alterar status' })
    .getByLabel('Novo status')
    .selectOption({ label: 'Qualificado' });
  await page.getByRole('form', { name: 'Alterar status' }).getByRole('button', { name: 'Alterar status' }).click();
  await expect(page.getByRole('status')).toContainText('Qualificado');
  await page
    .getByRole('form', { name: 'Alterar status' })
    .getByLabel('Novo status')
    .selectOption({ label: 'Convertido' });
  await page.getByRole('form', { name: 'Alterar status' }).getByRole('button', { name: 'Alterar status' }).click();
  await expect(page.getByRole('status')).toContainText('Convertido');
  await expect(timeline).toContainText('Qualificado → Convertido');
  expect(await seriousViolations(page)).toEqual([]);

  // A change made from a stale page (someone else moved it first) is refused, never applied twice.
  await page.goto(`${server.url}/admin/leads?q=joao`);
  const stale = await page.request.post(`${server.url}/admin/leads?_action=leads.changeStatus`, {
    form: { leadId: ids.joao, de: 'novo', para: 'descartado', motivo: 'Contato duplicado' },
    headers: { Origin: server.url },
  });
  expect(stale.status()).toBe(409);
  // The last change was this admin's own (as from another tab): the refusal says so.
  expect(await stale.text()).toContain('Você já tinha alterado este contato');

  // A discard asks its reason first, in a dialog: Escape puts the status back, a reason of the
  // list (or "Outro" and a few words) saves it.
  await page.goto(`${server.url}/admin/leads?q=caio`);
  const caio = rowOf(page, 'Caio Entregas').getByLabel('Novo status de Caio Entregas');
  // From the keyboard a choice steps through the statuses and is saved on Enter, not on the way.
  await caio.focus();
  await page.keyboard.press('End');
  await expect(caio).toHaveValue('descartado');
  const dialog = page.getByRole('dialog', { name: 'Descartar Caio Entregas' });
  await expect(dialog).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('radio', { name: 'Sem interesse' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(caio).toHaveValue('novo');
  await expect(caio).toBeFocused();
  await caio.selectOption({ label: 'Descartado' });
  // Up from the first reason wraps to "Outro", whose words are then asked.
  await page.keyboard.press('ArrowUp');
  await expect(dialog.getByRole('radio', { name: 'Outro', exact: true })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel(/^Qual motivo/)).toBeFocused();
  await page.keyboard.type('Contato de teste');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Status de Caio Entregas alterado para “Descartado”.');
  await expect(page).toHaveURL(/[?&]q=caio/);
});

test("an admin re-sends a lead's failed webhook, and the receiver gets it with its own id", async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  // On a phone the deliveries page shows the whole reason in the row's card, with no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/admin/entregas`);
  const reason = page.locator(`[data-delivery-id="${ids.failedWebhook}"] [data-delivery-error]`);
  await expect(reason).toContainText(FAILED_WEBHOOK_ERROR);
  const box = (await reason.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${server.url}/admin/leads/${ids.caio}`);
  const deliveries = page.getByRole('region', { name: 'Entregas', exact: true });
  const failed = deliveries.getByRole('row').filter({ hasText: 'Webhook' });
  await expect(failed).toContainText('Falhou');
  await expect(failed).toContainText('HTTP 500');
  // The URL's path (where a token may live) is never shown, only the host.
  await expect(deliveries).not.toContainText('/hook');
  expect(receiver.requests).toHaveLength(0);

  await failed.getByRole('button', { name: /Reenviar/ }).click();
  await expect(page.getByRole('status')).toContainText('Entrega reenviada.');
  const arrived = await receiver.waitFor(undefined, 30_000);
  expect(arrived.headers['x-pilota-delivery']).toBe(ids.failedWebhook);
  expect(arrived.headers['x-pilota-lead']).toBe(ids.caio);
  expect(JSON.stringify(arrived.json)).toContain(INBOX_CAST.caio.email);
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Entregas', exact: true }).getByRole('row').filter({ hasText: 'Webhook' }),
    ).toContainText('Enviada', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  // Sent is sent: the deliveries page has no failure left to re-send.
  await page.goto(`${server.url}/admin/entregas`);
  await expect(page.getByText('Nenhuma entrega pendente ou com falha. Tudo foi entregue.')).toBeVisible();
});

test('the CSV export of a filtered view opens in Excel in Brazil and holds only that view', async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  await page.goto(`${server.url}/admin/leads?utm_source=facebook`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  // UTF-8 with a BOM, so Excel reads the accents.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
  expect(header!.slice(0, 4)).toEqual(['Data', 'Nome', 'E-mail', 'Celular']);
  // The view, whole: every lead from facebook among the 300 demo leads and the cast, and no other.
  const column = (name: string) => header!.indexOf(name);
  expect(rows.length).toBeGreaterThan(1);
  expect(new Set(rows.map((row) => row[column('utm_source')]))).toEqual(new Set(['facebook']));
  expect(rows.map((row) => row[column('Nome')])).not.toContain(INBOX_CAST.joao.nome);
  const cells = rows.find((row) => row[column('Nome')] === 'Marta Lima')!;
  const cell = (name: string) => cells[column(name)];
  expect(cell('Data')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  // A formula typed into a form is text in the spreadsheet, never run.
  expect(cell('Empresa')).toBe(`'${INBOX_CAST.marta.empresa}`);
});

test('vendas reaches the leads but not the blog editor nor the people; an editor the reverse', async ({
  page,
  context,
}) => {
  await signInAs(context, 'vendas');
  for (const path of ['/admin/leads', `/admin/leads/${ids.joao}`, '/admin/entregas', '/admin/relatorios']) {
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(200);
  }
  const nav = page.getByRole('navigation', { name: 'Administração' });
  await expect(nav.getByRole('link', { name: 'Leads' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Posts do blog' })).toHaveCount(0);
  for (const path of ['/blog/admin/posts', '/blog/admin/posts/novo', '/admin/usuarios']) {
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('main')).not.toContainText(INBOX_CAST.joao.email);
  }
  // The refusal in the admin area's own shell, on a phone: no cookie banner, the way back to her day ("Hoje").
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso negado' })).toBeVisible();
  await expect(page.locator('[data-cookie-banner]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Voltar para a sua área' })).toHaveAttribute('href', '/admin/hoje');
  await expect(page.getByRole('button', { name: 'Sair e entrar com outra conta' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 768 });

  await signInAs(context, 'editor');
  expect((await page.goto(`${server.url}/blog/admin/posts`))?.status()).toBe(200);
  await expect(
    page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Leads' }),
  ).toHaveCount(0);
  for (const path of [
    '/admin/leads',
    `/admin/leads/${ids.joao}`,
    '/admin/entregas',
    '/admin/relatorios',
    '/admin/usuarios',
  ]) {
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('main')).not.toContainText(INBOX_CAST.joao.email);
  }
});

/** Nine new leads, all the seller's: "Meus leads" on her phone (the list is newest first). */
async function hersOnAPhone(): Promise<string[]> {
  const names = ['Alice', 'Bruna', 'Celia', 'Denise', 'Elisa', 'Flavia', 'Gisele', 'Helena', 'Iris'];
  for (const first of names) {
    const lead = await fetch(`${server.url}/_actions/lead`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, Accept: 'application/json' },
      body: new URLSearchParams({
        nome: `${first} Fila`,
        email: `${first.toLowerCase()}.fila@exemplo.com`,
        celular: '(11) 98888-7777',
        tipo: 'proprietario',
        submission_key: crypto.randomUUID(),
      }).toString(),
    });
    expect(lead.status).toBe(200);
  }
  const html = (path: string) =>
    fetch(`${server.url}${path}`, { headers: { cookie: cookies.vendas } }).then((answer) => answer.text());
  const ids = [
    ...(await html('/admin/leads?q=fila&responsavel=todos')).matchAll(/data-lead-id="([0-9a-f-]{36})"/g),
  ].map((match) => match[1]!);
  expect(ids).toHaveLength(names.length);
  const me = /<option value="([^"]+)"[^>]*>\s*[^<]*\(eu\)/.exec(await html(`/admin/leads/${ids[0]}`))?.[1];
  expect(me).toBeTruthy();
  for (const leadId of ids) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ leadId, de: '', para: me! })) form.append(name, value);
    expect((await callAction(server.url, 'leads.assign', form, { cookie: cookies.vendas })).status).toBe(200);
  }
  return ids;
}

test('a seller on a 390 px phone opens her leads, four at least on the first screen, and keeps her place after a change', async ({
  page,
  context,
}) => {
  const ids = await hersOnAPhone();
  await signInAs(context, 'vendas');
  await page.setViewportSize({ width: 390, height: 844 });
  // Signed in, /auth sends her to "Hoje": her new leads on the first screen, four at least, each
  // saying until when the site promised her reply, with one-tap call and WhatsApp.
  await page.goto(`${server.url}/auth`);
  await expect(page).toHaveURL(/\/admin\/hoje$/);
  const fresh = page.getByTestId('today-new').getByRole('listitem').filter({ hasText: 'Fila' });
  await expect(fresh).toHaveCount(ids.length);
  const onHoje = await fresh.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().bottom));
  expect(
    onHoje.filter((bottom) => bottom <= 844).length,
    'her new leads on the first screen of "Hoje"',
  ).toBeGreaterThanOrEqual(4);
  await expect(fresh.first()).toContainText(/responder até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(fresh.first().getByRole('link', { name: /^Ligar para Alice Fila/ })).toHaveAttribute(
    'href',
    'tel:+5511988887777',
  );
  // Her list opens on her own leads, the filters folded.
  await page.goto(`${server.url}/admin/leads`);
  await expect(page).toHaveURL(/\/admin\/leads\?responsavel=eu$/);
  await expect(page.getByTestId('lead-views').getByRole('link', { name: 'Meus leads' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('lead-filters').getByRole('search')).toBeHidden();
  const cards = page.locator('tr[data-lead-id]');
  await expect(cards).toHaveCount(ids.length);
  const boxes = await cards.evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.filter((box) => box.bottom <= 844).length, 'whole cards on the first screen').toBeGreaterThanOrEqual(4);
  for (const box of boxes) expect(box.height, 'card height').toBeLessThanOrEqual(120);
  // One tap to call or to WhatsApp, from the card.
  const first = cards.first();
  await expect(first.getByRole('link', { name: /^Ligar/ })).toHaveAttribute('href', 'tel:+5511988887777');
  await expect(first.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/5511988887777\?text=Ol/,
  );

  // The 7th card, far down: a change brings her back to it, not to the top.
  const seventh = cards.nth(6);
  const id = (await seventh.getAttribute('data-lead-id'))!;
  const nome = (await seventh.locator('th a').textContent())!.trim();
  await seventh.getByLabel(`Novo status de ${nome}`).selectOption({ label: 'Em contato' });
  await expect(page).toHaveURL(new RegExp(`/admin/leads\\?responsavel=eu#lead-${id}$`));
  await expect(page.getByRole('status').filter({ hasText: 'alterado para “Em contato”' })).toHaveCount(1);
  const back = page.locator(`#lead-${id}`);
  await expect(back).toBeFocused();
  await expect(back).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  // A refresh is a GET: no second post, the notice gone, one change in the lead's history.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'alterado para “Em contato”' })).toHaveCount(0);
  await page.goto(`${server.url}/admin/leads/${id}`);
  await expect(page.getByTestId('lead-timeline').getByText('Novo → Em contato')).toHaveCount(1);
});

test('taps per lead on a 390 px phone: from "Hoje", the first lead takes 3, each next one 3 and a discard 3, none needing a swipe', async ({
  page,
  context,
}) => {
  await signInAs(context, 'vendas');
  // WhatsApp opens in its own tab; wa.me is outside this machine, so it answers here.
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'WhatsApp' }));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/admin/hoje`);
  let taps = 0;
  /** A tap on what is already on the screen: no swipe before it. */
  const tap = async (target: ReturnType<Page['getByRole']>) => {
    await expect(target).toBeInViewport();
    await target.click();
    taps += 1;
  };
  const whatsapp = async () => {
    const popup = page.waitForEvent('popup');
    await tap(page.getByRole('region', { name: 'Ações do contato' }).getByRole('link', { name: /WhatsApp/ }));
    await (await popup).close();
  };
  const answered = async () => {
    await tap(page.getByRole('region', { name: 'Ações do contato' }).getByRole('button', { name: 'Em contato' }));
    await expect(page.getByRole('status').filter({ hasText: 'Status alterado para “Em contato”.' })).toBeVisible();
  };

  // The first: open it from her new leads, write on WhatsApp, mark it answered.
  const first = page.getByTestId('today-new').getByRole('listitem').first().getByRole('link').first();
  const firstName = (await first.textContent())!.trim();
  await tap(first);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstName);
  await whatsapp();
  await answered();
  expect(taps, 'taps for the first lead').toBe(3);

  // Each next one of her new leads: "Próximo lead", WhatsApp, answered.
  const seen = new Set([firstName]);
  for (let lead = 0; lead < 2; lead += 1) {
    taps = 0;
    await tap(page.getByRole('link', { name: 'Próximo lead' }));
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    expect(seen.has(name), `${name} again`).toBe(false);
    expect(name).toMatch(/ Fila$/);
    seen.add(name);
    await whatsapp();
    await answered();
    expect(taps, `taps for ${name}`).toBe(3);
  }

  // Discarded from the sticky bar with a reason of the list: Descartar, the reason, Descartar.
  taps = 0;
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await tap(page.getByTestId('lead-actions').getByRole('button', { name: 'Descartar' }));
  const discard = page.getByRole('dialog', { name: `Descartar ${name}` });
  await tap(discard.getByRole('radio', { name: 'Sem interesse' }));
  await tap(discard.getByRole('button', { name: 'Descartar' }));
  await expect(page.getByRole('status').filter({ hasText: 'Status alterado para “Descartado”.' })).toBeVisible();
  expect(taps, 'taps to discard with a reason').toBe(3);
});

test('on a 1366 px laptop the leads table fits its box, names who has each lead and starts above the fold', async ({
  page,
  context,
}) => {
  await signInAs(context, 'admin');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${server.url}/admin/leads?responsavel=todos`);
  const table = page.getByRole('table').filter({ has: page.locator('tr[data-lead-id]') });
  await expect(table.getByRole('columnheader', { name: 'Responsável' })).toBeVisible();
  const fit = await table.evaluate((element) => {
    const box = element.parentElement!;
    return { table: element.getBoundingClientRect().width, box: box.clientWidth, scroll: box.scrollWidth };
  });
  expect(fit.table, 'table width at 1366 px').toBeLessThanOrEqual(1_100);
  expect(fit.scroll, 'the table scrolls inside its box').toBeLessThanOrEqual(fit.box);
  const first = await page.locator('tr[data-lead-id]').first().boundingBox();
  expect(first!.y + first!.height, 'first row above the fold').toBeLessThanOrEqual(768);
  // 300 demo leads and the cast: the list pages, it never renders them all.
  expect(await page.locator('tr[data-lead-id]').count()).toBeLessThanOrEqual(50);
  // The demo leads are nobody's yet: their column says so, in a visible cell of its own.
  await expect(
    table.locator('tr[data-lead-id] [data-owner]').filter({ hasText: 'Sem responsável' }).first(),
  ).toBeVisible();
});

/**
 * The admin pages of the access policy, each at a real address: a new admin page gets its own
 * test below, which fails until its pattern is given a real id here. The ids are made once,
 * by the first page test that needs them.
 */
const ADMIN_PAGES = Object.entries(ACCESS_POLICY)
  .filter(([, policy]) => policy.access === 'admin' && policy.kind === 'page')
  .map(([pattern]) => pattern);
let concretePaths: Promise<Record<string, string>> | undefined;
async function concretePathOf(pattern: string): Promise<string> {
  concretePaths ??= (async () => {
    const post = await callAction<{ post: { id: string } }>(
      server.url,
      'posts.create',
      { title: 'Rascunho para a revisão de acessibilidade' },
      { cookie: cookies.admin },
    );
    expect(post.status).toBe(200);
    return {
      '/admin/leads/[id]': `/admin/leads/${ids.joao}`,
      '/admin/implantacoes/[id]': `/admin/implantacoes/${await implementationRequest(server.url)}`,
      '/blog/admin/posts/[id]': `/blog/admin/posts/${post.data!.post.id}`,
    };
  })();
  return (await concretePaths)[pattern] ?? pattern;
}

// One test per page, so a slow page on a busy machine costs its own test, not the whole walk.
for (const pattern of ADMIN_PAGES) {
  test(`${pattern} passes axe at 1366 and 390 px, never scrolls sideways and starts with the skip link`, async ({
    page,
    context,
  }) => {
    await signInAs(context, 'admin');
    const path = await concretePathOf(pattern);
    expect(path, `${pattern} needs a real id in concretePathOf`).not.toContain('[');
    // The page itself never scrolls sideways, on a laptop or a phone; a wide table scrolls in its own region.
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.setViewportSize({ width: 1366, height: 768 });
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(200);
    expect(await seriousViolations(page), path).toEqual([]);
    expect(await sideways(), `${path}: sideways scroll at 1366 px`).toBeLessThanOrEqual(0);
    // On a phone every table scrolls sideways: its scrolling box must still be reachable by keyboard.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page), `${path} at 390 px`).toEqual([]);
    expect(await sideways(), `${path}: sideways scroll at 390 px`).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1366, height: 768 });
    // The skip link is the first stop, and it lands on the content.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Pular para o conteúdo' }), path).toBeFocused();
  });
}

test('the leads filter works from the keyboard alone: type a search, Enter submits it', async ({ page, context }) => {
  await signInAs(context, 'admin');
  await page.goto(`${server.url}/admin/leads`);
  // "Filtros" unfolds from the keyboard too.
  await page.getByTestId('lead-filters').locator(':scope > summary').focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Buscar (nome, e-mail, telefone ou empresa)').focus();
  await page.keyboard.type('marta');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=marta/);
  await expect(rowOf(page, 'Marta Lima')).toBeVisible();
});
