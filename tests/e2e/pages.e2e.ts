import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * The four content pages (SPEC §2): status, key copy, the feature tabs, the
 * comparison toggle, the pricing switch's arithmetic on every card, the FAQ
 * accordion, the small-screen menu and the lead dialog from page CTAs.
 *
 * Expected copy and prices are written here by hand from SPEC §2 and §9 (not read
 * from content/), so a wrong value in content or code fails the test.
 */

/** Intl puts a no-break space after "R$"; compare text with plain spaces. */
const normalise = (text: string | null) =>
  (text ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const textOf = async (locator: Locator) => normalise(await locator.textContent());

const FEATURE_TABS = [
  'Gestão de Imóveis',
  'Contratos',
  'Automação Financeira',
  'Business Intelligence',
  'Envio por WhatsApp',
  'Integração com Portais',
  'Portal do Inquilino',
];

// SPEC §9, plans page: monthly, annual ÷ 12 (rounded to the cent), annual total.
const PLANS = [
  { name: 'Iniciante', monthly: 'R$ 49,00', annualPerMonth: 'R$ 40,83', annualTotal: 'R$ 490,00' },
  { name: 'Crescimento', monthly: 'R$ 79,90', annualPerMonth: 'R$ 66,66', annualTotal: 'R$ 799,90' },
  { name: 'Potencial', monthly: 'R$ 99,90', annualPerMonth: 'R$ 83,33', annualTotal: 'R$ 999,90' },
  { name: 'Profissional', monthly: 'R$ 149,90', annualPerMonth: 'R$ 124,00', annualTotal: 'R$ 1.488,00' },
  { name: 'Imobiliária', monthly: 'R$ 299,90', annualPerMonth: 'R$ 249,17', annualTotal: 'R$ 2.990,00' },
];
const ANNUAL_BADGE = 'Economize até 20% no plano anual!';

const leadDialog = (page: Page) => page.getByRole('dialog', { name: 'Solicitar contato' });
/** The same dialog opened by a "Começar teste grátis" button: headed by what the button promised. */
const trialDialog = (page: Page) => page.getByRole('dialog', { name: 'Comece seu teste grátis de 7 dias' });
const visiblePanels = (page: Page) => page.locator('[role="tabpanel"]:visible');

test.describe('home /', () => {
  test('answers 200 with hero, trial badges, both CTAs, pains, method and metrics', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Pilota/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /7 dias grátis/);

    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    for (const badge of ['7 dias grátis', 'Sem cartão de crédito', 'Cancele quando quiser']) {
      await expect(hero.getByRole('listitem').filter({ hasText: badge })).toBeVisible();
    }
    await expect(hero.getByRole('link', { name: /Começar teste grátis/ })).toHaveAttribute(
      'data-lead-trigger',
      'hero-teste-gratis',
    );
    await expect(hero.getByRole('link', { name: 'Falar com um consultor' })).toHaveAttribute(
      'data-lead-trigger',
      'hero-consultor',
    );

    const pains = page.getByRole('region', { name: 'Administrar aluguéis na mão custa caro' });
    await expect(pains.getByRole('heading', { level: 3 })).toHaveCount(4);
    const method = page.getByRole('region', { name: 'Como a Pilota funciona' });
    await expect(method.getByRole('listitem')).toHaveCount(3);
    await expect(method.getByRole('heading', { level: 3 })).toHaveText(['Cadastre', 'Automatize', 'Acompanhe']);

    for (const figure of ['98%', '70%', '+5.000', '60%']) {
      await expect(page.getByRole('definition').filter({ hasText: figure })).toBeVisible();
    }
  });

  test('the comparison starts on the others tab and switches by click and arrow keys', async ({ page }) => {
    await page.goto('/');
    const region = page.getByRole('region', { name: /Por que quem troca de sistema/ });
    const tablist = region.getByRole('tablist', { name: /Por que quem troca de sistema/ });
    const others = tablist.getByRole('tab', { name: 'Outros sistemas' });
    const pilota = tablist.getByRole('tab', { name: 'Com a Pilota' });

    await expect(others).toHaveAttribute('aria-selected', 'true');
    await expect(pilota).toHaveAttribute('aria-selected', 'false');
    await expect(region.getByRole('tabpanel')).toHaveCount(1);
    await expect(region.getByRole('tabpanel')).toContainText('Fidelidade e multa para cancelar');

    await pilota.click();
    await expect(pilota).toHaveAttribute('aria-selected', 'true');
    await expect(others).toHaveAttribute('aria-selected', 'false');
    await expect(region.getByRole('tabpanel')).toHaveCount(1);
    await expect(region.getByRole('tabpanel')).toContainText('Repasses automáticos aos proprietários');
    await expect(region.getByRole('tabpanel')).not.toContainText('Fidelidade e multa para cancelar');

    // Roving tabindex: only the selected tab is in the Tab order.
    await expect(pilota).toHaveAttribute('tabindex', '0');
    await expect(others).toHaveAttribute('tabindex', '-1');
    await pilota.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(others).toBeFocused();
    await expect(others).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(pilota).toBeFocused();
    await expect(pilota).toHaveAttribute('aria-selected', 'true');
  });

  test('a hero CTA opens the lead dialog by mouse and closes with the close button; focus returns', async ({
    page,
  }) => {
    await page.goto('/');
    const trigger = page
      .locator('section', { has: page.getByRole('heading', { level: 1 }) })
      .getByRole('link', { name: /Começar teste grátis/ });
    await trigger.click();
    const dialog = trialDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-source', 'hero-teste-gratis');
    await expect(dialog.getByLabel('Nome completo')).toBeVisible();
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('a hero CTA opens the lead dialog from the keyboard and Escape closes it; focus returns', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('link', { name: 'Falar com um consultor' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = leadDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-source', 'hero-consultor');
    // Focus moved into the modal.
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe('about /sobre', () => {
  test('answers 200 with the story, the name, four values, mission, vision and counters', async ({ page }) => {
    const response = await page.goto('/sobre');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Sobre a Pilota/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Como tudo começou' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Por que .Pilota.\?/ })).toBeVisible();
    const values = page.getByRole('region', { name: 'Nossos valores' });
    await expect(values.getByRole('heading', { level: 3 })).toHaveText([
      'Simplicidade',
      'Transparência',
      'Segurança',
      'Proximidade',
    ]);
    await expect(page.getByRole('heading', { name: 'Missão' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Visão' })).toBeVisible();
    const counters = page.getByRole('region', { name: 'A Pilota em números' });
    for (const figure of ['500+', '10k+', '96%', '87%']) {
      await expect(counters.getByRole('definition').filter({ hasText: figure })).toBeVisible();
    }
    await expect(
      page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Sobre' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('features /funcionalidades', () => {
  test('answers 200 with seven tabs, the first active, and the 3-to-500 statement', async ({ page }) => {
    const response = await page.goto('/funcionalidades');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Funcionalidades/);
    const tabs = page.getByRole('tablist', { name: 'Funcionalidades da Pilota' }).getByRole('tab');
    await expect(tabs).toHaveText(FEATURE_TABS);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[role="tab"][aria-selected="true"]')).toHaveCount(1);
    await expect(visiblePanels(page)).toHaveCount(1);
    await expect(
      page.getByText('Planos de 3 a 500 imóveis, com proprietários e inquilinos ilimitados.').first(),
    ).toBeVisible();
  });

  test('the server-rendered page already shows the whole first panel (no JavaScript needed)', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
    const page = await context.newPage();
    await page.goto('/funcionalidades');
    const panel = page.getByRole('tabpanel', { name: 'Gestão de Imóveis' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(panel.getByRole('listitem').first()).toBeVisible();
    await expect(panel.getByRole('figure')).toContainText('Carteira de imóveis');
    await expect(visiblePanels(page)).toHaveCount(1);
    await context.close();
  });

  test('clicking a tab shows only its panel, with a list, a result and a mock dashboard', async ({ page }) => {
    await page.goto('/funcionalidades');
    for (const name of ['Contratos', 'Portal do Inquilino', 'Automação Financeira']) {
      const tab = page.getByRole('tab', { name });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator('[role="tab"][aria-selected="true"]')).toHaveCount(1);
      await expect(visiblePanels(page)).toHaveCount(1);
      const panel = page.getByRole('tabpanel', { name });
      await expect(panel).toBeVisible();
      expect(await panel.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
      await expect(panel.getByRole('figure')).toBeVisible();
    }
    await expect(page.getByRole('tabpanel', { name: 'Automação Financeira' })).toContainText('60% menos inadimplência');
  });

  test('arrow keys, Home and End move between tabs with a roving tabindex', async ({ page }) => {
    await page.goto('/funcionalidades');
    const tab = (name: string) => page.getByRole('tab', { name });
    await tab('Gestão de Imóveis').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab('Contratos')).toBeFocused();
    await expect(tab('Contratos')).toHaveAttribute('aria-selected', 'true');
    await expect(tab('Contratos')).toHaveAttribute('tabindex', '0');
    await expect(tab('Gestão de Imóveis')).toHaveAttribute('tabindex', '-1');
    await expect(visiblePanels(page)).toHaveCount(1);
    await expect(page.getByRole('tabpanel', { name: 'Contratos' })).toBeVisible();

    await page.keyboard.press('End');
    await expect(tab('Portal do Inquilino')).toBeFocused();
    await expect(tab('Portal do Inquilino')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tab('Gestão de Imóveis')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tab('Portal do Inquilino')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tab('Gestão de Imóveis')).toHaveAttribute('aria-selected', 'true');
    await expect(visiblePanels(page)).toHaveCount(1);
    await expect(page.getByRole('tabpanel', { name: 'Gestão de Imóveis' })).toBeVisible();
  });
});

test.describe('plans /planos', () => {
  const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

  test('answers 200 with five plans in order, add-ons, enterprise and six FAQs', async ({ page }) => {
    const response = await page.goto('/planos');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Planos e Preços/);
    // Plan names are h2: the cards sit right under the page's h1.
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(PLANS.map((p) => p.name));
    await expect(card(page, 'Profissional').getByText('Mais popular')).toBeVisible();
    await expect(page.getByText('Mais popular')).toHaveCount(1);
    await expect(card(page, 'Profissional')).toContainText('Até 150 imóveis');
    await expect(card(page, 'Profissional')).toContainText('2 usuários');
    await expect(card(page, 'Profissional')).toContainText('10GB');

    const addOns = page.getByRole('region', { name: 'Serviços adicionais' });
    await expect(addOns.getByRole('listitem')).toHaveCount(6);
    expect(await textOf(addOns.getByRole('listitem').filter({ hasText: 'Assinatura eletrônica' }))).toContain(
      'R$ 4,90 por documento',
    );
    await expect(addOns.getByText(/^sob consulta$/i)).toHaveCount(2);

    const enterprise = page.getByRole('region', { name: 'Mais de 500 imóveis?' });
    await expect(enterprise.getByRole('link', { name: 'Falar com um consultor' })).toHaveAttribute(
      'data-lead-trigger',
      'planos-enterprise',
    );
    await expect(page.getByRole('region', { name: 'Perguntas frequentes' }).getByRole('group')).toHaveCount(6);
  });

  test('monthly by default; annual shows annual ÷ 12, the struck monthly price and the total on all five cards', async ({
    page,
  }) => {
    await page.goto('/planos');
    const switcher = page.getByRole('radiogroup', { name: 'Período de cobrança' });
    const monthly = switcher.getByRole('radio', { name: 'Mensal' });
    const annual = switcher.getByRole('radio', { name: 'Anual' });
    await expect(monthly).toHaveAttribute('aria-checked', 'true');
    await expect(annual).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText(ANNUAL_BADGE)).toHaveCount(0);

    for (const plan of PLANS) {
      const text = await textOf(card(page, plan.name));
      expect(text).toContain(`${plan.monthly}/mês`);
      expect(text).not.toContain('Total anual');
      await expect(card(page, plan.name).locator('s')).toHaveCount(0);
    }

    await annual.click();
    await expect(annual).toHaveAttribute('aria-checked', 'true');
    await expect(monthly).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText(ANNUAL_BADGE)).toBeVisible();
    for (const plan of PLANS) {
      const item = card(page, plan.name);
      await expect.poll(() => textOf(item)).toContain(`${plan.annualPerMonth}/mês`);
      expect(await textOf(item.locator('s'))).toBe(plan.monthly);
      expect(await textOf(item)).toContain(`Total anual de ${plan.annualTotal}`);
      // The strike has a spoken explanation, not just a visual line.
      expect(await textOf(item)).toContain(`Preço mensal sem desconto: ${plan.monthly}`);
    }

    // Back to monthly from the keyboard: arrows move and select within the radio group.
    await annual.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(monthly).toBeFocused();
    await expect(monthly).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText(ANNUAL_BADGE)).toHaveCount(0);
    for (const plan of PLANS) {
      await expect.poll(() => textOf(card(page, plan.name))).toContain(`${plan.monthly}/mês`);
      await expect(card(page, plan.name).locator('s')).toHaveCount(0);
    }
    await page.keyboard.press('ArrowRight');
    await expect(annual).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText(ANNUAL_BADGE)).toBeVisible();
  });

  test('the FAQ accordion keeps at most one answer open', async ({ page }) => {
    await page.goto('/planos');
    const faq = page.getByRole('region', { name: 'Perguntas frequentes' });
    const items = faq.getByRole('group');
    const first = items.nth(0);
    const second = items.nth(1);
    await expect(first).not.toHaveAttribute('open');
    await first.getByText('Como funciona o teste grátis?').click();
    await expect(first).toHaveAttribute('open');
    await expect(first.getByText(/sem cadastrar cartão de crédito/)).toBeVisible();
    await second.getByText('Existe fidelidade ou multa para cancelar?').click();
    await expect(second).toHaveAttribute('open');
    await expect(first).not.toHaveAttribute('open');
    await expect(first.getByText(/sem cadastrar cartão de crédito/)).toBeHidden();
    await expect(faq.locator('details[open]')).toHaveCount(1);
  });

  test('a plan card opens the lead dialog by mouse and keyboard, before and after the switch hydrates', async ({
    page,
  }) => {
    await page.goto('/planos');
    const dialog = trialDialog(page);
    const cta = card(page, 'Profissional').getByRole('link', { name: /Começar teste grátis/ });
    await expect(cta).toHaveAttribute('data-lead-trigger', 'plano-profissional');

    // Cold island: the dialog script owns the click; no React involved.
    await cta.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-source', 'plano-profissional');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cta).toBeFocused();

    // Hydrated island (annual mode), keyboard this time.
    await page.getByRole('radio', { name: 'Anual' }).click();
    await expect(page.getByText(ANNUAL_BADGE)).toBeVisible();
    const iniciante = card(page, 'Iniciante').getByRole('link', { name: /Começar teste grátis/ });
    await iniciante.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-source', 'plano-iniciante');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();
    await expect(iniciante).toBeFocused();
  });
});

test.describe('small screens (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu button opens the menu and choosing an item closes it', async ({ page }) => {
    await page.goto('/planos');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    const button = nav.getByRole('button', { name: /menu/i });
    const sobre = nav.getByRole('link', { name: 'Sobre' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(sobre).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(sobre).toBeVisible();

    // An item that stays on the page: the menu must close behind it.
    await nav.getByRole('link', { name: 'Solicitar Contato' }).click();
    await expect(leadDialog(page)).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(sobre).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(leadDialog(page)).toBeHidden();

    // Escape closes an open menu and gives focus back to the button.
    await button.click();
    await expect(sobre).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    // A link to another page navigates; the menu is closed there.
    await button.click();
    await sobre.click();
    await expect(page).toHaveURL(/\/sobre$/);
    await expect(nav.getByRole('button', { name: /menu/i })).toHaveAttribute('aria-expanded', 'false');
  });

  test('no page scrolls sideways', async ({ page }) => {
    for (const path of ['/', '/sobre', '/funcionalidades', '/planos']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
    }
  });
});
