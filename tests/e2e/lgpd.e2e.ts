/*
 * Data-subject requests in Chromium, against the production build: a person with a
 * lead and an implementation request (with an identity document) files "Exercer meus
 * direitos" on /lgpd, confirms it through the link the server really e-mailed (captured by
 * the e2e SMTP server), the team is told, and an admin finds the request (with its deadline),
 * opens everything about the person, exports it (the file holds the lead and the
 * implementation request) and deletes it: afterwards nothing about that e-mail remains but
 * the anonymous audit record, and the document is gone from storage. Two more leads share the
 * person's phone: the request's page lists them as possible matches, never in the export; the
 * admin includes the one that is the person's (it goes with the deletion), and the stranger's
 * lead survives. The admin's own search follows the same rule, on a laptop and on a phone:
 * searched by one person's e-mail, another person's lead that only shares her phone is a
 * possible match, out of the export and the deletion until the admin includes it, which the
 * dashboard's security events then show.
 */
import consentNotices from '../../content/consent-notices.json' with { type: 'json' };
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { readLgpdMessages } from '../../src/lib/content-files';
import { teamSession } from './team';
import { waitForMail } from '../../scripts/support/captured';
import { expect, test } from './fixtures';
import { seriousViolations, signInAs } from './admin-helpers';
import type { Page } from '@playwright/test';

const { dsrConfirmationEmail, dsrTeamEmail } = readLgpdMessages();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
// Used by no other e2e file (not even as a responsável's CPF): the admin's search by CPF reaches every request that has it,
// and deleting this person must not take another test's implementation request along.
const CPF = '390.533.447-05';
const PHONE = '(21) 99876-5432';

/** A lead as the form posts it. */
async function sendLead(baseURL: string, nome: string, email: string, celular: string) {
  const lead = await fetch(`${baseURL}/_actions/lead`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseURL, Accept: 'application/json' },
    body: new URLSearchParams({
      nome,
      email,
      celular,
      tipo: 'proprietario',
      submission_key: crypto.randomUUID(),
      consent_version: consentNotices.lead.version,
      marketing_version: consentNotices.marketing.version,
    }).toString(),
  });
  expect(lead.status).toBe(200);
}

/** A lead and an implementation request (CPF, with a CNH) for `email`, posted as the forms post them. */
async function personWithData(baseURL: string, email: string): Promise<{ id: string }> {
  await sendLead(baseURL, 'Teresa Titular', email, PHONE);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    tipoDocumento: 'cpf',
    cpf: CPF,
    nomeCompleto: 'Teresa Titular',
    celular: PHONE,
    email,
    emailAcesso: email,
    senha: 'segredo123',
    consent_version: consentNotices.implementacao.version,
  }))
    form.append(name, value);
  form.append('cnh', new Blob([PDF], { type: 'application/pdf' }), 'cnh-teresa.pdf');
  const implementation = await fetch(`${baseURL}/api/implementacao`, {
    method: 'POST',
    headers: { Origin: baseURL, Accept: 'application/json' },
    body: form,
  });
  expect(implementation.status).toBe(201);
  return (await implementation.json()) as { id: string };
}

