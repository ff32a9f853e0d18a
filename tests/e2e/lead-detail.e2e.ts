/*
 * A lead's page in Chromium, against the production build: a seller opens
 * a lead from the list, reads its deliveries (the webhook by host only), writes a note and
 * discards the lead with the keyboard alone (plain form posts, no JavaScript needed) — a
 * discard without a reason is refused and keeps the choice. axe finds no serious or
 * critical violation, before and after.
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

test('a seller opens a lead, notes it and discards it with the keyboard', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  // Letters only: the form refuses digits in a name.
  const tag = randomBytes(4)
    .toString('hex')
    .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);
  const nome = `Dalva Conceição ${tag}`;
  const lead = await fetch(`${baseURL}/_actions/lead`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseURL!, Accept: 'application/json' },
    body: new URLSearchParams({
      nome,
      email: `dalva-${tag}@exemplo.com`,
      celular: '(41) 99876-5432',
      tipo: 'proprietario',
      submission_key: crypto.randomUUID(),
    }).toString(),
  });
  expect(lead.status, await lead.clone().text()).toBe(200);

  const { account, cookie } = await teamSession('vendas');
  await signInAs(context, cookie, baseURL!);
  await page.goto(`/admin/leads?q=${tag}`);
  await page.getByRole('link', { name: nome, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nome);
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/5541998765432');
  const deliveries = page.getByRole('table', { name: 'Entregas' });
  await expect(deliveries).toContainText('E-mail para a equipe');
  await expect(deliveries).toContainText('127.0.0.1');
  await expect(deliveries).not.toContainText('/hook');
  expect(await seriousViolations(page)).toEqual([]);

  // A note, with the keyboard.
  const texto = page.getByLabel('Nota', { exact: true });
  await texto.fill(`Cliente pediu retorno ${tag}`);
  await tabToAndPress(page, texto, 'Salvar nota');
  await expect(page.getByRole('status').filter({ hasText: 'Nota salva.' })).toBeVisible();
  const timeline = page.getByTestId('lead-timeline');
  await expect(timeline).toContainText(`Cliente pediu retorno ${tag}`);
  await expect(timeline).toContainText(account.name);

  // A discard needs a reason: refused (the choice stays), then done.
  await page.getByLabel('Novo status').selectOption({ label: 'Descartado' });
  const motivo = page.getByLabel(/^Motivo/);
  await tabToAndPress(page, motivo, 'Alterar status');
  await expect(page.getByRole('alert').filter({ hasText: 'Informe o motivo do descarte.' })).toBeVisible();
  await expect(page.getByLabel('Novo status')).toHaveValue('descartado');
  await motivo.fill('Sem interesse no momento');
  await tabToAndPress(page, motivo, 'Alterar status');
  await expect(page.getByRole('status').filter({ hasText: 'Status alterado para “Descartado”.' })).toBeVisible();
  await expect(timeline).toContainText('Novo → Descartado');
  await expect(timeline).toContainText('Sem interesse no momento');
  expect(await seriousViolations(page)).toEqual([]);
});
