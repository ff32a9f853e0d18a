/*
 * A lead's page in Chromium, against the production build, worked with the keyboard alone:
 * on a phone a seller opens the menu, lists the new leads, opens one, finds WhatsApp (with
 * the greeting), the call and the e-mail one tap away, sets "Em contato" in one action,
 * writes a note and goes on to the next lead of the view — status, note box and "Descartar"
 * on the first screen, each save back in place (`#resultado`), the history newest first; at
 * the desk reads its deliveries (the webhook by host only); a discard without a reason is
 * refused with the focus on the reason; back on the phone discards it from the sticky bar in
 * three taps (Descartar, a reason, Descartar), takes the lead ("Responsável") and finds it
 * under "Meus leads". The taps counted here are the figures of docs/working-the-leads.md. axe finds no serious or
 * critical violation, and the page never scrolls sideways. Without JavaScript the phone menu
 * stays open and the status forms still post.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { teamSession } from './team';
import { expect, test } from './fixtures';
import { seriousViolations, signInAs } from './admin-helpers';

/** Submits the focused form's button with the keyboard: Tab from `from` onto it, then Enter. */
async function tabToAndPress(page: Page, from: ReturnType<Page['getByLabel']>, button: string) {
  await from.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: button, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
}

/** Posts a lead as the site's form does; `nome` has letters only (the form refuses digits in a name). */
async function postLead(baseURL: string, fields: { nome: string; email: string; celular: string }) {
  const lead = await fetch(`${baseURL}/_actions/lead`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseURL, Accept: 'application/json' },
    body: new URLSearchParams({ ...fields, tipo: 'proprietario', submission_key: crypto.randomUUID() }).toString(),
  });
  expect(lead.status, await lead.clone().text()).toBe(200);
}

