import { expect, test } from './fixtures';

test.describe('site chrome', () => {
  test('unknown paths answer 404 with the spec text and a way home', async ({ page }) => {
    const response = await page.goto('/pagina-que-nao-existe');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: /Voltar ao início/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the nav highlights the current page and opens the web app in a new tab', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link', { name: 'Início' })).toHaveAttribute('aria-current', 'page');
    const app = nav.getByRole('link', { name: /Acessar/ });
    await expect(app).toHaveAttribute('target', '_blank');
    await expect(app).toHaveAttribute('rel', /noopener/);
  });

  test('"Solicitar Contato" opens the lead dialog; Escape closes it and focus returns', async ({ page }) => {
    await page.goto('/');
    const trigger = page
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('link', { name: 'Solicitar Contato' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Solicitar contato' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});
