import type { Locator, Page } from '@playwright/test';
import { readCompany, readFolder, readSite } from '../../src/lib/content-files';
import { contactOf, encarregadoOf } from '../../src/lib/site-facts';
import { demoVideoEmbedUrl } from '../../src/lib/demo-video';
import { partnerSchema } from '../../src/lib/content-schemas';

const partners = readFolder('partners', partnerSchema);
const company = readCompany();
const contact = contactOf(company, readSite().contact);
const encarregado = encarregadoOf(company);
import { expect, test } from './fixtures';

/*
 * The public pages besides the home and content pages: /contato, /obrigado, the legal
 * pages, /gestao, the partner pages and their 404s. Expected strings are written out by
 * hand from SPEC §2/§9 where the spec fixes them, so a wrong content value fails here
 * too.
 */

/** Types a phone until the form's mask formats it, i.e. once the form island has hydrated. */
const fillPhoneOnceReady = async (input: Locator) =>
  expect(async () => {
    // Cleared first: React ignores an input event that does not change the value it last saw.
    await input.fill('');
    await input.fill('11987654321');
    await expect(input).toHaveValue('(11) 98765-4321', { timeout: 500 });
  }).toPass({ timeout: 15_000 });

/** Reads one field of a multipart/form-data body as the browser sent it. */
const multipartField = (body: string) => (name: string) =>
  new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1];

/** Hyphenated words in the page's lists ("e-mail") that a line break splits at the hyphen. */
const splitHyphenatedWords = (page: Page) =>
  page.getByRole('main').evaluate((main) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest('li') || !node.parentElement.checkVisibility()) continue;
      for (const match of node.textContent!.matchAll(/\p{L}+(?:-\p{L}+)+/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size > 1) split.push(match[0]);
      }
    }
    return split;
  });

/** Plan cards whose period ("/mês") went to a line of its own under the price. */
const periodsOnTheirOwnLine = (page: Page) =>
  page.getByRole('article').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const price = Array.from(card.querySelectorAll('p')).find((p) => p.textContent!.includes('/mês'));
      const [amount, period] = price ? Array.from(price.children) : [];
      if (!amount || !period) return [];
      return period.getBoundingClientRect().top >= amount.getBoundingClientRect().bottom
        ? [card.textContent!.slice(0, 30)]
        : [];
    }),
  );

/** Whether the popular plan's card is above every other card (a phone's single column). */
const popularPlanFirst = (page: Page, popular: string) =>
  page.getByRole('article').evaluateAll((cards, name) => {
    const top = (card: Element) => card.getBoundingClientRect().top;
    const first = cards.find((card) => card.querySelector('h2, h3')?.textContent?.trim() === name);
    return !!first && cards.every((card) => card === first || top(card) > top(first));
  }, popular);

const bodyAttribution = async (page: Page) =>
  JSON.parse((await page.locator('body').getAttribute('data-utm-defaults')) ?? 'null') as unknown;

