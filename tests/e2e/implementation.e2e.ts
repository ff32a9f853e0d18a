/*
 * /implementacao-sistema in Chromium against the production build: section switch,
 * masks while typing, every validation message, file checks with their toasts, the
 * submit button's phases, success and the spec's error toasts; plus the built server's
 * refusal of an oversized upload and of an anonymous document download, and real 5 MB
 * documents going up in chunks and coming back byte for byte to an admin.
 */
import { request as httpRequest } from 'node:http';
import type { Page, Route } from '@playwright/test';
import { teamSession } from './team';
import { waitForMail } from '../../scripts/support/captured';
import { expect, test } from './fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const FIVE_MB = 5 * 1024 * 1024;
const IDLE = 'Enviar Solicitação de Implementação';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function open(page: Page) {
  await page.goto('/implementacao-sistema');
  // The island is the page's form and hydrates when visible: wait for React to own it.
  await expect(page.locator('astro-island[component-url*="ImplementationForm"]:not([ssr])')).toHaveCount(1);
}

/** The implementation form; the page also holds the (closed) lead dialog with fields of its own. */
const form = (page: Page) => page.getByRole('form', { name: 'Solicitação de implementação' });
const submit = (page: Page) => form(page).getByRole('button', { name: IDLE });

async function fillCpfRequest(page: Page) {
  await form(page).getByLabel('CPF', { exact: true }).pressSequentially('52998224725');
  await form(page).getByLabel('Nome completo').fill('Maria da Silva');
  await form(page).getByLabel('Celular', { exact: true }).pressSequentially('11987654321');
  await form(page).getByLabel('E-mail', { exact: true }).fill('maria@example.com');
  await form(page).getByLabel('E-mail de acesso').fill('acesso@example.com');
  await form(page).getByLabel('Senha', { exact: true }).fill('segredo1');
}