/** Whether the page itself scrolls sideways (a table may scroll inside its own region). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('a seller works new leads from a phone, then notes and discards one at the desk, all with the keyboard', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(4)
    .toString('hex')
    .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);
  const nome = `Dalva Conceição ${tag}`;
  const ester = `Ester Nogueira ${tag}`;
  // Dalva first, so the list (newest first) shows Ester, then Dalva.
  await postLead(baseURL!, { nome, email: `dalva-${tag}@exemplo.com`, celular: '(41) 99876-5432' });
  await postLead(baseURL!, { nome: ester, email: `ester-${tag}@exemplo.com`, celular: '(21) 98765-1234' });

  const { account, cookie } = await teamSession('vendas');
  await signInAs(context, cookie, baseURL!);

  // On a phone the menu is one button: it opens, Escape closes it and gives the focus back.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/blog/admin');
  // The dashboard's latest contacts open the lead.
  await expect(
    page.getByRole('table', { name: 'Últimos 20 contatos' }).getByRole('link', { name: ester }),
  ).toHaveAttribute('href', /^\/admin\/leads\/[0-9a-f-]{36}$/);
  const nav = page.getByRole('navigation', { name: 'Administração' });
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(nav).toBeHidden();
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Leads' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  // Painel, Hoje, then Leads.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Leads' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  // A seller's list opens on her own leads; these two are nobody's yet.
  await expect(page).toHaveURL(/\/admin\/leads\?responsavel=eu$/);
  await page.getByTestId('lead-views').getByRole('link', { name: 'Todos os leads' }).click();
  await expect(page).toHaveURL(/[?&]responsavel=todos/);

  // Only the new ones, this test's: "Filtros" unfolds with Enter, a checkbox with Space, the search with Enter.
  await page.getByTestId('lead-filters').locator(':scope > summary').focus();
  await page.keyboard.press('Enter');
  const filters = page.getByRole('search');
  await filters.getByRole('checkbox', { name: 'Novo', exact: true }).focus();
  await page.keyboard.press('Space');
  await filters.getByLabel('Buscar (nome, e-mail, telefone ou empresa)').focus();
  await page.keyboard.type(tag);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]status=novo/);
  const rows = page.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(ester);
  await expect(rows.first()).toContainText(/agora|há \d+ min/);
  await page.getByRole('link', { name: ester, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ester);
  expect(await scrollsSideways(page)).toBe(false);

  // One tap to WhatsApp: her number, and a greeting naming her and the salesperson.
  const actions = page.getByRole('region', { name: 'Ações do contato' });
  const whatsapp = actions.getByRole('link', { name: /WhatsApp/ });
  const href = new URL((await whatsapp.getAttribute('href'))!);
  expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/5521987651234');
  expect(href.searchParams.get('text')).toBe(
    `Olá, Ester! Aqui é ${account.name.split(' ')[0]}, da Pilota. Recebi seu contato pelo site e estou à disposição para ajudar. Podemos conversar agora?`,
  );
  await expect(actions.getByRole('link', { name: /^Ligar/ })).toHaveAttribute('href', 'tel:+5521987651234');
  await expect(actions.getByRole('link', { name: /^E-mail/ })).toHaveAttribute(
    'href',
    `mailto:ester-${tag}@exemplo.com?subject=${encodeURIComponent('Seu contato com a Pilota — Ester')}`,
  );

  // On the first screen of a 390 px phone, no swipe: the statuses, "Descartar" and the note box.
  const texto = page.getByLabel('Nota', { exact: true });
  await expect(actions.getByRole('button', { name: 'Em contato' })).toBeInViewport();
  await expect(actions.getByRole('button', { name: 'Descartar' })).toBeInViewport();
  await expect(texto).toBeInViewport();

  // "Em contato" in one action; the page comes back to its answer, under the bar, not the top.
  await actions.getByRole('group', { name: 'Mudar status' }).getByRole('button', { name: 'Em contato' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Status alterado para “Em contato”.' })).toBeVisible();
  await expect(page).toHaveURL(/#resultado$/);
  await expect(page.locator('#resultado')).toBeFocused();

  // A note, with the keyboard: saved in place, the note box still in view, the note heading the history.
  await texto.fill(`Cliente pediu retorno ${tag}`);
  await tabToAndPress(page, texto, 'Salvar nota');
  await expect(page.getByRole('status').filter({ hasText: 'Nota salva.' })).toBeVisible();
  await expect(page).toHaveURL(/#resultado$/);
  await expect(page.locator('#resultado')).toBeFocused();
  await expect(texto).toBeInViewport();
  const timeline = page.getByTestId('lead-timeline');
  await expect(timeline.getByRole('listitem').first()).toContainText(`Cliente pediu retorno ${tag}`);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('Novo → Em contato');
  await expect(timeline).toContainText(account.name);
  expect(await seriousViolations(page)).toEqual([]);

  // The next lead of the "novos" view, though Ester has just left it.
  await page.getByRole('link', { name: 'Próximo lead' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nome);
  await expect(page).toHaveURL(/[?&]status=novo/);

  // At the desk.
  await page.setViewportSize({ width: 1366, height: 768 });
  expect(await scrollsSideways(page)).toBe(false);
  const dalvaWhatsApp = new URL((await page.getByRole('link', { name: /WhatsApp/ }).getAttribute('href'))!);
  expect(`${dalvaWhatsApp.origin}${dalvaWhatsApp.pathname}`).toBe('https://wa.me/5541998765432');
  expect(dalvaWhatsApp.searchParams.get('text')).toContain('Olá, Dalva!');
  const deliveries = page.getByRole('table', { name: 'Entregas' });
  await expect(deliveries).toContainText('E-mail para a equipe');
  await expect(deliveries).toContainText('127.0.0.1');
  await expect(deliveries).not.toContainText('/hook');
  expect(await seriousViolations(page)).toEqual([]);

  // A discard needs a reason: refused (the choice stays), the error next to the reason and the focus on it.
  const statusForm = () => page.getByRole('form', { name: 'Alterar status' });
  await statusForm().getByLabel('Novo status').selectOption({ label: 'Descartado' });
  await tabToAndPress(page, statusForm().getByLabel(/^Qual motivo/), 'Alterar status');
  await expect(page.getByRole('alert').filter({ hasText: 'Escolha o motivo do descarte.' })).toBeVisible();
  await expect(statusForm().getByLabel('Novo status')).toHaveValue('descartado');
  await expect(page).toHaveURL(/#status-motivo$/);
  await expect(statusForm().getByLabel(/^Motivo/)).toBeFocused();
  await expect(statusForm().getByLabel(/^Motivo/)).toHaveAccessibleDescription('Escolha o motivo do descarte.');
  expect(await seriousViolations(page)).toEqual([]);

  // Back on the phone: discarded from the sticky bar in three taps — Descartar, a reason, Descartar.
  await page.setViewportSize({ width: 390, height: 844 });
  let taps = 0;
  await page
    .getByTestId('lead-actions')
    .getByRole('button', { name: 'Descartar' })
    .click()
    .then(() => taps++);
  const discard = page.getByRole('dialog', { name: `Descartar ${nome}` });
  await discard
    .getByRole('radio', { name: 'Sem interesse' })
    .click()
    .then(() => taps++);
  await discard
    .getByRole('button', { name: 'Descartar' })
    .click()
    .then(() => taps++);
  expect(taps).toBeLessThanOrEqual(3);
  await expect(page.getByRole('status').filter({ hasText: 'Status alterado para “Descartado”.' })).toBeVisible();
  await expect(page).toHaveURL(/#resultado$/);
  const dalvaTimeline = page.getByTestId('lead-timeline');
  await expect(dalvaTimeline.getByRole('listitem').first()).toContainText('Novo → Descartado');
  await expect(dalvaTimeline.getByRole('listitem').first()).toContainText('Motivo: Sem interesse');

  // She takes Dalva herself, then "Meus leads" lists her.
  const assign = page.getByTestId('lead-assign');
  await assign.getByLabel('Responsável').selectOption({ label: `${account.name} (eu)` });
  await assign.getByRole('button', { name: 'Atribuir' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Lead atribuído a ${account.name}.` })).toBeVisible();
  await expect(dalvaTimeline).toContainText(`Atribuído a ${account.name}`);
  await page.getByRole('link', { name: 'Voltar para os contatos' }).click();
  await page.getByTestId('lead-views').getByRole('link', { name: 'Meus leads' }).click();
  await expect(page).toHaveURL(/[?&]responsavel=eu/);
  await expect(page.getByTestId('lead-views').getByRole('link', { name: 'Meus leads' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('link', { name: nome, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: ester, exact: true })).toHaveCount(0);
  expect(await scrollsSideways(page)).toBe(false);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the phone menu stays open, and a status changes from the list and from the lead page by plain posts', async ({
    page,
    context,
    baseURL,
  }) => {
    const tag = randomBytes(4)
      .toString('hex')
      .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);
    const nome = `Nina Sem Script ${tag}`;
    await postLead(baseURL!, { nome, email: `nina-${tag}@exemplo.com`, celular: '(11) 98765-4321' });
    const { cookie } = await teamSession('vendas');
    await signInAs(context, cookie, baseURL!);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/leads?q=${tag}`);
    await expect(
      page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Leads' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();

    // The row's own reason field and button: a discard without a reason is refused.
    const row = () => page.getByRole('row').filter({ hasText: tag });
    await row().getByLabel(`Novo status de ${nome}`).selectOption({ label: 'Descartado' });
    await row()
      .getByRole('button', { name: `Alterar: ${nome}` })
      .click();
    await expect(page.getByRole('alert')).toContainText('Escolha o motivo do descarte.');
    await row().getByLabel(`Novo status de ${nome}`).selectOption({ label: 'Em contato' });
    await row()
      .getByRole('button', { name: `Alterar: ${nome}` })
      .click();
    await expect(page.getByRole('status')).toContainText('Em contato');
    // Post/Redirect/Get: a clean address back at her card; a refresh posts nothing again.
    await expect(page).toHaveURL(new RegExp(`/admin/leads\\?q=${tag}#lead-[0-9a-f-]{36}$`));
    await page.reload();
    await expect(page.getByRole('status')).toHaveCount(0);

    await page.getByRole('link', { name: nome, exact: true }).click();
    await expect(page.getByTestId('lead-timeline').getByText('Novo → Em contato')).toHaveCount(1);
    await page.getByRole('group', { name: 'Mudar status' }).getByRole('button', { name: 'Qualificado' }).click();
    await expect(page.getByRole('status')).toContainText('Status alterado para “Qualificado”.');

    // The sticky bar's "Descartar" without its dialog: the reason is asked at its field, focused.
    await page.getByTestId('lead-actions').getByRole('button', { name: 'Descartar' }).click();
    await expect(page.getByRole('alert')).toContainText('Escolha o motivo do descarte.');
    await expect(page).toHaveURL(/#status-motivo$/);
    const statusForm = page.getByRole('form', { name: 'Alterar status' });
    await expect(statusForm.getByLabel(/^Motivo/)).toBeFocused();
    await statusForm.getByLabel(/^Motivo/).selectOption({ label: 'Outro' });
    await statusForm.getByLabel(/^Qual motivo/).fill('Fechou a imobiliária');
    await statusForm.getByRole('button', { name: 'Alterar status' }).click();
    await expect(page.getByTestId('lead-timeline').getByRole('listitem').first()).toContainText(
      'Motivo: Outro: Fechou a imobiliária',
    );
  });
});
