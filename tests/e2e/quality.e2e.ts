import type { Page } from '@playwright/test';
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

/** The smallest tap target WCAG 2.2 AA asks for (SC 2.5.8), in CSS pixels. */
const MIN_TARGET = 24;

/**
 * Links and buttons of the page's body and footer smaller than 24×24 px, as "text (w×h)".
 * A link inside a sentence is exempt, as SC 2.5.8 exempts it: its size is the text's.
 */
const smallTargets = (page: Page) =>
  page.evaluate((min) => {
    const targets = document.querySelectorAll<HTMLElement>(
      ':is(main, footer) :is(a[href], button, summary, [role="button"], [role="tab"])',
    );
    return Array.from(targets).flatMap((target) => {
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (!box.width || !box.height || style.visibility === 'hidden' || target.closest('[aria-hidden="true"]'))
        return [];
      if (style.position === 'absolute' && box.width <= 1) return []; // visually hidden (a skip link)
      const block = target.parentElement?.closest('p, li, dd, td');
      const inSentence =
        style.display === 'inline' && block && block.textContent!.trim().length > target.textContent!.trim().length;
      if (inSentence || (box.width >= min && box.height >= min)) return [];
      return [
        `${target.textContent!.trim().slice(0, 40) || target.getAttribute('aria-label')} (${Math.round(box.width)}×${Math.round(box.height)})`,
      ];
    });
  }, MIN_TARGET);

/** The floating WhatsApp button's box, or null while it is hidden. */
const whatsAppBox = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('[data-whatsapp-button]');
    if (!button || getComputedStyle(button).visibility === 'hidden') return null;
    const { left, right, top, bottom } = button.getBoundingClientRect();
    return right > left ? { left, right, top, bottom } : null;
  });

/** Text, links and fields of the body and footer that the WhatsApp button covers, scrolled to the page's end. */
const coveredAtTheEnd = (page: Page) =>
  page.evaluate(() => {
    // Instantly: the site scrolls smoothly, and the boxes are read at once.
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    const button = document.querySelector<HTMLElement>('[data-whatsapp-button]')!.getBoundingClientRect();
    const covered: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(':is(main, footer) :is(p, li, a, button, h2, h3)')) {
      for (const box of element.getClientRects()) {
        const overlaps =
          box.left < button.right && box.right > button.left && box.top < button.bottom && box.bottom > button.top;
        if (overlaps) covered.push(element.textContent!.trim().slice(0, 40));
      }
    }
    return covered;
  });

for (const route of [...PUBLIC_ROUTES, ...AUTH_PAGES]) {
  const isPublic = PUBLIC_ROUTES.includes(route);
  test(`axe finds no serious violation on ${route}${isPublic ? '; at 390 px tap targets are 24 px and the WhatsApp button covers nothing' : ''}`, async ({
    page,
  }) => {
    await page.goto(route);
    expect(await seriousViolations(page)).toEqual([]);
    if (!isPublic) return;

    // The same page on a phone: no extra load.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await smallTargets(page), 'links and buttons under 24×24 px').toEqual([]);
    expect(await coveredAtTheEnd(page), 'what the WhatsApp button covers at the end of the page').toEqual([]);
    // A focused field is never under the button.
    const fields = page.locator('main :is(input:not([type=hidden]), select, textarea)').filter({ visible: true });
    for (const field of await fields.all()) {
      await field.focus();
      const button = await whatsAppBox(page);
      const box = await field.boundingBox();
      const overlaps =
        button &&
        box &&
        box.x < button.right &&
        box.x + box.width > button.left &&
        box.y < button.bottom &&
        box.y + box.height > button.top;
      expect(overlaps ?? false, `${route}: the WhatsApp button over a focused field`).toBe(false);
    }
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

test('every public route answers 200 with the security headers', async ({ request }) => {
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
  // Empresa stays hidden for proprietário; the next stop is the optional marketing box, left
  // unticked, then the submit button.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox', { name: /Quero receber novidades/ })).toBeFocused();
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
  // A plan's "Começar teste grátis" heads the dialog with the free trial.
  const dialog = page.getByRole('dialog', { name: 'Comece seu teste grátis de 7 dias' });
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