test.describe('implementation request form', () => {
  test('CPF by default; the document type switches the section', async ({ page }) => {
    await open(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solicite a implementação da sua conta');
    const cpfRadio = form(page).getByRole('radio', { name: 'Pessoa física (CPF)' });
    await expect(cpfRadio).toBeChecked();
    await expect(form(page).getByRole('heading', { name: 'Dados pessoais' })).toBeVisible();
    await expect(form(page).getByLabel('CNPJ', { exact: true })).toBeHidden();
    await expect(form(page).getByLabel('Senha', { exact: true })).toHaveAttribute('placeholder', 'Mínimo 6 caracteres');

    await form(page).getByRole('radio', { name: 'Pessoa jurídica (CNPJ)' }).check();
    await expect(form(page).getByRole('heading', { name: 'Dados da empresa' })).toBeVisible();
    await expect(form(page).getByRole('heading', { name: 'Dados do responsável' })).toBeVisible();
    for (const label of [
      'CNPJ',
      'Razão social',
      'CPF do responsável',
      'Nome do responsável',
      'Celular do responsável',
      'E-mail do responsável',
      'CNH do responsável (opcional)',
    ]) {
      await expect(form(page).getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(form(page).getByLabel('Nome completo')).toBeHidden();

    // Keyboard: arrow keys move between the two radios.
    await form(page).getByRole('radio', { name: 'Pessoa jurídica (CNPJ)' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(cpfRadio).toBeChecked();
    await expect(form(page).getByLabel('Nome completo')).toBeVisible();
  });

  test('masks apply while typing: CPF, phone, numeric and alphanumeric CNPJ', async ({ page }) => {
    await open(page);
    const cpf = form(page).getByLabel('CPF', { exact: true });
    await cpf.pressSequentially('5299822');
    await expect(cpf).toHaveValue('529.982.2');
    await cpf.pressSequentially('4725999');
    await expect(cpf).toHaveValue('529.982.247-25');

    const phone = form(page).getByLabel('Celular', { exact: true });
    await phone.pressSequentially('1130000000');
    await expect(phone).toHaveValue('(11) 3000-0000');
    await phone.fill('');
    await phone.pressSequentially('11987654321');
    await expect(phone).toHaveValue('(11) 98765-4321');

    await form(page).getByRole('radio', { name: 'Pessoa jurídica (CNPJ)' }).check();
    const cnpj = form(page).getByLabel('CNPJ', { exact: true });
    await cnpj.pressSequentially('11222333000181');
    await expect(cnpj).toHaveValue('11.222.333/0001-81');
    await cnpj.fill('');
    // Letters are upper-cased; the last two positions take digits only.
    await cnpj.pressSequentially('12abc34501deXY35');
    await expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
  });

  test('every validation message, tied to its field', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page);
    await submit(page).click();
    const required = 'Todos os campos obrigatórios devem ser preenchidos';
    // Each empty field says what it misses; the spec's text is the summary, shown once.
    for (const [label, message] of [
      ['CPF', 'Informe o CPF'],
      ['Nome completo', 'Informe o nome completo'],
      ['Celular', 'Informe o celular'],
      ['E-mail', 'Informe o e-mail'],
    ] as const) {
      const input = form(page).getByLabel(label, { exact: true });
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(message);
    }
    await expect(form(page).getByText(required)).toHaveCount(1);
    await expect(form(page).getByText(required)).toBeVisible();
    await expect(form(page).getByLabel('E-mail de acesso')).toHaveAccessibleDescription('Email inválido');
    await expect(form(page).getByLabel('Senha', { exact: true })).toHaveAccessibleDescription(
      'Senha deve ter pelo menos 6 caracteres',
    );
    // Focus goes to the first invalid field, in reading order.
    await expect(form(page).getByLabel('CPF', { exact: true })).toBeFocused();

    await form(page).getByLabel('CPF', { exact: true }).pressSequentially('52998224726');
    await form(page).getByLabel('Celular', { exact: true }).pressSequentially('20987654321');
    await form(page).getByLabel('E-mail', { exact: true }).fill('maria@');
    await form(page).getByLabel('Senha', { exact: true }).fill('12345');
    await form(page).getByLabel('Nome completo').click();
    await expect(form(page).getByLabel('CPF', { exact: true })).toHaveAccessibleDescription('CPF inválido');
    await expect(form(page).getByLabel('Celular', { exact: true })).toHaveAccessibleDescription('Celular inválido');
    await expect(form(page).getByLabel('E-mail', { exact: true })).toHaveAccessibleDescription('Email inválido');
    await expect(form(page).getByLabel('Senha', { exact: true })).toHaveAccessibleDescription(
      'Senha deve ter pelo menos 6 caracteres',
    );

    await form(page).getByRole('radio', { name: 'Pessoa jurídica (CNPJ)' }).check();
    await form(page).getByLabel('CNPJ', { exact: true }).pressSequentially('12ABC34501DE36');
    await form(page).getByLabel('E-mail do responsável').fill('joao at example');
    await submit(page).click();
    await expect(form(page).getByLabel('CNPJ', { exact: true })).toHaveAccessibleDescription(/CNPJ inválido/);
    await expect(form(page).getByLabel('E-mail do responsável')).toHaveAccessibleDescription('Email inválido');
    await expect(form(page).getByLabel('Razão social')).toHaveAccessibleDescription('Informe a razão social');
    await expect(form(page).getByText(required)).toBeVisible();
  });

  test('files are checked by content and size, with the spec toasts', async ({ page }) => {
    await open(page);
    const input = form(page).getByLabel('CNH (opcional)');

    await input.setInputFiles({
      name: 'cnh.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('not really a pdf'),
    });
    await expect(page.getByText('Arquivo inválido')).toBeVisible();
    await expect(page.getByText('Apenas arquivos PDF, JPG ou PNG são aceitos.')).toBeVisible();
    await expect(input).toHaveValue('');

    const big = Buffer.alloc(FIVE_MB + 1, 0x20);
    PDF.copy(big, 0, 0, 8);
    await input.setInputFiles({ name: 'grande.pdf', mimeType: 'application/pdf', buffer: big });
    await expect(page.getByText('Arquivo muito grande')).toBeVisible();
    await expect(page.getByText('O arquivo deve ter no máximo 5MB.')).toBeVisible();
    await expect(input).toHaveValue('');

    // A PNG behind a .pdf name is fine: the content decides.
    await input.setInputFiles({ name: 'foto-cnh.pdf', mimeType: 'application/pdf', buffer: PNG });
    await expect(page.getByText('Arquivo anexado')).toBeVisible();
    await expect(form(page).getByRole('button', { name: 'Remover foto-cnh.pdf' })).toBeVisible();
    await form(page).getByRole('button', { name: 'Remover foto-cnh.pdf' }).click();
    await expect(form(page).getByRole('button', { name: /Remover/ })).toHaveCount(0);
  });

  test('the button follows the phases; success toast, then the form and files reset', async ({ page }) => {
    await open(page);
    await fillCpfRequest(page);
    await form(page)
      .getByLabel('CNH (opcional)')
      .setInputFiles({ name: 'cnh.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByText('Arquivo anexado')).toBeVisible();

    // Slow each step down so every phase is on screen long enough to be seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/implementacao', async (route: Route) => {
      await released;
      // Sent by the browser itself: a fetch from the test could reuse a kept-alive connection the server just closed.
      await route.continue();
    });
    let statusCalls = 0;
    await page.route('**/api/implementacao/*', async (route: Route) => {
      statusCalls += 1;
      await delay(800);
      await route.fallback();
    });

    await submit(page).click();
    await expect(form(page).getByRole('button', { name: /^Fazendo upload dos arquivos\.\.\. \d+%$/ })).toBeDisabled();
    release();
    await expect(form(page).getByRole('button', { name: 'Enviando e-mail...' })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('Formulário enviado!')).toBeVisible({ timeout: 10_000 });
    await expect(
      page.getByText('Sua solicitação foi enviada com sucesso. Em breve entraremos em contato.'),
    ).toBeVisible();
    expect(statusCalls).toBeGreaterThan(0);

    await expect(submit(page)).toBeEnabled();
    await expect(form(page).getByLabel('CPF', { exact: true })).toHaveValue('');
    await expect(form(page).getByLabel('Nome completo')).toHaveValue('');
    await expect(form(page).getByLabel('Celular', { exact: true })).toHaveValue('');
    await expect(form(page).getByLabel('Senha', { exact: true })).toHaveValue('');
    await expect(form(page).getByLabel('CNH (opcional)')).toHaveValue('');
    await expect(form(page).getByRole('button', { name: /Remover/ })).toHaveCount(0);
  });

  test('trying again after a failed post reuses the document already uploaded', async ({ page }) => {
    await open(page);
    await fillCpfRequest(page);
    await form(page)
      .getByLabel('CNH (opcional)')
      .setInputFiles({ name: 'cnh.pdf', mimeType: 'application/pdf', buffer: PDF });
    const uploads: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/implementacao-documentos')) uploads.push(sent.method());
    });
    await page.route('**/api/implementacao', (route) => route.abort('connectionreset'), { times: 1 });
    await submit(page).click();
    await expect(page.getByText('Erro no upload dos arquivos. Verifique sua conexão e tente novamente.')).toBeVisible();
    expect(uploads).toEqual(['POST', 'PUT']);

    await submit(page).click();
    await expect(page.getByText('Formulário enviado!')).toBeVisible({ timeout: 15_000 });
    expect(uploads).toEqual(['POST', 'PUT']);
  });

  test('"Salvando dados..." shows while the server saves', async ({ page }) => {
    await open(page);
    await fillCpfRequest(page);
    // No file: nothing to upload, the request goes straight to saving.
    await page.route('**/api/implementacao', async (route: Route) => {
      await delay(1_500);
      await route.fallback();
    });
    await submit(page).click();
    await expect(form(page).getByRole('button', { name: 'Salvando dados...' })).toBeDisabled();
    await expect(form(page).getByLabel('Nome completo')).toBeDisabled();
    await expect(page.getByText('Formulário enviado!')).toBeVisible({ timeout: 15_000 });
  });

  test('errors by phase use the spec texts', async ({ page }) => {
    await open(page);
    await fillCpfRequest(page);

    // The server refuses the file.
    await page.route('**/api/implementacao', (route) =>
      route.fulfill({ status: 413, json: { error: 'O arquivo deve ter no máximo 5MB.', stage: 'upload' } }),
    );
    await submit(page).click();
    await expect(page.getByText('Erro no upload', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Não foi possível fazer upload do arquivo: O arquivo deve ter no máximo 5MB.'),
    ).toBeVisible();
    await page.unrouteAll();

    // The connection drops during the upload.
    await page.route('**/api/implementacao', (route) => route.abort('connectionreset'));
    await submit(page).click();
    await expect(page.getByText('Erro no upload dos arquivos. Verifique sua conexão e tente novamente.')).toBeVisible();
    await page.unrouteAll();

    // The server rejects the data with a field message.
    await page.route('**/api/implementacao', (route) =>
      route.fulfill({
        status: 400,
        json: { error: 'CPF inválido', stage: 'save', fields: { cpf: 'CPF inválido' } },
      }),
    );
    await submit(page).click();
    await expect(page.getByText('Não foi possível salvar a solicitação: CPF inválido')).toBeVisible();
    await expect(form(page).getByLabel('CPF', { exact: true })).toHaveAccessibleDescription('CPF inválido');
    await page.unrouteAll();

    // Saved, but the e-mail failed its first attempt: data kept, the visitor is told.
    await page.route('**/api/implementacao/*', (route) => route.fulfill({ json: { email: 'failed' } }));
    await submit(page).click();
    await expect(
      page.getByText('Erro ao enviar o e-mail. Os dados foram salvos, mas o e-mail pode não ter sido enviado.'),
    ).toBeVisible({ timeout: 10_000 });
    await expect(form(page).getByLabel('Nome completo')).toHaveValue('');
  });

  test('works on a phone-sized screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expect(submit(page)).toBeVisible();
  });
});

test.describe('implementation form without JavaScript', () => {
  test('the section switch works and a valid request lands on /obrigado; errors come back as a page', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL!, locale: 'pt-BR' });
    const page = await context.newPage();
    try {
      await page.goto('/implementacao-sistema');
      await form(page).getByRole('radio', { name: 'Pessoa jurídica (CNPJ)' }).check();
      await expect(form(page).getByLabel('Razão social')).toBeVisible();
      await expect(form(page).getByLabel('Nome completo')).toBeHidden();
      await form(page).getByRole('radio', { name: 'Pessoa física (CPF)' }).check();

      await form(page).getByLabel('CPF', { exact: true }).fill('529.982.247-25');
      await form(page).getByLabel('Nome completo').fill('Sem Script');
      await form(page).getByLabel('Celular', { exact: true }).fill('(11) 98765-4321');
      await form(page).getByLabel('E-mail', { exact: true }).fill('sem.script@example.com');
      await form(page).getByLabel('E-mail de acesso').fill('acesso@example.com');
      await form(page).getByLabel('Senha', { exact: true }).fill('123');
      await submit(page).click();
      await expect(page.getByRole('heading', { name: 'Erro ao enviar' })).toBeVisible();
      await expect(page.getByText('Senha deve ter pelo menos 6 caracteres')).toBeVisible();

      await page.getByRole('link', { name: 'Voltar ao formulário' }).click();
      await form(page).getByLabel('CPF', { exact: true }).fill('529.982.247-25');
      await form(page).getByLabel('Nome completo').fill('Sem Script');
      await form(page).getByLabel('Celular', { exact: true }).fill('(11) 98765-4321');
      await form(page).getByLabel('E-mail', { exact: true }).fill('sem.script@example.com');
      await form(page).getByLabel('E-mail de acesso').fill('acesso@example.com');
      await form(page).getByLabel('Senha', { exact: true }).fill('segredo1');
      await submit(page).click();
      await expect(page).toHaveURL(/\/obrigado$/);
    } finally {
      await context.close();
    }
  });
});

