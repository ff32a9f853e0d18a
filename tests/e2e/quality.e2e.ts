import { PUBLIC_ROUTES } from '../../scripts/public-routes';
import { expect, test } from './fixtures';
import { seriousViolations } from './admin-helpers';

/*
 * Quality gates that must hold on every public route: no serious or critical
 * accessibility violation (axe, WCAG 2.1 AA) and the security headers.
 */

// The sign-in card and its password pages (a valid-looking token, and the used/expired link's state).
const AUTH_PAGES = [
  '/auth',
  '/auth/esqueci-senha',
  '/auth/nova-senha?token=abc123',
  '/auth/nova-senha?error=INVALID_TOKEN',
];

for (const route of [...PUBLIC_ROUTES, ...AUTH_PAGES]) {
  test(`axe finds no serious violation on ${route}`, async ({ page }) => {
    await page.goto(route);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe finds no serious violation in the open lead dialog', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Solicitar Contato' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitar contato' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Nome/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('every public route is served with the security headers', async ({ request }) => {
  for (const route of PUBLIC_ROUTES) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    const headers = response.headers();
    // Prerendered pages: our header + Astro's <meta>. On-demand pages: both policies as headers.
    const policies = response.headersArray().filter((h) => h.name.toLowerCase() === 'content-security-policy');
    expect(policies.map((h) => h.value).join(' | '), route).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options'], route).toBe('DENY');
    expect(headers['x-content-type-options'], route).toBe('nosniff');
    expect(headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], route).toContain('camera=()');
    const html = await response.text();
    // The script policy (a hash per inline script) comes from Astro, in a <meta> or a header.
    const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1];
    const scriptPolicy = [meta ?? '', ...policies.map((h) => h.value)].join(';').match(/script-src[^;]*/)?.[0];
    expect(scriptPolicy, route).toMatch(/^script-src 'self'( 'sha256-[^']+')*\s*$/);
  }
});

test('pages respect prefers-reduced-motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const behavior = await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
  expect(behavior).toBe('auto');
});

test('keyboard only: open the lead dialog from the nav, fill it, send it', async ({ page }) => {
  await page.goto('/');
  // Tab from the top of the page to the nav's "Solicitar Contato".
  for (let step = 0; step < 25; step++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => document.activeElement?.textContent?.trim());
    if (label === 'Solicitar Contato') break;
  }
  await expect(
    page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Solicitar Contato' }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Solicitar contato' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('astro-island:not([ssr])')).toHaveCount(1);

  const nome = dialog.getByRole('textbox', { name: 'Nome completo' });
  for (let step = 0; step < 5 && !(await nome.evaluate((el) => el === document.activeElement)); step++) {
    await page.keyboard.press('Tab');
  }
  await expect(nome).toBeFocused();
  await page.keyboard.type('Teclado Silva');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`teclado-${Date.now()}@exemplo.com`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('11987654321');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Você é')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel('Você é')).toHaveValue('proprietario');
  // Empresa stays hidden for proprietário; the next stop is the submit button.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Solicitar contato' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Mensagem enviada!')).toBeVisible();
  await page.waitForURL('**/obrigado');
});

test('the dialog traps focus and gives it back to its trigger on Escape', async ({ page }) => {
  await page.goto('/planos');
  const trigger = page
    .getByRole('main')
    .getByRole('link', { name: /Profissional$/ })
    .first();
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Solicitar contato' });
  await expect(dialog).toBeVisible();
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab');
    const inside = await dialog.evaluate(
      (el) => el.contains(document.activeElement) || document.activeElement === document.body,
    );
    expect(inside).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});
