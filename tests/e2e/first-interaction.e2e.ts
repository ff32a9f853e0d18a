import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Islands hydrate on the first interaction (client:interaction). On a slow
 * network that first click lands on server HTML with no handlers yet; the
 * directive must hold it and replay it once React is in charge. Every script is
 * delayed here so the click always arrives on a cold island.
 *
 * React's own code is recognised by content (its production builds link to
 * react.dev/errors), not by chunk names, which change with the bundler.
 */

const SCRIPT_DELAY_MS = 1500;
const HYDRATED_WITHIN = { timeout: 20_000 };
const REACT_SIGNATURE = 'react.dev/errors';

interface ScriptLog {
  /** Scripts received so far, with whether their body is React's. */
  scripts: { url: string; react: boolean }[];
  settled: () => Promise<void>;
}

/** Delays every script response and records each script the page loads. */
async function slowScripts(page: Page): Promise<ScriptLog> {
  const log: ScriptLog['scripts'] = [];
  const pending: Promise<void>[] = [];
  await page.route(
    (url) => url.pathname.endsWith('.js') || url.pathname.endsWith('.mjs'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
      await route.continue();
    },
  );
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .text()
        .then((body) => void log.push({ url: response.url(), react: body.includes(REACT_SIGNATURE) }))
        .catch(() => void log.push({ url: response.url(), react: false })),
    );
  });
  return { scripts: log, settled: async () => void (await Promise.all(pending)) };
}

/**
 * Counts the page's requests in flight from now on; `quiet()` resolves once none has been for
 * half a second, as Playwright's 'networkidle' does for a navigation (which, reached once,
 * it reports at once afterwards).
 */
function trackNetwork(page: Page, quietMs = 500): { quiet: () => Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    quiet: () =>
      expect
        .poll(() => inFlight === 0 && Date.now() - lastChange >= quietMs, { intervals: [100], timeout: 20_000 })
        .toBe(true),
  };
}

/** Loads a page, waits for the network to settle, and checks nothing of React came in unasked. */
async function openCold(page: Page, path: string): Promise<ScriptLog> {
  const log = await slowScripts(page);
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(request.url());
  });
  // Until the network has been quiet for a while: an eager island's script would have been
  // asked for by then, and its (delayed) answer is waited for too.
  await page.goto(path, { waitUntil: 'networkidle' });
  await log.settled();
  expect(
    log.scripts.filter((script) => script.react),
    'React loaded before any interaction',
  ).toEqual([]);
  expect(
    requested.filter((url) => /\/_astro\/.*(react|client|Toggle|Tabs)/i.test(url)),
    'island chunks requested before any interaction',
  ).toEqual([]);
  return log;
}

async function expectReactLoaded(log: ScriptLog) {
  await expect
    .poll(async () => {
      await log.settled();
      return log.scripts.some((script) => script.react);
    }, HYDRATED_WITHIN)
    .toBe(true);
}

test.describe('first interaction on a cold page (scripts delayed 1.5 s)', () => {
  test('/funcionalidades: the first click on a tab takes effect once the island is ready', async ({ page }) => {
    const log = await openCold(page, '/funcionalidades');
    const tab = page.getByRole('tab', { name: 'Contratos' });
    await tab.click();
    // The island cannot be ready yet: the click is being held, not handled.
    await expect(tab).toHaveAttribute('aria-selected', 'false');
    await expect(tab).toHaveAttribute('aria-selected', 'true', HYDRATED_WITHIN);
    await expect(page.getByRole('tabpanel', { name: 'Contratos' })).toBeVisible();
    await expect(page.locator('[role="tabpanel"]:visible')).toHaveCount(1);
    await expectReactLoaded(log);
    // Hydrated: later clicks work directly.
    await page.getByRole('tab', { name: 'Portal do Inquilino' }).click();
    await expect(page.getByRole('tab', { name: 'Portal do Inquilino' })).toHaveAttribute('aria-selected', 'true');
  });

  test('/funcionalidades: an arrow key pressed while the island wakes is not lost', async ({ page }) => {
    await openCold(page, '/funcionalidades');
    const first = page.getByRole('tab', { name: 'Gestão de Imóveis' });
    await first.focus();
    await page.keyboard.press('ArrowRight');
    const second = page.getByRole('tab', { name: 'Contratos' });
    await expect(second).toHaveAttribute('aria-selected', 'true', HYDRATED_WITHIN);
    await expect(second).toBeFocused();
    await expect(page.locator('[role="tabpanel"]:visible')).toHaveCount(1);
  });

  test('/planos: the first click on "Anual" switches every card once the island is ready', async ({ page }) => {
    const log = await openCold(page, '/planos');
    const annual = page.getByRole('radio', { name: 'Anual' });
    await annual.click();
    await expect(annual).toHaveAttribute('aria-checked', 'false');
    await expect(annual).toHaveAttribute('aria-checked', 'true', HYDRATED_WITHIN);
    await expect(page.getByText('Economize até 20% no plano anual!')).toBeVisible();
    const profissional = page.getByRole('article', { name: 'Profissional' });
    await expect
      .poll(async () => ((await profissional.textContent()) ?? '').replace(/\u00a0/g, ' '))
      .toContain('Total anual de R$ 1.488,00');
    await expectReactLoaded(log);
  });

  test('/planos: a plan card CTA opens the dialog at once, without waking the pricing island', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const network = trackNetwork(page);
    await openCold(page, '/planos');
    const island = page.locator('astro-island', { has: page.getByRole('radiogroup') });
    const islandChunk = await island.getAttribute('component-url');
    expect(islandChunk).toBeTruthy();

    await page
      .getByRole('article', { name: 'Potencial' })
      .getByRole('link', { name: /Começar teste grátis/ })
      .click();
    // Headed by what the button promised: the free trial.
    const dialog = page.getByRole('dialog', { name: 'Comece seu teste grátis de 7 dias' });
    // Sooner than any script can arrive: the dialog needs none.
    await expect(dialog).toBeVisible({ timeout: SCRIPT_DELAY_MS - 500 });
    await expect(dialog).toHaveAttribute('data-source', 'plano-potencial');
    // The dialog's own form may load React now; the pricing island must stay asleep.
    await network.quiet();
    expect(requested.filter((url) => url.endsWith(islandChunk!))).toEqual([]);
    await expect(page.getByRole('radio', { name: 'Mensal' })).toHaveAttribute('aria-checked', 'true');
  });

  test('/: the first click on the Pilota comparison tab takes effect once the island is ready', async ({ page }) => {
    const log = await openCold(page, '/');
    const others = page.getByRole('tab', { name: 'Outros sistemas' });
    const pilota = page.getByRole('tab', { name: 'Com a Pilota' });
    await expect(others).toHaveAttribute('aria-selected', 'true');
    await pilota.click();
    await expect(pilota).toHaveAttribute('aria-selected', 'false');
    await expect(pilota).toHaveAttribute('aria-selected', 'true', HYDRATED_WITHIN);
    await expect(others).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel', { name: 'Com a Pilota' })).toBeVisible();
    await expectReactLoaded(log);
  });
});
