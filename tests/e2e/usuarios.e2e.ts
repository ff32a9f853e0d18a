/*
 * User management in Chromium: an admin changes a seller's role from
 * /admin/usuarios with the keyboard alone and reads the result; the page and the sales
 * team's home have no serious or critical axe violation; the seller is refused the page.
 * Invitations: the form preselects no role (the browser asks for one); an admin invites a
 * seller, the invitee opens the e-mailed link, chooses a name and password and lands on the
 * leads; the used link, and a revoked invitation's link, open pt-BR pages saying so.
 */
import { randomBytes } from 'node:crypto';
import { invitationPage } from '../../src/messages/auth';
import { invitationEmail } from '../../src/messages/auth-emails';
import { inboxHomeCopy } from '../../src/messages/inbox/home';
import { teamMembersCopy as copy } from '../../src/messages/inbox/team-members';
import { teamCookie, e2eMailbox, TEST_PASSWORD } from '../../scripts/support/blog-accounts';
import { waitForMail } from '../../scripts/support/captured';
import { teamSession } from './team';
import { expect, test } from './fixtures';
import { seriousViolations, signInAs } from './admin-helpers';

test('an admin changes a seller’s role with the keyboard; the seller’s home counts the inbox', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A seller of its own: the test changes the seller's role.
  const seller = await teamCookie(baseURL!, process.env['E2E_DATA_DIR']!, 'vendas', e2eMailbox);
  const admin = await teamSession('admin');

  // The seller's home: the inbox's counts, each a link to its list; no way into the people.
  await signInAs(context, seller.cookie, baseURL!);
  await page.goto('/blog/admin');
  const inbox = page.getByRole('region', { name: inboxHomeCopy.title });
  await expect(inbox.getByRole('link', { name: new RegExp(inboxHomeCopy.atrasados) })).toHaveAttribute(
    'href',
    '/admin/leads?atrasados=1',
  );
  await expect(
    page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Usuários' }),
  ).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  const refused = await page.goto('/admin/usuarios');
  expect(refused?.status()).toBe(403);

  // The admin's page of people.
  await signInAs(context, admin.cookie, baseURL!);
  await page.goto('/admin/usuarios');
  await expect(
    page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Usuários' }),
  ).toHaveAttribute('aria-current', 'page');
  const row = page.getByRole('row').filter({ hasText: seller.account.email });
  await expect(row.getByRole('cell').nth(2)).toHaveText(copy.roleLabels.vendas);
  await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard only: focus the role select, pick "Editor", Tab to its button, Enter.
  const select = row.getByRole('combobox', { name: copy.roleSelect(seller.account.name) });
  await select.focus();
  await select.selectOption('editor');
  await page.keyboard.press('Tab');
  await expect(row.getByRole('button', { name: copy.saveRoleLabel(seller.account.name) })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(copy.roleChanged(seller.account.name, copy.roleLabels.editor));
  const after = page.getByRole('row').filter({ hasText: seller.account.email });
  await expect(after.getByRole('cell').nth(2)).toHaveText(copy.roleLabels.editor);
  await expect(after.getByRole('cell').nth(5)).toHaveText('0');
  expect(await seriousViolations(page)).toEqual([]);
});

test('an admin invites a seller, who sets a password and reaches the leads; used and revoked links are refused', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await teamSession('admin');
  const inv = copy.invitations;
  const suffix = randomBytes(4).toString('hex');
  const seller = `convite-${suffix}@pilota.example`;
  const revoked = `revogado-${suffix}@pilota.example`;
  const linkIn = async (email: string) => {
    const mail = await waitForMail((message) => message.envelopeTo.includes(email), 60_000);
    expect(mail.subject).toBe(invitationEmail.subject);
    // The path only: the server's SITE_URL may spell the host differently from baseURL.
    const url = new URL(/https?:\/\/\S+\/auth\/convite\?token=[\w-]+/.exec(mail.text ?? '')![0]);
    return url.pathname + url.search;
  };

  await signInAs(context, admin.cookie, baseURL!);
  await page.goto('/admin/usuarios');
  // No role is preselected: sent without a choice, the browser asks for one and nothing goes out.
  const role = page.getByLabel(inv.role, { exact: true });
  await expect(role).toHaveValue('');
  await page.getByLabel(inv.email, { exact: true }).fill(seller);
  await page.getByRole('button', { name: inv.submit, exact: true }).click();
  expect(await role.evaluate((select: HTMLSelectElement) => select.validity.valueMissing)).toBe(true);
  await expect(page.getByRole('status')).toHaveCount(0);
  const invite = async (email: string) => {
    await page.getByLabel(inv.email, { exact: true }).fill(email);
    await page.getByLabel(inv.role, { exact: true }).selectOption('vendas');
    await page.getByRole('button', { name: inv.submit, exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(inv.invited(email));
  };
  await invite(seller);
  await invite(revoked);
  const invitations = page.getByRole('table', { name: inv.tableTitle });
  await expect(invitations.getByRole('row').filter({ hasText: seller })).toContainText(inv.statusLabels.pendente);
  await invitations.getByRole('button', { name: inv.revokeLabel(revoked) }).click();
  await expect(page.getByRole('status')).toHaveText(inv.revoked(revoked));
  await expect(invitations.getByRole('row').filter({ hasText: revoked })).toContainText(inv.statusLabels.revogado);
  expect(await seriousViolations(page)).toEqual([]);

  // The invitee, signed in as nobody: the e-mailed link, a name and a password.
  await context.clearCookies({ name: 'pilota.session_token' });
  const link = await linkIn(seller);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(invitationPage.heading);
  // The admin area's shell, on a phone too: no cookie banner over the form, no menu for nobody.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('[data-cookie-banner]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: invitationPage.submit })).toBeInViewport();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 768 });
  // The page's own form.
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: invitationPage.submit }) });
  await form.getByLabel(invitationPage.fullName).fill('Vendedora Convidada');
  await form.getByLabel(invitationPage.password, { exact: true }).fill(TEST_PASSWORD);
  await form.getByRole('button', { name: invitationPage.submit }).click();
  // Her day: "Hoje", a salesperson's home.
  await expect(page).toHaveURL(/\/admin\/hoje$/);

  // The same link again, and the revoked invitation's: pt-BR pages that say why.
  for (const [url, reason] of [
    [link, invitationPage.invalid.aceito],
    [await linkIn(revoked), invitationPage.invalid.revogado],
  ] as const) {
    const response = await page.goto(url);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(reason.heading);
    await expect(page.getByText(reason.text)).toBeVisible();
  }
});
