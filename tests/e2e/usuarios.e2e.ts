/*
 * User management in Chromium: an admin changes a seller's role from
 * /admin/usuarios with the keyboard alone and reads the result; the page and the sales
 * team's home have no serious or critical axe violation; the seller is refused the page.
 */
import { inboxHomeCopy, teamMembersCopy as copy } from '../../content/messages/inbox';
import { teamCookie, e2eMailbox } from '../support/blog-accounts';
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