// Every public route's 200 is asserted where its headers are (quality.e2e.ts): one request a route.
test.describe('routes that are not pages', () => {
  for (const path of ['/nao-existe', '/rafa-corretor', '/parceiro/nome.com.ponto', '/parceiro/a--b']) {
    test(`${path} answers 404 with the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText('Oops! Page not found')).toBeVisible();
    });
  }
});

test.describe('/contato', () => {
  test('shows every contact channel, the reply promise and the form section', async ({ page }) => {
    await page.goto('/contato');
    await expect(page).toHaveTitle('Contato | Pilota');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByRole('link', { name: contact.phone })).toHaveAttribute('href', contact.phoneHref);
    await expect(main.getByRole('link', { name: contact.email })).toHaveAttribute('href', `mailto:${contact.email}`);
    await expect(main.getByText('São Paulo, SP')).toBeVisible();
    await expect(main.getByText('Segunda a sexta, das 9h às 18h')).toBeVisible();
    await expect(main.getByText('Respondemos em até 2 horas em horário comercial.')).toBeVisible();
    const section = page.locator('#formulario');
    await expect(section.getByRole('heading', { name: 'Envie sua mensagem' })).toBeVisible();
    // The lead form itself, inline, with the optional free-text message.
    const form = section.getByRole('form', { name: 'Solicitar contato' });
    await expect(form.getByLabel('Nome completo')).toBeVisible();
    await expect(form.getByLabel('Mensagem (opcional)')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Enviar mensagem' })).toBeVisible();
  });

  test('the inline form posts to the lead action as the /contato source, with no partner defaults', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/contato?utm_source=google');
    const form = page.locator('#formulario').getByRole('form', { name: 'Solicitar contato' });
    // The island is on screen, so it loads by itself; the phone mask shows it is ready.
    await fillPhoneOnceReady(form.getByLabel('Celular (WhatsApp)'));
    // Refused with only the phone: focus goes to the first field in error as the page shows them.
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(form.getByLabel('Nome completo')).toBeFocused();
    await form.getByLabel('Nome completo').fill('Joana Teste');
    await form.getByLabel('E-mail', { exact: true }).fill('joana.contato@example.com');
    await form.getByLabel('Você é').selectOption('proprietario');
    await form.getByLabel('Mensagem (opcional)').fill('Tenho 4 imóveis e quero automatizar os boletos.');
    const sent = page.waitForRequest((request) => request.method() === 'POST' && /_actions\/lead/.test(request.url()));
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    const field = multipartField((await sent).postData() ?? '');
    expect(field('cta_source')).toBe('contato-formulario');
    expect(field('pagina_origem')).toMatch(/\/contato\?utm_source=google$/);
    // Only partner pages add UTM defaults: here the URL's own value and nothing else.
    expect(field('utm_source')).toBe('google');
    expect(field('utm_medium')).toBe('');
    expect(field('partner_slug')).toBe('');
  });

  test('a lead trigger elsewhere leads to the form section without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
    const page = await context.newPage();
    await page.goto('/gestao');
    await page.getByRole('link', { name: 'Começar Agora' }).first().click();
    await expect(page).toHaveURL(/\/contato#formulario$/);
    await expect(page.getByRole('heading', { name: 'Envie sua mensagem' })).toBeVisible();
    await context.close();
  });
});

test.describe('/obrigado', () => {
  test('confirms, lists three next steps and offers WhatsApp, phone, e-mail and the way home', async ({ page }) => {
    await page.goto('/obrigado');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Mensagem recebida!' })).toBeVisible();
    await expect(main.getByText(/responder em até 2 horas/)).toBeVisible();
    const steps = main.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Análise do seu perfil' }) });
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    await expect(main.getByRole('link', { name: /Conversar pelo WhatsApp/ })).toHaveAttribute(
      'href',
      contact.whatsappUrl,
    );
    await expect(main.getByRole('link', { name: contact.phone })).toBeVisible();
    await expect(main.getByRole('link', { name: contact.email })).toBeVisible();
    await main.getByRole('link', { name: 'Voltar ao Início' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('legal pages', () => {
  const pages = [
    {
      path: '/termos-de-uso',
      title: 'Termos de Uso',
      updated: '10/06/2025',
      facts: [
        /atraso no pagamento por mais de 10 \(dez\) dias, o acesso à plataforma será suspenso automaticamente/,
        /o cancelamento voluntário não dá direito a reembolso/,
        /Tarifas bancárias[^.]*são de responsabilidade do usuário/,
        /reajustados anualmente pela variação do IGP-M[^.]*aviso prévio de 30 \(trinta\) dias/,
        /18 \(dezoito\) anos ou mais/,
      ],
    },
    {
      path: '/politica-de-privacidade',
      title: 'Política de Privacidade',
      // The date of the last change: the encarregado by name, the data-subject request form,
      // lead retention, documents kept until 90 days after the implementation ends, the
      // cookieless visit count on legitimate interest, and the optional marketing e-mail box.
      updated: '29/11/2026',
      facts: [
        /Contagem de visitas \(sem cookies\)/,
        /A base legal é o legítimo interesse/,
        /eliminadas 90 \(noventa\) dias após a conclusão ou o cancelamento da implementação/,
        /Lei Geral de Proteção de Dados Pessoais — LGPD \(Lei nº 13\.709\/2018\)/,
        /Respondemos em até 15 \(quinze\) dias/,
        `encarregado pelo tratamento de dados pessoais (DPO) é ${encarregado.nome}`,
        encarregado.email,
      ],
    },
    {
      path: '/lgpd',
      title: 'LGPD — Seus direitos',
      updated: '22/11/2026',
      facts: [
        `encarregado pelo tratamento de dados pessoais (DPO) é ${encarregado.nome}, que pode ser contatado pelo e-mail ${encarregado.email}`,
        /Confirmação e acesso/,
        /Correção/,
        /eliminação/,
        /Portabilidade/,
        /Oposição/,
        /Informação/,
        /guardados por 5 \(cinco\) anos/,
        /Respondemos em até 15 \(quinze\) dias/,
      ],
    },
    {
      path: '/cookies',
      title: 'Política de Cookies',
      // The date of the last change: the cookie banner, how to choose, change and how long a choice holds.
      updated: '22/11/2026',
      facts: [
        /rejeitar os não essenciais ou escolher por categoria/,
        /“Preferências de cookies”, no rodapé/,
        /vale por 6 \(seis\) meses/,
        /Cookies essenciais/,
        /Cookies de análise/,
        /Cookies de funcionalidade/,
        /Cookies de marketing/,
        /Cookies de terceiros/,
        /parceiros terceiros/,
      ],
    },
  ];

  for (const legal of pages) {
    test(`${legal.path} states its facts, its date and the company`, async ({ page }) => {
      await page.goto(legal.path);
      await expect(page).toHaveTitle(`${legal.title} | Pilota`);
      await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
      // The spec's legal texts are dated 10/06/2025 (SPEC §2 cookies), shown as dd/mm/aaaa; a page changed since says so.
      await expect(page.getByText(`Última atualização: ${legal.updated}`)).toBeVisible();
      const article = page.getByRole('article');
      for (const fact of legal.facts) await expect(article).toContainText(fact);
      // The company registration number (SPEC §2 Footer: shown on legal pages), outside the footer too.
      await expect(page.getByRole('main')).toContainText('CNPJ 00.000.000/0001-00');
      await expect(page.getByRole('main')).toContainText(contact.legalName);
      // LGPD art. 41: the encarregado's identity and contact, on every page's footer too.
      await expect(page.getByRole('contentinfo')).toContainText(
        `Encarregado de dados (LGPD): ${encarregado.nome} · ${encarregado.email}`,
      );
      // No unfilled {{token}} reaches the reader.
      expect(await page.getByRole('main').innerText()).not.toContain('{{');
    });
  }
});

test.describe('/gestao', () => {
  test('has its own header, title and every section of the sales page', async ({ page }) => {
    await page.goto('/gestao');
    await expect(page).toHaveTitle('Sistema de gestão de aluguéis no piloto automático | Pilota');
    // Its own header instead of the site nav; the logo leads home.
    await expect(page.getByRole('navigation', { name: 'Principal' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Pilota' })).toHaveAttribute('href', '/');

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByRole('figure')).toContainText('Painel de recebimentos');
    await expect(main.getByRole('heading', { name: 'Para proprietários' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Para corretores e imobiliárias' })).toBeVisible();
    for (const group of [
      'Automação total',
      'Controle em tempo real',
      'Segurança e conformidade',
      'Experiência do inquilino',
    ]) {
      await expect(main.getByRole('heading', { name: group })).toBeVisible();
    }
    const steps = page.locator('#como-funciona').getByRole('list').first();
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    const featureList = main.getByRole('region', { name: 'Funcionalidades completas' }).getByRole('listitem');
    await expect(featureList).toHaveCount(16);
    for (const figure of ['500+', '10k+', '87%', '96%'])
      await expect(main.getByText(figure, { exact: true })).toBeVisible();

    const fee = main.getByRole('complementary', { name: /Taxa de implementação/ });
    await expect(fee).toContainText(/Taxa de implementação: R\$\s250,00/);
    await expect(fee).toContainText('Grátis no plano anual');
    await expect(fee).toContainText('3 chamadas de vídeo ao vivo');
    await expect(main.getByRole('heading', { name: 'Mais de 500 imóveis?' })).toBeVisible();
    await expect(main.locator('details')).toHaveCount(8);

    // Craft, on a laptop and on a phone: "e-mail" never splits at its hyphen, prices keep "/mês"
    // on their line, and on the phone the most popular plan comes first.
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await splitHyphenatedWords(page), `at ${width} px`).toEqual([]);
      expect(await periodsOnTheirOwnLine(page), `at ${width} px`).toEqual([]);
    }
    expect(await popularPlanFirst(page, 'Até 5 Imóveis')).toBe(true);
  });

  test("'Começar Agora' opens the lead dialog and 'Ver Como Funciona' goes to #como-funciona", async ({ page }) => {
    await page.goto('/gestao');
    const hero = page.getByRole('main').getByRole('link', { name: 'Começar Agora' }).first();
    await hero.click();
    await expect(page.getByRole('dialog', { name: 'Solicitar contato' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(hero).toBeFocused();

    const how = page.getByRole('link', { name: 'Ver Como Funciona' });
    await expect(how).toHaveAttribute('href', '#como-funciona');
    await how.click();
    await expect(page).toHaveURL(/#como-funciona$/);
    await expect(page.getByRole('heading', { name: 'Como funciona' })).toBeInViewport();
  });

  test('the FAQ keeps at most one item open', async ({ page }) => {
    await page.goto('/gestao');
    const first = page.locator('details', { hasText: 'Preciso de cartão de crédito para testar?' });
    const second = page.locator('details', { hasText: 'Posso cancelar quando quiser?' });
    await first.locator('summary').click();
    await expect(first).toHaveJSProperty('open', true);
    await expect(first).toContainText('não pede cartão de crédito');
    await second.locator('summary').click();
    await expect(second).toHaveJSProperty('open', true);
    await expect(first).toHaveJSProperty('open', false);
    expect(await page.locator('details[open]').count()).toBe(1);
  });

  test('the demo video loads nothing from the video host until play, opens and closes', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (/youtube/.test(new URL(request.url()).hostname)) videoRequests.push(request.url());
    });
    // The machine is offline; answer the embed locally so play shows a frame without a network error.
    await page.route(/youtube-nocookie\.com/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>video</title>' }),
    );
    await page.goto('/gestao');
    const opener = page.getByRole('button', { name: 'Assistir à demonstração' });
    const dialog = page.getByRole('dialog', { name: 'Demonstração da Pilota' });

    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(dialog).toBeHidden();
    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reproduzir vídeo' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(videoRequests).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // Play creates the player; closing removes it (the video stops) and focus returns.
    await opener.click();
    await dialog.getByRole('button', { name: 'Reproduzir vídeo' }).click();
    const iframe = dialog.locator('iframe');
    await expect(iframe).toHaveAttribute('src', demoVideoEmbedUrl(company.demoVideoId));
    await expect(iframe).toHaveAttribute('title', 'Demonstração da Pilota');
    expect(videoRequests.length).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Fechar vídeo' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('the monthly/annual toggle prices all four plans (SPEC §9, annual ÷ 12)', async ({ page }) => {
    await page.goto('/gestao');
    const card = (name: string) => page.getByRole('article', { name });
    const monthly = page.getByRole('radio', { name: 'Mensal' });
    const annual = page.getByRole('radio', { name: 'Anual' });

    await expect(monthly).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Economize até 17% no plano anual!')).toHaveCount(0);
    const monthlyPrices: [string, RegExp][] = [
      ['Primeiros Kms', /R\$\s49,00/],
      ['Até 5 Imóveis', /R\$\s79,90/],
      ['Até 10 Imóveis', /R\$\s99,90/],
      ['Até 150 Imóveis', /R\$\s149,90/],
    ];
    for (const [name, price] of monthlyPrices) {
      await expect(card(name)).toContainText(price);
      await expect(card(name)).not.toContainText('Total anual');
    }
    await expect(card('Até 5 Imóveis')).toContainText('Mais popular');

    await annual.click();
    await expect(annual).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Economize até 17% no plano anual!')).toBeVisible();
    // [plan, per month = annual ÷ 12 rounded to the cent, struck monthly price, annual total]
    const annualPrices: [string, RegExp, RegExp, RegExp][] = [
      ['Primeiros Kms', /R\$\s40,83\/mês/, /^R\$\s49,00$/, /Total anual de R\$\s490,00/],
      ['Até 5 Imóveis', /R\$\s66,66\/mês/, /^R\$\s79,90$/, /Total anual de R\$\s799,90/],
      ['Até 10 Imóveis', /R\$\s83,33\/mês/, /^R\$\s99,90$/, /Total anual de R\$\s999,90/],
      ['Até 150 Imóveis', /R\$\s124,24\/mês/, /^R\$\s149,90$/, /Total anual de R\$\s1\.490,90/],
    ];
    for (const [name, perMonth, struck, total] of annualPrices) {
      await expect(card(name)).toContainText(perMonth);
      await expect(card(name).locator('s')).toHaveText(struck);
      await expect(card(name)).toContainText(total);
    }

    await monthly.click();
    await expect(card('Até 150 Imóveis')).toContainText(/R\$\s149,90\/mês/);
    await expect(card('Até 150 Imóveis').locator('s')).toHaveCount(0);
  });
});

test.describe('partner pages', () => {
  for (const partner of partners) {
    test(`/parceiro/${partner.id} is recommended by ${partner.name}`, async ({ page }) => {
      await page.goto(`/parceiro/${partner.id}`);
      await expect(page).toHaveTitle(`Recomendado por ${partner.name} | Pilota`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        new RegExp(`^${partner.name} recomenda`),
      );
      await expect(page.getByText(`Recomendado por ${partner.name}`, { exact: true })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      expect(await bodyAttribution(page)).toEqual({
        utm_source: 'parceria',
        utm_medium: 'landing-parceiro',
        utm_campaign: partner.id,
        partner_slug: partner.id,
      });
    });
  }

  test('an unknown slug is spelled out from its hyphens', async ({ page }) => {
    await page.goto('/parceiro/maria-silva');
    await expect(page).toHaveTitle('Recomendado por Maria Silva | Pilota');
    await expect(page.getByText('Recomendado por Maria Silva', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Por que Maria Silva indica a Pilota' })).toBeVisible();
    // Anyone can invent a slug: those pages stay out of search results.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect(await bodyAttribution(page)).toEqual({
      utm_source: 'parceria',
      utm_medium: 'landing-parceiro',
      utm_campaign: 'maria-silva',
      partner_slug: 'maria-silva',
    });
  });

  test("/parceiro without a slug is recommended by 'Parceiro' with the generic campaign", async ({ page }) => {
    await page.goto('/parceiro');
    await expect(page).toHaveTitle('Recomendado por Parceiro | Pilota');
    await expect(page.getByText('Recomendado por Parceiro', { exact: true })).toBeVisible();
    expect(await bodyAttribution(page)).toEqual({
      utm_source: 'parceria',
      utm_medium: 'landing-parceiro',
      utm_campaign: 'parceiro-generico',
      partner_slug: '',
    });
  });

  test('the vanity route renders the fixed name with the pain points first', async ({ page }) => {
    const response = await page.goto('/carol-imoveis');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Carol Imóveis recomenda: coloque seus aluguéis no piloto automático | Pilota');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Carol Imóveis indica/);
    await expect(page.getByText('Recomendado por Carol Imóveis', { exact: true })).toBeVisible();
    expect(await bodyAttribution(page)).toMatchObject({ utm_campaign: 'carol-imoveis', partner_slug: 'carol-imoveis' });
    // A visit without JavaScript is counted by the <noscript> pixel, for this partner and campaign.
    const pixel = /<noscript>\s*<img src="([^"]+)"/.exec(await response!.text())?.[1]?.replaceAll('&amp;', '&');
    expect(Object.fromEntries(new URL(pixel!, 'http://site.test').searchParams)).toMatchObject({
      utm_campaign: 'carol-imoveis',
      partner_slug: 'carol-imoveis',
    });

    const order = async () => {
      const pains = await page.getByRole('heading', { level: 2, name: 'Você se identifica?' }).boundingBox();
      const benefits = await page.getByRole('heading', { level: 2, name: /indica a Pilota$/ }).boundingBox();
      const features = await page
        .getByRole('heading', { level: 2, name: 'Tudo o que você precisa para administrar aluguéis' })
        .boundingBox();
      return { pains: pains!.y, benefits: benefits!.y, features: features!.y };
    };
    const vanity = await order();
    expect(vanity.pains).toBeLessThan(vanity.benefits);
    await page.goto('/parceiro/carol-imoveis');
    const regular = await order();
    expect(regular.pains).toBeGreaterThan(regular.features);
  });

  test("a lead sent from a partner page carries the page's UTM defaults where the URL has none", async ({ page }) => {
    await page.goto('/parceiro/maria-silva?utm_source=instagram');
    await page.getByRole('main').getByRole('link', { name: 'Solicitar Contato' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Solicitar contato' });
    await fillPhoneOnceReady(dialog.getByLabel('Celular (WhatsApp)'));
    await dialog.getByLabel('Nome completo').fill('Paulo Parceiro');
    await dialog.getByLabel('E-mail', { exact: true }).fill('paulo.parceiro@example.com');
    await dialog.getByLabel('Você é').selectOption('proprietario');
    const sent = page.waitForRequest((request) => request.method() === 'POST' && /_actions\/lead/.test(request.url()));
    await dialog.getByRole('button', { name: 'Solicitar contato' }).click();
    const field = multipartField((await sent).postData() ?? '');
    // The URL's own utm_source wins; the rest come from the page (SPEC §5).
    expect(field('utm_source')).toBe('instagram');
    expect(field('utm_medium')).toBe('landing-parceiro');
    expect(field('utm_campaign')).toBe('maria-silva');
    expect(field('partner_slug')).toBe('maria-silva');
  });

  test('five plans by monthly price, popular badge on Profissional, every button opens the lead dialog', async ({
    page,
  }) => {
    await page.goto('/parceiro/rafa-corretor');
    // Five narrow cards on a laptop: each price keeps "/mês" on its line; on a phone the popular plan comes first.
    expect(await periodsOnTheirOwnLine(page)).toEqual([]);
    expect(await splitHyphenatedWords(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await popularPlanFirst(page, 'Profissional')).toBe(true);
    await page.setViewportSize({ width: 1280, height: 720 });
    const plans: [string, RegExp][] = [
      ['Iniciante', /R\$\s49,00\/mês/],
      ['Crescimento', /R\$\s79,90\/mês/],
      ['Potencial', /R\$\s99,90\/mês/],
      ['Profissional', /R\$\s149,90\/mês/],
      ['Imobiliária', /R\$\s299,90\/mês/],
    ];
    for (const [name, price] of plans) await expect(page.getByRole('article', { name })).toContainText(price);
    await expect(page.getByRole('article')).toHaveCount(5);
    await expect(page.getByRole('article', { name: 'Profissional' })).toContainText('Mais popular');
    await expect(page.getByText('Mais popular')).toHaveCount(1);
    await expect(page.getByRole('radio', { name: 'Anual' })).toHaveCount(0);

    // Four benefit cards.
    const benefits = page.getByRole('region', { name: 'Por que Rafa Corretor indica a Pilota' }).getByRole('listitem');
    await expect(benefits).toHaveCount(4);

    const main = page.getByRole('main');
    await expect(main.getByRole('button')).toHaveCount(0);
    const links = await main.getByRole('link').all();
    expect(links.length).toBeGreaterThanOrEqual(8);
    for (const link of links) await expect(link).toHaveAttribute('data-lead-trigger', /^parceiro-/);

    const dialog = page.getByRole('dialog', { name: 'Solicitar contato' });
    const planButton = page
      .getByRole('article', { name: 'Profissional' })
      .getByRole('link', { name: /Quero este plano/ });
    await planButton.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await main.getByRole('link', { name: 'Falar com um consultor' }).click();
    await expect(dialog).toBeVisible();
  });
});
