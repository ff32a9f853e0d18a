/*
 * The site on Netlify's own local runtime, offline (scripts/support/netlify-runtime.ts:
 * `netlify serve --offline` builds a copy of the repository as a deploy does and serves it),
 * against PostgreSQL through PgBouncer in transaction mode (Supabase's pooler profile), driven
 * over real HTTP and in one Chromium: a prerendered page answers with `_headers`; a partner
 * page with its CDN cache headers and both CSPs, which the browser enforces without a
 * violation; a lead sent through the dialog reaches a webhook receiver and an SMTP server
 * through the function's `waitUntil` (the CLI never runs a schedule by itself); the scheduled
 * drain invoked as Netlify's scheduler invokes it delivers a lead saved without one; an admin
 * signs in and finds that lead; a 5 MB document goes up in chunks and comes back byte for byte.
 *
 * The build also migrates the new database over DATABASE_MIGRATION_URL, installs the job
 * queue's schema and seeds the example posts, as on Netlify. `npm run test:netlify-runtime`.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '~/server/auth/admin-grant';
import { BROWSER_CACHE_CONTROL, CDN_CACHED_ROUTES, LONG_CDN } from '~/server/cdn/cdn-cache';
import { authUser, contatos, deliveries } from '~/server/db/schema';
import { HEADER_CSP } from '~/server/http/security-headers';
import { createSecurityLogger } from '~/server/security';
import { DELIVERY_HEADER, SIGNATURE_HEADER } from '~/server/webhooks';
import { launchChromium } from '../../scripts/support/chromium';
import { watchCsp } from '../support/csp-watch';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { saveLeadAsFunction } from '../../scripts/support/netlify-lead';
import { startNetlifyRuntime, type NetlifyRuntime } from '../../scripts/support/netlify-runtime';
import { pgBouncerMissingReason } from '../../scripts/support/pgbouncer';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';

const missing = pgBouncerMissingReason();
const SECRET = 'netlify-runtime-secret-0123456789abcdef';
const WEBHOOK_SECRET = 'netlify-runtime-webhook-secret';
const NOTIFY_TO = 'comercial@pilota.example';
const PASSWORD = 'Senha-forte-2024!';
const FIVE_MB = 5 * 1024 * 1024;

describe.skipIf(missing)(`the site on Netlify's local runtime${missing ? ` — skipped: ${missing}` : ''}`, () => {
  let t: TestDatabase;
  let hook: Receiver;
  let smtp: CaptureSmtp;
  let runtime: NetlifyRuntime;
  let browser: Browser;
  let context: BrowserContext;
  let env: Record<string, string>;
  const leadName = 'Lara Runtime';
  const leadEmail = `lara-${randomUUID().slice(0, 8)}@netlify.example`;

  const get = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, runtime.url), { redirect: 'manual', ...init });

  beforeAll(async () => {
    [t, hook, smtp] = await Promise.all([createTestDatabase('pgbouncer'), startReceiver(), startCaptureSmtp()]);
    // What the site's variables hold on Netlify (docs/deploying.md's table): the pooler's URL for
    // the functions, the direct one for the deploy's migrations; no DATA_DIR, no DEPLOY_TARGET.
    env = {
      DATABASE_URL: t.url!,
      DATABASE_MIGRATION_URL: t.directUrl!,
      AUTH_SECRET: SECRET,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Pilota <x@pilota.example>',
      LEAD_NOTIFY_TO: NOTIFY_TO,
      LEAD_WEBHOOK_URLS: hook.url,
      WEBHOOK_SECRET,
      LEAD_RATE_LIMIT: 'off',
    };
    [runtime, browser] = await Promise.all([startNetlifyRuntime(env), launchChromium()]);
    context = await browser.newContext({ baseURL: runtime.url, locale: 'pt-BR' });
    // Each on-demand request boots the function afresh (about a second alone, far more on a
    // busy machine): Playwright's waits get room beyond its 30 s default.
    context.setDefaultTimeout(90_000);
  }, 360_000);

  afterAll(async () => {
    // For the CI budget: what the CLI (build, server, every function invocation) cost in CPU.
    if (runtime) console.log(`[netlify-runtime] netlify serve used ${runtime.cpuSeconds()?.toFixed(1) ?? '?'} CPU s`);
    await context?.close();
    await browser?.close();
    await runtime?.stop();
    await Promise.all([hook?.close(), smtp?.stop()]);
    await t?.close();
  });

  it('serves a prerendered page and an asset with the build’s _headers, no function involved', async () => {
    // Netlify's build moves the publish folder's `_headers` into its deploy configuration.
    const headersFile = readFileSync(
      [join(runtime.siteDir, '.netlify', 'deploy', '_headers'), join(runtime.siteDir, 'dist', '_headers')].find(
        (path) => existsSync(path),
      )!,
      'utf8',
    );
    const forAll = Object.fromEntries(
      [...headersFile.matchAll(/^ {2}([\w-]+): (.*)$/gm)].map(([, name, value]) => [name!.toLowerCase(), value!]),
    );
    expect(Object.keys(forAll)).toContain('content-security-policy');
    const page = await get('/planos');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="pt-BR"');
    for (const [name, value] of Object.entries(forAll))
      expect({ name, value: page.headers.get(name) }).toEqual({ name, value });
    // Served from the publish folder: no function ran for it.
    expect(page.headers.get('x-nf-invocation-metadata')).toBeNull();

    const asset = readdirSync(join(runtime.siteDir, 'dist', '_astro')).find((name) => name.endsWith('.css'));
    const css = await get(`/_astro/${asset}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('x-content-type-options')).toBe(forAll['x-content-type-options']);
    // netlify.toml's immutable rule for /_astro/* is not observable here: the CLI's static
    // server sets `public, max-age=0, must-revalidate` on every file and it wins over header
    // rules (Netlify applies the rule; tests/integration/netlify.int.test.ts checks it).
  });

  it('answers a partner page from the function with its CDN cache headers and both CSPs, which Chromium keeps without a violation', async () => {
    const response = await get('/parceiro/carol-imoveis');
    expect(response.status).toBe(200);
    const rule = CDN_CACHED_ROUTES['/parceiro/[slug]']!;
    expect({
      cdn: response.headers.get('netlify-cdn-cache-control'),
      tag: response.headers.get('netlify-cache-tag'),
      browser: response.headers.get('cache-control'),
    }).toEqual({
      cdn: LONG_CDN,
      tag: rule.tags({ slug: 'carol-imoveis' }).join(', '),
      browser: BROWSER_CACHE_CONTROL,
    });
    // Two policies, comma-joined as HTTP joins repeated headers: Astro's (script hashes) and
    // the site's (frame-ancestors and the rest a <meta> policy cannot carry).
    const policies = (response.headers.get('content-security-policy') ?? '').split(/,\s*(?=[a-z-]+ )/);
    expect(policies).toHaveLength(2);
    expect(policies[0]).toMatch(/script-src 'self' 'sha256-/);
    expect(policies[1]).toBe(HEADER_CSP);
    // Nothing personal is kept by the CDN: the sign-in page sets no CDN header.
    const auth = await get('/auth');
    expect(auth.status).toBe(200);
    expect(auth.headers.get('netlify-cdn-cache-control')).toBeNull();
    expect(auth.headers.get('netlify-cache-tag')).toBeNull();

    const page = await context.newPage();
    const violations = await watchCsp(page);
    const visit = await page.goto('/parceiro/carol-imoveis');
    expect(visit?.status()).toBe(200);
    // The lead dialog's island hydrates on this page: its inline and module scripts pass both policies.
    await page.getByRole('navigation').getByRole('link', { name: 'Solicitar Contato' }).first().click();
    await expect.poll(() => page.locator('astro-island[ssr]').count(), { timeout: 60_000 }).toBe(0);
    expect(violations).toEqual([]);
    await page.close();
  }, 180_000);

  it('delivers a lead sent through the dialog to the webhook and by e-mail right after the answer (waitUntil)', async () => {
    const page = await context.newPage();
    const violations = await watchCsp(page);
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Solicitar Contato' }).first().click();
    const form = page.getByRole('dialog', { name: 'Solicitar contato' });
    await expect.poll(() => form.locator('astro-island:not([ssr])').count(), { timeout: 60_000 }).toBe(1);
    await form.getByLabel('Nome completo').fill(leadName);
    await form.getByLabel('E-mail', { exact: true }).fill(leadEmail);
    await form.getByLabel('Celular (WhatsApp)').fill('11987654321');
    await form.getByLabel('Você é').selectOption('proprietario');
    const sentAt = Date.now();
    await form.getByRole('button', { name: 'Solicitar contato' }).click();
    await page.getByText('Mensagem enviada!').waitFor();
    await page.waitForURL('**/obrigado');
    expect(violations).toEqual([]);
    await page.close();

    const request = await hook.waitFor((r) => (r.json as { email?: string }).email === leadEmail, 60_000);
    const mail = await smtp.waitFor(
      (m) => m.envelopeTo.includes(NOTIFY_TO) && (m.subject ?? '').includes(leadName),
      60_000,
    );
    const [lead] = await t.db.select({ id: contatos.id }).from(contatos).where(eq(contatos.email, leadEmail));
    const rowsOf = () => t.db.select().from(deliveries).where(eq(deliveries.subjectId, lead!.id));
    // The catcher holds the mail as soon as the SMTP server accepts it; the sender marks the row
    // sent only after that answer, so the row's status is polled, not read once.
    await expect
      .poll(async () => (await rowsOf()).map((row) => `${row.kind}:${row.status}`).sort(), { timeout: 60_000 })
      .toEqual(['email:sent', 'webhook:sent']);
    const rows = await rowsOf();
    expect(request.headers[DELIVERY_HEADER.toLowerCase()]).toBe(rows.find((row) => row.kind === 'webhook')!.id);
    expect(request.headers[SIGNATURE_HEADER.toLowerCase()]).toBe(
      `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(request.body).digest('hex')}`,
    );
    expect(mail.text).toContain(leadEmail);
    // Delivered once: no other run sent either again.
    expect(hook.requests.filter((r) => (r.json as { email?: string }).email === leadEmail)).toHaveLength(1);
    console.log(
      `[netlify-runtime] lead sent → webhook ${Date.parse(request.receivedAt) - sentAt} ms, e-mail ${Date.parse(mail.receivedAt) - sentAt} ms`,
    );
  }, 180_000);

  it('delivers, when invoked as Netlify’s scheduler invokes the drain, a lead saved without a run after the answer', async () => {
    const email = `sol-${randomUUID().slice(0, 8)}@netlify.example`;
    const leadId = await saveLeadAsFunction(env, { nome: 'Sol Agendada', email });
    const rowsOf = () => t.db.select().from(deliveries).where(eq(deliveries.subjectId, leadId));
    expect((await rowsOf()).map((row) => row.status)).toEqual(['pending', 'pending']);

    // Netlify's scheduler POSTs `{ next_run }`; the CLI adds the scheduled-event headers.
    const response = await get('/.netlify/functions/drain', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ next_run: new Date(Date.now() + 60_000).toISOString() }),
    });
    expect(response.status).toBe(200);
    await hook.waitFor((r) => (r.json as { email?: string }).email === email, 60_000);
    await smtp.waitFor((m) => m.envelopeTo.includes(NOTIFY_TO) && (m.subject ?? '').includes('Sol Agendada'), 60_000);
    await expect
      .poll(async () => (await rowsOf()).map((row) => `${row.kind}:${row.status}`).sort(), { timeout: 60_000 })
      .toEqual(['email:sent', 'webhook:sent']);
    expect(runtime.output()).toMatch(
      /"component":"drain","msg":"\d+ attempted, \d+ delivered, 0 failed \(stopped: idle; maintenance done\)/,
    );
  }, 180_000);

  it('signs an admin in through /auth and opens the admin area, where the dialog’s lead is listed', async () => {
    const signUp = await get('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: runtime.url },
      body: JSON.stringify({ name: 'Ana Admin', email: 'ana@netlify.example', password: PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    // The first admin, as docs/deploying.md says: the address confirmed, then admin:grant.
    await t.db.update(authUser).set({ emailVerified: true }).where(eq(authUser.email, 'ana@netlify.example'));
    await grantAdmin(t.db, 'ana@netlify.example', createSecurityLogger({ db: t.db, secret: SECRET }), 'test');

    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Entrar' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Entrar' });
    await panel.getByLabel('E-mail').fill('ana@netlify.example');
    await panel.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await panel.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/blog/admin');
    const leads = await page.goto('/admin/leads');
    expect(leads?.status()).toBe(200);
    expect(leads?.headers()['netlify-cdn-cache-control']).toBeUndefined();
    await page.getByRole('link', { name: leadName }).first().waitFor();
    await page.close();
  }, 180_000);

  it('takes a 5 MB document in chunks through the form and gives it back byte for byte to the admin', async () => {
    const file = Buffer.alloc(FIVE_MB);
    for (let i = 0; i < FIVE_MB; i++) file[i] = (i * 131 + 17 + (i >> 9)) & 0xff;
    file.write('%PDF-1.7\n', 0);
    const page = await context.newPage();
    const chunks: Promise<number>[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/implementacao-documentos') && sent.method() === 'PUT')
        chunks.push(sent.allHeaders().then((headers) => Number(headers['content-length'])));
    });
    await page.goto('/implementacao-sistema');
    await expect
      .poll(() => page.locator('astro-island[component-url*="ImplementationForm"]:not([ssr])').count(), {
        timeout: 60_000,
      })
      .toBe(1);
    const form = page.getByRole('form', { name: 'Solicitação de implementação' });
    await form.getByLabel('CPF', { exact: true }).pressSequentially('52998224725');
    await form.getByLabel('Nome completo').fill('Nina Nuvem');
    await form.getByLabel('Celular', { exact: true }).pressSequentially('11987654321');
    await form.getByLabel('E-mail', { exact: true }).fill('nina@netlify.example');
    await form.getByLabel('E-mail de acesso').fill('acesso.nina@netlify.example');
    await form.getByLabel('Senha', { exact: true }).fill('segredo1');
    await form
      .getByLabel('CNH (opcional)', { exact: true })
      .setInputFiles({ name: 'cnh-nina.pdf', mimeType: 'application/pdf', buffer: file });
    await page.getByText('Arquivo anexado').waitFor();
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/implementacao') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Enviar Solicitação de Implementação' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(await Promise.all(chunks)).toEqual([2 * 1024 * 1024, 2 * 1024 * 1024, 1024 * 1024]);
    const { id } = (await response.json()) as { id: string };
    await page.getByText('Formulário enviado!').waitFor({ timeout: 90_000 });
    await page.close();

    // The team's e-mail (sent after the answer, through waitUntil) links the document.
    const mail = await smtp.waitFor((m) => m.text?.includes(id) ?? false, 60_000);
    const link = /Arquivo da CNH: cnh-nina\.pdf — (\S+)/.exec(mail.text ?? '')?.[1];
    expect(link).toMatch(/\/admin\/documentos\/[0-9a-f-]{36}$/);
    const download = await context.request.get(new URL(link!).pathname);
    expect(download.status()).toBe(200);
    expect((await download.body()).equals(file)).toBe(true);
    const anonymous = await get(new URL(link!).pathname);
    expect([302, 303, 401, 403]).toContain(anonymous.status);
  }, 240_000);
});