test('a data-subject request, filed, confirmed by e-mail, exported and deleted by an admin', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = `teresa-${randomBytes(4).toString('hex')}@exemplo.com`;
  const { id: implementationId } = await personWithData(baseURL!, email);
  // Two leads with her phone and other addresses: her own old one, and a stranger's.
  const older = `teresa-antiga-${randomBytes(4).toString('hex')}@exemplo.com`;
  const stranger = `estranho-${randomBytes(4).toString('hex')}@exemplo.com`;
  await sendLead(baseURL!, 'Teresa Antiga', older, PHONE);
  await sendLead(baseURL!, 'Estranho Qualquer', stranger, PHONE);

  // 1. Filed on /lgpd. The form is plain HTML until touched; then the island takes over.
  await page.goto('/lgpd');
  const form = page.getByRole('form', { name: 'Exercer meus direitos' });
  await form.scrollIntoViewIfNeeded();
  // An empty submit, then one with only the right chosen: focus goes to the first field in error.
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByLabel('Direito que deseja exercer')).toBeFocused();
  await form.getByLabel('Direito que deseja exercer').selectOption({ label: 'Portabilidade dos dados' });
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByLabel('Nome completo')).toBeFocused();
  await form.getByLabel('Direito que deseja exercer').selectOption({ label: 'Anonimização, bloqueio ou eliminação' });
  await form.getByLabel('Nome completo').fill('Teresa Titular');
  await form.getByLabel('E-mail').fill('e-mail-errado');
  await form.getByLabel('CPF (opcional)').fill(CPF);
  await form.getByLabel('Detalhes (opcional)').fill('Quero que apaguem os meus dados.');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  // The shared schema, in the browser: the same pt-BR message as the server's.
  await expect(form.getByText('E-mail inválido')).toBeVisible();
  await expect(form.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Confirme pelo seu e-mail' })).toBeVisible();
  // Answered in place by the island, not by the no-JavaScript page.
  await expect(page).toHaveURL(/\/lgpd$/);

  // 2. Confirmed through the link in the e-mail the server sent.
  const mail = await waitForMail((message) => message.envelopeTo.includes(email), 60_000);
  expect(mail.subject).toBe(dsrConfirmationEmail.subject);
  const link = /https?:\/\/\S+\/lgpd\/confirmar\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeTruthy();
  const linkPath = new URL(link!).pathname + new URL(link!).search;
  await page.goto(linkPath);
  await expect(page.getByRole('heading', { name: 'Confirme a sua solicitação' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirmar solicitação' }).click();
  await expect(page.getByRole('heading', { name: 'Solicitação confirmada' })).toBeVisible();
  await expect(page.getByText(/vamos respondê-la pelo e-mail informado até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  // The link works once.
  await page.goto(linkPath);
  await expect(page.getByRole('heading', { name: 'Solicitação já confirmada' })).toBeVisible();
  // A link that was never sent gets its own page, not an error.
  const unknown = await page.goto('/lgpd/confirmar?token=naoexisteeste-token-de-confirmacao-1234');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Link inválido' })).toBeVisible();
  // The team is told, with the deadline.
  const notice = await waitForMail(
    (message) =>
      message.subject?.startsWith('Solicitação LGPD confirmada') === true && (message.text ?? '').includes(email),
    60_000,
  );
  expect(notice.text).toContain(dsrTeamEmail.labels.prazo);

  // 3. The admin finds it, with its deadline, and opens everything about the person.
  const { cookie, account } = await teamSession('admin');
  await signInAs(context, cookie, baseURL!);
  await page.goto('/admin/lgpd');
  await expect(
    page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'LGPD' }),
  ).toHaveAttribute('aria-current', 'page');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Anonimização, bloqueio ou eliminação');
  await expect(row).toContainText('Em aberto');
  await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('button', { name: 'Ver dados do titular' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dados do titular' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Contatos (leads)' })).toContainText(email);
  await expect(page.getByRole('table', { name: 'Solicitações de implementação' })).toContainText(CPF);
  const documentLink = page.getByRole('table', { name: 'Documentos' }).getByRole('link', { name: 'Baixar' });
  const documentPath = await documentLink.getAttribute('href');
  expect(documentPath).toMatch(/^\/admin\/documentos\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('table', { name: 'Registros de consentimento' })).toContainText(
    '2026-11-implementacao-v1',
  );
  // The leads that only share her phone are listed to be checked, not included.
  const matches = page.getByRole('table', { name: 'Possíveis correspondências — verifique antes de incluir' });
  await expect(matches).toContainText(older);
  await expect(matches).toContainText(stranger);
  await expect(page.getByRole('table', { name: 'Contatos (leads)' })).not.toContainText(older);
  expect(await seriousViolations(page)).toEqual([]);

  // 4. Exported: a JSON file with the lead and the implementation request.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^dados-titular-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    contatos: { email: string; nome: string }[];
    solicitacoesImplementacao: { id: string; cpf: string; email: string }[];
    documentos: { conteudoBase64: string }[];
    solicitacoesLgpd: { email: string }[];
  };
  expect(exported.contatos).toEqual([expect.objectContaining({ email, nome: 'Teresa Titular' })]);
  expect(exported.solicitacoesImplementacao).toEqual([
    expect.objectContaining({ id: implementationId, cpf: CPF.replace(/\D/g, ''), email }),
  ]);
  expect(Buffer.from(exported.documentos[0]!.conteudoBase64, 'base64')).toEqual(PDF);
  expect(exported.solicitacoesLgpd).toEqual([expect.objectContaining({ email })]);
  expect(JSON.stringify(exported)).not.toContain('senha');
  expect(JSON.stringify(exported)).not.toContain(older);
  expect(JSON.stringify(exported)).not.toContain(stranger);

  // The admin checked with her that the older lead is hers, and includes it.
  await matches
    .getByRole('row')
    .filter({ hasText: older })
    .getByRole('button', { name: /^Incluir contato de / })
    .click();
  await expect(page.getByText('1 possível correspondência incluída por você nesta solicitação.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Contatos (leads)' })).toContainText(older);
  await expect(matches).not.toContainText(older);
  await expect(matches).toContainText(stranger);

  // 5. Deleted, after ticking the confirmation.
  const deletion = page.locator('form').filter({ has: page.getByRole('button', { name: 'Excluir' }) });
  await deletion.getByRole('button', { name: 'Excluir' }).click();
  // The box is required: nothing happens without it.
  await expect(page.getByRole('table', { name: 'Contatos (leads)' })).toContainText(email);
  await deletion
    .getByLabel('Confirmo que esta ação atende a uma solicitação do titular e não pode ser desfeita.')
    .check();
  await deletion.getByRole('button', { name: 'Excluir' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Dados excluídos' });
  await expect(done).toBeVisible();
  // RD Station (on in the e2e server) cannot delete through its conversion key: the manual step,
  // owed from now on, with its link and a way to say it is done.
  await expect(done.locator('[data-crm="rdstation"]')).toContainText('também apagar em RD Station');
  const steps = page.getByRole('region', { name: 'Exclusões à mão nas ferramentas' });
  await expect(steps.locator('[data-crm-step="rdstation"]')).toContainText(
    /pendente desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
  );
  await expect(steps.getByRole('link', { name: 'Abrir RD Station' })).toHaveAttribute(
    'href',
    'https://app.rdstation.com.br/',
  );
  // The post answered 303 to the page's clean address: the identifier was only in the post, so
  // nothing of the person is on screen; the searches below show nothing is left either.
  await expect(page.getByRole('main')).not.toContainText(email);
  // Searched again, the e-mail finds no data, only the anonymous record of what was done.
  await searchByEmail(page, email);
  await expect(page.getByText('Nenhum dado pessoal encontrado para este identificador.')).toBeVisible();
  const audit = page.getByRole('table', { name: 'Registro de atendimento (anônimo)' });
  await expect(audit).toContainText('Exclusão');
  await expect(audit).toContainText('Exportação');
  // Still owed in RD Station; done there by hand, the admin says so, and the record keeps when and who.
  await expect(steps.locator('[data-crm-step="rdstation"]')).toContainText('pendente desde');
  await steps.getByRole('button', { name: 'Marcar como feita a exclusão em RD Station' }).click();
  await expect(page.getByRole('status')).toHaveText('Registrado: exclusão feita à mão em RD Station.');
  await searchByEmail(page, email);
  await expect(steps.locator('[data-crm-step="rdstation"]')).toContainText(
    new RegExp(`feito em \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} por ${account.email.replace(/[.+]/g, '\\$&')}`),
  );
  await expect(steps.getByRole('button', { name: /^Marcar como feita/ })).toHaveCount(0);
  await expect(audit).toContainText('Exclusão à mão feita');

  // Nothing about the e-mail remains: not by e-mail, not by CPF, not on the dashboard; the document is gone.
  for (const [kind, value] of [
    ['e-mail', email],
    ['CPF', CPF],
  ] as const) {
    await page.getByRole('radio', { name: kind }).check();
    await page.getByLabel('E-mail, celular ou CPF').fill(value);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByText('Nenhum dado pessoal encontrado para este identificador.')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(email);
  }
  expect((await page.request.get(documentPath!)).status()).toBe(404);
  // The included lead went with her data; the stranger's is untouched.
  for (const [value, found] of [
    [older, false],
    [stranger, true],
  ] as const) {
    await page.getByRole('radio', { name: 'e-mail' }).check();
    await page.getByLabel('E-mail, celular ou CPF').fill(value);
    await page.getByRole('button', { name: 'Buscar' }).click();
    const leads = page.getByRole('table', { name: 'Contatos (leads)' });
    if (found) await expect(leads).toContainText(value);
    else await expect(page.getByText('Nenhum dado pessoal encontrado para este identificador.')).toBeVisible();
  }
  await page.goto('/blog/admin');
  await expect(page.getByRole('main')).not.toContainText(email);
  await page.goto('/admin/lgpd');
  await expect(page.getByRole('main')).not.toContainText(email);
});

/** Downloads the export the page's button makes. */
async function exportFile(page: Page): Promise<{ contatos: { email: string }[] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar JSON' }).click(),
  ]);
  return JSON.parse(await readFile((await download.path())!, 'utf8')) as { contatos: { email: string }[] };
}

