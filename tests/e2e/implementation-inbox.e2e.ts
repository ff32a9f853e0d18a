/*
 * Implementation requests in the sales inbox in Chromium, against the
 * production build: an admin finds a request from the nav, searches it without accents,
 * finds it on a phone (a card) by the reference the customer was given, opens it, moves it along with the keyboard (a plain form post), downloads its CNH and sees
 * the download in its history. axe finds no serious or critical violation on either page.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { teamSession } from './team';
import { expect, test } from './fixtures';
import { seriousViolations, signInAs } from './admin-helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('an admin finds, moves and downloads an implementation request; the download is recorded', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const nome = `Iracema Conceição ${tag}`;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    tipoDocumento: 'cpf',
    cpf: '529.982.247-25',
    nomeCompleto: nome,
    celular: '(31) 99876-1234',
    email: `iracema-${tag}@exemplo.com`,
    emailAcesso: `acesso-${tag}@exemplo.com`,
    senha: 'segredo123',
  }))
    form.append(name, value);
  form.append('cnh', new Blob([PDF], { type: 'application/pdf' }), 'cnh-iracema.pdf');
  const created = await fetch(`${baseURL}/api/implementacao`, {
    method: 'POST',
    headers: { Origin: baseURL!, Accept: 'application/json' },
    body: form,
  });
  expect(created.status).toBe(201);

  const { account, cookie } = await teamSession('admin');
  await signInAs(context, cookie, baseURL!);
  await page.goto('/blog/admin');
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Implantações' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitações de implantação' })).toBeVisible();

  // Searched without accents or case.
  await page.getByLabel('Buscar').fill(`iracema conceicao ${tag}`);
  await page.getByLabel('Buscar').press('Enter');
  await expect(page).toHaveURL(/[?&]q=iracema/);
  const table = page.getByRole('table', { name: 'Solicitações de implantação' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(nome);
  expect(await seriousViolations(page)).toEqual([]);

  // On a phone: a card per request, found by the reference the customer was given, the phone one tap away.
  const { id } = (await created.json()) as { id: string };
  const reference = id.slice(0, 8).toUpperCase();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/implantacoes?q=${reference}`);
  const card = page.locator(`tr[data-request-id="${id}"]`);
  await expect(card).toContainText(nome);
  await expect(card).toContainText('Recebida');
  await expect(card).toContainText(`Ref. ${reference}`);
  await expect(card.getByRole('link', { name: /^Ligar/ })).toHaveAttribute('href', 'tel:+5531998761234');
  await expect(card.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/5531998761234');
  // Nothing off to the side: "Abrir" within the phone's width, the list's box not scrolling sideways.
  const open = (await card.getByRole('link', { name: /^Abrir/ }).boundingBox())!;
  expect(open.x).toBeGreaterThanOrEqual(0);
  expect(open.x + open.width).toBeLessThanOrEqual(390);
  const box = page.getByRole('region', { name: 'Tabela: Solicitações de implantação' });
  expect(await box.evaluate((region) => region.scrollWidth <= region.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= 390)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 768 });

  await table.getByRole('link', { name: new RegExp(`Abrir.*${tag}`) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(nome);
  expect(await seriousViolations(page)).toEqual([]);

  // Moved with the keyboard: the form posts to the page itself.
  await page.getByLabel('Novo status').selectOption({ label: 'Em implantação' });
  await page.getByLabel('Novo status').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Alterar status' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Status alterado para “Em implantação”.' })).toBeVisible();
  await expect(page.getByTestId('current-status')).toHaveText('Em implantação');
  const history = page.getByRole('table', { name: 'Histórico de status' });
  await expect(history).toContainText(account.name);
  await expect(history).toContainText('Recebida');

  // Downloaded, then recorded with who and when.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar CNH' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('cnh-iracema.pdf');
  expect(await readFile((await download.path())!)).toEqual(PDF);
  await page.reload();
  const downloads = page.getByRole('table', { name: 'Downloads de documentos' });
  await expect(downloads).toContainText(account.name);
  await expect(downloads.getByRole('cell').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}/);
  expect(await seriousViolations(page)).toEqual([]);
});