test.describe('implementation endpoints on the built server', () => {
  test('an oversized upload is refused from its headers, before the body is sent', async ({ baseURL }) => {
    const url = new URL('/api/implementacao', baseURL);
    const result = await new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
      let sentBytes = 0;
      const req = httpRequest(url, {
        method: 'POST',
        headers: {
          Origin: url.origin,
          Accept: 'application/json',
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(2 * FIVE_MB + 64 * 1024 + 1),
        },
      });
      req.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body, sentBytes });
          req.destroy();
        });
      });
      req.on('error', reject);
      // Only a sliver of the declared body is ever written.
      const sliver = Buffer.alloc(16 * 1024, 0x20);
      sentBytes += sliver.length;
      req.write(sliver);
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ error: 'O arquivo deve ter no máximo 5MB.', stage: 'upload' });
    expect(result.sentBytes).toBeLessThan(FIVE_MB);
  });

  test('a real submission is saved, confirmed with its reference, and its documents are not public', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page);
    await fillCpfRequest(page);
    await form(page)
      .getByLabel('CNH (opcional)')
      .setInputFiles({ name: 'cnh.png', mimeType: 'image/png', buffer: PNG });
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/implementacao') && r.request().method() === 'POST',
    );
    await submit(page).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await expect(page.getByText('Formulário enviado!')).toBeVisible({ timeout: 15_000 });
    // The confirmation takes focus, with what happens next, the three calls and the reference.
    const confirmation = page.getByRole('region', { name: 'Solicitação recebida!' });
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toBeInViewport();
    await expect(confirmation).toContainText(`Número da solicitação: ${id.slice(0, 8).toUpperCase()}`);
    await expect(confirmation.getByRole('heading', { name: 'O que acontece agora' })).toBeVisible();
    await expect(confirmation.getByRole('list').last().getByRole('listitem')).toHaveCount(3);

    // The team's e-mail arrives through the queue with the fields and an admin-only link.
    const mail = await waitForMail((m) => m.text?.includes(id) ?? false);
    expect(mail.subject).toBe('Nova solicitação de implementação (CPF): Maria da Silva');
    expect(mail.replyTo?.[0]?.address).toBe('acesso@example.com');
    expect(mail.text).toContain('CPF: 529.982.247-25');
    expect(mail.text).toContain('CNH anexada: Sim');
    const link = /Arquivo da CNH: cnh\.png — (\S+)/.exec(mail.text ?? '')?.[1];
    expect(link).toMatch(/\/admin\/documentos\/[0-9a-f-]{36}$/);
    const documentPath = new URL(link!).pathname;

    // Anonymous visitors never get the document: the admin guard answers a request without a
    // session with 401 (the route itself refuses with 403, see the integration test); a
    // browser navigation gets no document either.
    const download = await request.get(documentPath);
    expect([401, 403]).toContain(download.status());
    expect(await download.text()).not.toContain('PNG');
    const navigation = await page.goto(documentPath);
    expect(navigation?.headers()['content-type'] ?? '').not.toMatch(/image|pdf/);
    expect(navigation?.status()).not.toBe(200);
  });

  test('5 MB documents go up in chunks, in either section, and an admin gets each back byte for byte', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { cookie } = await teamSession('admin');
    const chunks: Promise<{ index: string | undefined; bytes: number }>[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/implementacao-documentos') && sent.method() === 'PUT') {
        chunks.push(
          sent.allHeaders().then((headers) => ({
            index: headers['x-chunk-index'],
            bytes: Number(headers['content-length']),
          })),
        );
      }
    });
    const fiveMb = (seed: number) => {
      const bytes = Buffer.alloc(FIVE_MB);
      for (let i = 0; i < FIVE_MB; i++) bytes[i] = (i * 131 + seed * 17 + (i >> 9)) & 0xff;
      PDF.copy(bytes, 0, 0, 9);
      return bytes;
    };
    const sections = [
      {
        name: 'cnh-maria.pdf',
        fill: fillCpfRequest,
        input: 'CNH (opcional)',
        file: fiveMb(1),
      },
      {
        name: 'cnh-joao.pdf',
        fill: async (p: Page) => {
          await form(p).getByRole('radio', { name: 'Pessoa jurídica (CNPJ)' }).check();
          await form(p).getByLabel('CNPJ', { exact: true }).pressSequentially('12ABC34501DE35');
          await form(p).getByLabel('Razão social').fill('Imobiliária Grande Ltda.');
          await form(p).getByLabel('CPF do responsável').pressSequentially('11144477735');
          await form(p).getByLabel('Nome do responsável').fill('João Souza');
          await form(p).getByLabel('Celular do responsável').pressSequentially('2130000000');
          await form(p).getByLabel('E-mail do responsável').fill('joao@example.com');
          await form(p).getByLabel('E-mail de acesso').fill('acesso.joao@example.com');
          await form(p).getByLabel('Senha', { exact: true }).fill('segredo1');
        },
        input: 'CNH do responsável (opcional)',
        file: fiveMb(2),
      },
    ];
    for (const section of sections) {
      chunks.length = 0;
      await open(page);
      await section.fill(page);
      await form(page)
        .getByLabel(section.input, { exact: true })
        .setInputFiles({ name: section.name, mimeType: 'application/pdf', buffer: section.file });
      await expect(page.getByText('Arquivo anexado')).toBeVisible();
      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/api/implementacao') && r.request().method() === 'POST',
      );
      await submit(page).click();
      const response = await answer;
      expect(response.status()).toBe(201);
      // The form's own post carried no file: three chunks of at most 2 MiB did.
      expect(response.request().postDataBuffer()?.length ?? 0).toBeLessThan(64 * 1024);
      expect(await Promise.all(chunks)).toEqual([
        { index: '0', bytes: 2 * 1024 * 1024 },
        { index: '1', bytes: 2 * 1024 * 1024 },
        { index: '2', bytes: 1024 * 1024 },
      ]);
      const { id } = (await response.json()) as { id: string };
      await expect(page.getByText('Formulário enviado!')).toBeVisible({ timeout: 15_000 });

      const mail = await waitForMail((m) => m.text?.includes(id) ?? false);
      const link = new RegExp(`Arquivo da CNH: ${section.name.replace('.', '\\.')} — (\\S+)`).exec(
        mail.text ?? '',
      )?.[1];
      expect(link).toMatch(/\/admin\/documentos\/[0-9a-f-]{36}$/);
      const download = await request.get(new URL(link!).pathname, { headers: { cookie } });
      expect(download.status()).toBe(200);
      expect((await download.body()).equals(section.file)).toBe(true);
    }
  });
});