/** Searches /admin/lgpd's box by e-mail. */
async function searchByEmail(page: Page, email: string) {
  await page.getByRole('radio', { name: 'e-mail' }).check();
  await page.getByLabel('E-mail, celular ou CPF').fill(email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dados do titular' })).toBeVisible();
}

for (const { name, viewport } of [
  { name: 'on a laptop', viewport: { width: 1366, height: 768 } },
  { name: 'on a phone (390 px)', viewport: { width: 390, height: 844 } },
]) {
  test(`the admin's own search by e-mail leaves out a lead that only shares the phone until it is included, ${name}`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const tag = randomBytes(4).toString('hex');
    const ana = `ana-${tag}@exemplo.com`;
    const bruno = `bruno-${tag}@exemplo.com`;
    // A phone of this test's own: the two of them share it, nobody else does.
    const digits = String(parseInt(tag, 16) % 100_000_000).padStart(8, '0');
    const phone = `(11) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
    await sendLead(baseURL!, 'Ana Busca', ana, phone);
    await sendLead(baseURL!, 'Bruno Vizinho', bruno, phone);

    const { cookie } = await teamSession('admin');
    await signInAs(context, cookie, baseURL!);
    await page.goto('/admin/lgpd');
    await searchByEmail(page, ana);
    await expect(page.getByText('Busca livre: aparecem apenas os registros com o e-mail buscado.')).toBeVisible();
    const leads = page.getByRole('table', { name: 'Contatos (leads)' });
    await expect(leads).toContainText(ana);
    await expect(leads).not.toContainText(bruno);
    const matches = page.getByRole('table', { name: 'Possíveis correspondências — verifique antes de incluir' });
    const brunoRow = matches.getByRole('row').filter({ hasText: bruno });
    await expect(brunoRow).toContainText('Bruno Vizinho');
    expect(await seriousViolations(page)).toEqual([]);
    // The page never scrolls sideways; a wide table scrolls in its own region.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);

    // Exported as searched: Ana's lead only.
    const first = await exportFile(page);
    expect(first.contatos.map((lead) => lead.email)).toEqual([ana]);
    expect(JSON.stringify(first)).not.toContain(bruno);

    // Ana confirmed the other lead is hers after all (say, her husband's name on her form): the admin includes it.
    const ref = await brunoRow.locator('input[name="include"]').last().getAttribute('value');
    expect(ref).toMatch(/^lead:[0-9a-f-]{36}$/);
    await brunoRow.getByRole('button', { name: /^Incluir contato de / }).click();
    await expect(page.getByText('1 possível correspondência incluída por você nesta busca.')).toBeVisible();
    await expect(leads).toContainText(bruno);
    await expect(page.getByRole('table', { name: /^Possíveis correspondências/ })).toHaveCount(0);
    const second = await exportFile(page);
    expect(second.contatos.map((lead) => lead.email).sort()).toEqual([ana, bruno].sort());

    // The inclusion is on record, with the admin and the record, among the dashboard's security events.
    await page.goto('/blog/admin');
    const event = page
      .getByRole('table', { name: 'Últimos eventos de segurança' })
      .getByRole('row')
      .filter({
        hasText: `record: ${ref!}`,
      });
    await expect(event.first()).toContainText('Registro incluído em pedido LGPD');
    await expect(event.first()).toContainText('searchedBy: email');
    await expect(event.first()).not.toContainText(ana);

    // A new search starts without inclusions: deleting Ana's data leaves Bruno's lead alone.
    await page.goto('/admin/lgpd');
    await searchByEmail(page, ana);
    await expect(leads).not.toContainText(bruno);
    const deletion = page.locator('form').filter({ has: page.getByRole('button', { name: 'Excluir' }) });
    await deletion
      .getByLabel('Confirmo que esta ação atende a uma solicitação do titular e não pode ser desfeita.')
      .check();
    await deletion.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Dados excluídos' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(ana);
    await searchByEmail(page, ana);
    await expect(page.getByText('Nenhum dado pessoal encontrado para este identificador.')).toBeVisible();
    await searchByEmail(page, bruno);
    await expect(leads).toContainText(bruno);
    await expect(leads).toContainText('Bruno Vizinho');
  });
}

test('with JavaScript off, the same form files the request through a plain post', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  try {
    const page = await context.newPage();
    const email = `sem-js-${randomBytes(4).toString('hex')}@exemplo.com`;
    await page.goto('/lgpd');
    const form = page.getByRole('form', { name: 'Exercer meus direitos' });
    await form.getByLabel('Direito que deseja exercer').selectOption({ label: 'Portabilidade dos dados' });
    await form.getByLabel('Nome completo').fill('Sem Script');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('CPF (opcional)').fill('111.111.111-11');
    await form.getByRole('button', { name: 'Enviar solicitação' }).click();
    // The server's answer: the form again, with the values and the pt-BR message, status 400.
    await expect(page).toHaveURL(/\/lgpd\/solicitacao/);
    await expect(page.getByText('CPF inválido')).toBeVisible();
    const again = page.getByRole('form', { name: 'Exercer meus direitos' });
    await expect(again.getByLabel('E-mail')).toHaveValue(email);
    await again.getByLabel('CPF (opcional)').fill('');
    await again.getByRole('button', { name: 'Enviar solicitação' }).click();
    await expect(page.getByRole('heading', { name: 'Confirme pelo seu e-mail' })).toBeVisible();
    const mail = await waitForMail((message) => message.envelopeTo.includes(email), 60_000);
    expect(mail.text).toMatch(/\/lgpd\/confirmar\?token=[\w-]{40,}/);
  } finally {
    await context.close();
  }
});
