/*
 * The implementation request from the HTTP handler down: a real multipart body streamed
 * into POST /api/implementacao, the real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), the real queue, and a real SMTP server that receives the
 * notification. The production server's own handling of an oversized upload is covered
 * in tests/e2e/implementation.e2e.ts, which runs against the build.
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileMessages, validationMessages } from '~/copy/messages/implementation';
import { MAX_CNH_BYTES } from '~/lib/file-type';
import { rateLimitMessage } from '~/copy/messages/lead';
import { deliveries, privateFiles, securityEvents, solicitacoesImplementacao } from '~/server/db/schema';
import { IMPLEMENTATION_SUBJECT } from '~/server/implementation/implementation.service';
import { MAX_REQUEST_BYTES } from '~/server/implementation/multipart';
import { verifyPassword } from '~/server/implementation/password';
import type { DeliverySettings } from '~/server/delivery/settings';
import { GET as download } from '~/pages/admin/documentos/[id]';
import { GET as status } from '~/pages/api/implementacao/[id]';
import { POST } from '~/pages/api/implementacao';
import { engines, useTestDatabase, type TestDatabase } from '../support/db';
import { testRuntime } from '../../scripts/support/service-deps';
import { aCnpjRequest, aCpfRequest, IMPLEMENTATION_PASSWORD } from '../support/implementation-fields';
import { until } from '../support/until';
import { useMailDelivery } from '../support/mail-delivery';

const SITE_URL = 'https://pilota.example';
const TEAM = 'implantacao@pilota.example';
const NOW = new Date('2026-08-03T15:00:00Z');
const SENHA = IMPLEMENTATION_PASSWORD;
/** A signed-in admin as the middleware leaves it on `locals` (the download checks the session's role and records who). */
const ADMIN_SESSION = {
  user: { id: 'u-admin', name: 'Ana Admin', email: 'ana@pilota.example', role: 'admin' },
  sessionId: 's-admin',
  expiresAt: new Date('2099-01-01T00:00:00Z'),
} as unknown as NonNullable<App.Locals['session']>;

const FAST: DeliverySettings = {
  retryLimit: 50,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.5,
  expireInSeconds: 30,
  // Immediate retries fail many times a second while a server is down: a paused target resumes within 2 s.
  breaker: { failures: 10, pauseSeconds: 1, maxPauseSeconds: 2 },
};

const ascii = (text: string) => new TextEncoder().encode(text);
const PDF = ascii('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

/** A file of exactly `size` bytes that starts like a PDF. */
function pdfOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(PDF.subarray(0, 8));
  return bytes;
}

const cpfFields = aCpfRequest();

const cnpjFields = aCnpjRequest();

function form(
  fields: Record<string, string>,
  files: Record<string, { bytes: Uint8Array; name: string; type: string }> = {},
) {
  const body = new FormData();
  // Both sections are always sent, as the browser form does; the schema keeps the chosen one.
  for (const key of ['cpf', 'nomeCompleto', 'celular', 'email', 'cnpj', 'razaoSocial']) body.append(key, '');
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  for (const [key, file] of Object.entries(files))
    body.append(key, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  return body;
}

describe.each(engines)('implementation request on %s', (engine) => {
  const t: TestDatabase = useTestDatabase(engine);
  const sending = useMailDelivery(t, FAST);

  /** What the route gets from the middleware: this test's database, queue and settings. */
  const context = (request: Request, params: Record<string, string> = {}, config: Record<string, unknown> = {}) =>
    ({
      request,
      params,
      clientAddress: '203.0.113.7',
      locals: {
        runtime: testRuntime({
          db: t.db,
          stack: sending.stack,
          config: { siteUrl: SITE_URL, leadNotifyTo: TEAM, authSecret: 'test-secret', ...config },
          now: () => NOW,
        }),
      },
    }) as unknown as APIContext;

  async function submit(body: FormData | Request) {
    const request =
      body instanceof Request ? body : new Request('http://localhost/api/implementacao', { method: 'POST', body });
    const response = await POST(context(request));
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  const counts = async () => ({
    requests: (await t.db.select().from(solicitacoesImplementacao)).length,
    files: (await t.db.select().from(privateFiles)).length,
    deliveries: (await t.db.select().from(deliveries)).length,
  });

  const mailStatus = async (id: string) =>
    (await status(context(new Request(`http://localhost/api/implementacao/${id}`), { id }))).json();

  it('a CPF request with a PDF: row, private file, real password hash, e-mail with every field', async () => {
    const { status: code, json } = await submit(
      form(cpfFields, { cnh: { bytes: PDF, name: 'minha-cnh.pdf', type: 'application/pdf' } }),
    );
    expect(code).toBe(201);
    const id = json['id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await t.db.select().from(solicitacoesImplementacao).where(eq(solicitacoesImplementacao.id, id));
    expect(row).toMatchObject({
      tipoDocumento: 'cpf',
      cpf: '52998224725',
      nomeCompleto: 'Maria da Silva',
      celular: '11987654321',
      email: 'maria@example.com',
      emailAcesso: 'acesso.maria@example.com',
      cnpj: null,
      razaoSocial: null,
      responsavelCpf: null,
      responsavelNome: null,
      responsavelCelular: null,
      responsavelEmail: null,
      responsavelCnhFileId: null,
    });
    expect(row!.createdAt.toISOString()).toBe(NOW.toISOString());

    // The password is only a salted scrypt hash that verifies.
    expect(row!.senhaHash).not.toContain(SENHA);
    expect(row!.senhaHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(SENHA, row!.senhaHash)).toBe(true);
    expect(await verifyPassword('outra senha', row!.senhaHash)).toBe(false);

    const [file] = await t.db.select().from(privateFiles).where(eq(privateFiles.id, row!.cnhFileId!));
    expect(file).toMatchObject({
      kind: 'pdf',
      mimeType: 'application/pdf',
      originalName: 'minha-cnh.pdf',
      size: PDF.length,
    });
    expect(Buffer.from(file!.content).equals(Buffer.from(PDF))).toBe(true);

    const mail = await sending.smtp.waitFor((m) => m.subject?.includes('Maria da Silva') ?? false);
    expect(mail.envelopeTo).toEqual([TEAM]);
    expect(mail.replyTo?.[0]?.address).toBe('acesso.maria@example.com');
    expect(mail.subject).toBe('Nova solicitação de implementação (CPF): Maria da Silva');
    const text = mail.text ?? '';
    for (const expected of [
      'Tipo de documento: CPF',
      'Data da solicitação: 03/08/2026',
      `Número da solicitação: ${id}`,
      'CPF: 529.982.247-25',
      'Nome completo: Maria da Silva',
      'Celular: (11) 98765-4321',
      'E-mail: maria@example.com',
      'CNH anexada: Sim',
      `Arquivo da CNH: minha-cnh.pdf — ${SITE_URL}/admin/documentos/${file!.id}`,
      'E-mail de acesso: acesso.maria@example.com',
      'Senha configurada: Sim',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CNPJ:');
    expect(text).not.toContain(SENHA);
    expect(mail.html).toContain(`href="${SITE_URL}/admin/documentos/${file!.id}"`);

    const [delivery] = await until(async () => {
      const rows = await t.db.select().from(deliveries).where(eq(deliveries.subjectId, id));
      return rows[0]?.status === 'sent' ? rows : undefined;
    });
    expect(delivery).toMatchObject({ kind: 'email', subjectType: IMPLEMENTATION_SUBJECT, attempts: 1 });
    expect(await mailStatus(id)).toEqual({ email: 'sent' });
  });

  it('a CNPJ request (alphanumeric CNPJ) with the responsible person’s CNH', async () => {
    const { status: code, json } = await submit(
      form(
        { ...cnpjFields, cpf: '529.982.247-25', nomeCompleto: 'ignorado' },
        {
          responsavelCnh: { bytes: JPEG, name: 'cnh-joao.jpg', type: 'image/jpeg' },
          // A file for the other section is not part of a CNPJ request.
          cnh: { bytes: PDF, name: 'outra.pdf', type: 'application/pdf' },
        },
      ),
    );
    expect(code).toBe(201);
    const id = json['id'] as string;
    const [row] = await t.db.select().from(solicitacoesImplementacao).where(eq(solicitacoesImplementacao.id, id));
    expect(row).toMatchObject({
      tipoDocumento: 'cnpj',
      cnpj: '12ABC34501DE35',
      razaoSocial: 'Imobiliária Exemplo Ltda.',
      responsavelCpf: '11144477735',
      responsavelNome: 'João Souza',
      responsavelCelular: '2130000000',
      responsavelEmail: 'joao@example.com',
      emailAcesso: 'acesso.empresa@example.com',
      cpf: null,
      nomeCompleto: null,
      celular: null,
      email: null,
      cnhFileId: null,
    });
    const files = await t.db.select().from(privateFiles);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ id: row!.responsavelCnhFileId, kind: 'jpeg', mimeType: 'image/jpeg' });

    const mail = await sending.smtp.waitFor((m) => m.subject?.includes('(CNPJ)') ?? false);
    const text = mail.text ?? '';
    for (const expected of [
      'Tipo de documento: CNPJ',
      'CNPJ: 12.ABC.345/01DE-35',
      'Razão social: Imobiliária Exemplo Ltda.',
      'CPF: 111.444.777-35',
      'Nome: João Souza',
      'Celular: (21) 3000-0000',
      'E-mail: joao@example.com',
      'CNH anexada: Sim',
      `${SITE_URL}/admin/documentos/${files[0]!.id}`,
      'E-mail de acesso: acesso.empresa@example.com',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Nome completo');
    expect(mail.replyTo?.[0]?.address).toBe('acesso.empresa@example.com');
  });

  it('without a CNH the e-mail says "CNH anexada: Não" and no file is stored', async () => {
    const { status: code } = await submit(form(cpfFields));
    expect(code).toBe(201);
    expect((await counts()).files).toBe(0);
    const mail = await sending.smtp.waitFor();
    expect(mail.text).toContain('CNH anexada: Não');
    expect(mail.text).not.toContain('/admin/documentos/');
  });

  it('strips markup from names, keeps the request and records input_validation_failed', async () => {
    const { status: code } = await submit(
      form({ ...cpfFields, nomeCompleto: 'Maria <img src=x onerror=alert(1)>Silva' }),
    );
    expect(code).toBe(201);
    const [row] = await t.db.select().from(solicitacoesImplementacao);
    expect(row?.nomeCompleto).not.toContain('onerror');
    expect(row?.nomeCompleto).toContain('Maria');
    const events = await t.db.select().from(securityEvents);
    expect(events.map((e) => e.eventType)).toEqual(['input_validation_failed']);
    expect(events[0]?.details).toMatchObject({ field: 'nomeCompleto', source: 'implementation-form' });
  });

  it('shares LEAD_RATE_LIMIT per client address: past the limit it answers 429 and saves nothing', async () => {
    const limited = async () => {
      const request = new Request('http://localhost/api/implementacao', { method: 'POST', body: form(cpfFields) });
      const response = await POST(context(request, {}, { leadRateLimit: { count: 2, windowMs: 60_000 } }));
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    expect((await limited()).status).toBe(201);
    expect((await limited()).status).toBe(201);
    const third = await limited();
    expect(third.status).toBe(429);
    expect(third.json['error']).toBe(rateLimitMessage);
    expect((await counts()).requests).toBe(2);
  });

  it('a file named .pdf whose content is PNG is accepted, as PNG, and named .png', async () => {
    const { status: code } = await submit(
      form(cpfFields, { cnh: { bytes: PNG, name: 'documento.pdf', type: 'application/pdf' } }),
    );
    expect(code).toBe(201);
    const [file] = await t.db.select().from(privateFiles);
    expect(file).toMatchObject({ kind: 'png', mimeType: 'image/png', originalName: 'documento.png' });
  });

  it('a PDF uploaded as evil.html is named, typed and downloaded as a PDF, never rendered', async () => {
    const polyglot = ascii('%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n%%EOF\n');
    const { status: code, json } = await submit(
      form(cpfFields, { cnh: { bytes: polyglot, name: 'evil.html', type: 'text/html' } }),
    );
    expect(code).toBe(201);
    const [file] = await t.db.select().from(privateFiles);
    expect(file).toMatchObject({ kind: 'pdf', mimeType: 'application/pdf', originalName: 'evil.pdf' });
    const mail = await sending.smtp.waitFor((m) => m.text?.includes(json['id'] as string) ?? false);
    expect(mail.text).toContain(`Arquivo da CNH: evil.pdf — ${SITE_URL}/admin/documentos/${file!.id}`);
    expect(mail.text).not.toContain('evil.html');

    const request = new Request(`${SITE_URL}/admin/documentos/${file!.id}`);
    const asAdmin = context(request, { id: file!.id });
    asAdmin.locals.session = ADMIN_SESSION;
    const response = await download(asAdmin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="evil.pdf"; filename*=UTF-8''evil.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(polyglot))).toBe(true);
  });

  it('a row stored with the raw upload name (before the rule) still downloads under the detected type', async () => {
    const { json } = await submit(form(cpfFields, { cnh: { bytes: JPEG, name: 'foto.jpg', type: 'image/jpeg' } }));
    const [row] = await t.db
      .select()
      .from(solicitacoesImplementacao)
      .where(eq(solicitacoesImplementacao.id, json['id'] as string));
    const fileId = row!.cnhFileId!;
    await t.db.update(privateFiles).set({ originalName: 'CNH João\u202Egpj.html' }).where(eq(privateFiles.id, fileId));

    const asAdmin = context(new Request(`${SITE_URL}/admin/documentos/${fileId}`), { id: fileId });
    asAdmin.locals.session = ADMIN_SESSION;
    const response = await download(asAdmin);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="CNH Joao_gpj.jpg"; filename*=UTF-8''CNH%20Jo%C3%A3o_gpj.jpg`,
    );
  });

  it('a file whose content is neither PDF, JPEG nor PNG is rejected, and nothing is saved', async () => {
    const { status: code, json } = await submit(
      form(cpfFields, {
        cnh: { bytes: ascii('MZ\x90\x00 not a document at all'), name: 'cnh.pdf', type: 'application/pdf' },
      }),
    );
    expect(code).toBe(400);
    expect(json).toEqual({
      error: fileMessages.invalid.description,
      stage: 'upload',
      fields: { cnh: 'Apenas arquivos PDF, JPG ou PNG são aceitos.' },
    });
    expect(await counts()).toEqual({ requests: 0, files: 0, deliveries: 0 });
  });

  it('exactly 5 MB is accepted; 5 MB + 1 byte is rejected with the spec text', async () => {
    const ok = await submit(
      form(cpfFields, { cnh: { bytes: pdfOfSize(MAX_CNH_BYTES), name: 'a.pdf', type: 'application/pdf' } }),
    );
    expect(ok.status).toBe(201);
    const [file] = await t.db.select().from(privateFiles);
    expect(file!.size).toBe(MAX_CNH_BYTES);
    // Let the queue finish the first request's e-mail so truncating does not race its worker.
    await sending.smtp.waitFor();
    await t.truncate();

    const tooBig = await submit(
      form(cnpjFields, {
        responsavelCnh: { bytes: pdfOfSize(MAX_CNH_BYTES + 1), name: 'b.pdf', type: 'application/pdf' },
      }),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.json).toMatchObject({ error: 'O arquivo deve ter no máximo 5MB.', stage: 'upload' });
    expect(await counts()).toEqual({ requests: 0, files: 0, deliveries: 0 });
  });

  it('refuses a request declaring more than the form can hold without reading its body', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request('http://localhost/api/implementacao', {
      method: 'POST',
      body: endless,
      duplex: 'half',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(MAX_REQUEST_BYTES + 1),
      },
    } as RequestInit);
    const { status: code, json } = await submit(request);
    expect(code).toBe(413);
    expect(json['error']).toBe('O arquivo deve ter no máximo 5MB.');
    expect(pulled).toBeLessThanOrEqual(2);
  });

  it('cuts off a body without Content-Length once it passes the limit', async () => {
    let sent = 0;
    const head = ascii(
      '--x\r\nContent-Disposition: form-data; name="cnh"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    const chunk = new Uint8Array(256 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const request = new Request('http://localhost/api/implementacao', {
      method: 'POST',
      body: endless,
      duplex: 'half',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    } as RequestInit);
    const { status: code, json } = await submit(request);
    expect(code).toBe(413);
    expect(json['error']).toBe('O arquivo deve ter no máximo 5MB.');
    // The body never ends: finishing at all shows it was cut off; streams buffer a little ahead.
    expect(sent).toBeLessThan(MAX_REQUEST_BYTES + 2 * 1024 * 1024);
    expect(await counts()).toEqual({ requests: 0, files: 0, deliveries: 0 });
  });

  it('missing fields: "Todos os campos obrigatórios devem ser preenchidos", per field', async () => {
    const { status: code, json } = await submit(
      form({ tipoDocumento: 'cnpj', emailAcesso: 'a@b.com', senha: '123456' }),
    );
    expect(code).toBe(400);
    expect(json['error']).toBe('Todos os campos obrigatórios devem ser preenchidos');
    expect(json['stage']).toBe('save');
    expect(json['fields']).toEqual({
      cnpj: validationMessages.required,
      razaoSocial: validationMessages.required,
      responsavelCpf: validationMessages.required,
      responsavelNome: validationMessages.required,
      responsavelCelular: validationMessages.required,
      responsavelEmail: validationMessages.required,
    });
    expect(await counts()).toEqual({ requests: 0, files: 0, deliveries: 0 });
  });

  it('invalid values get their own messages from the shared schema', async () => {
    const { status: code, json } = await submit(
      form({ ...cpfFields, cpf: '529.982.247-26', emailAcesso: 'nope', senha: '123', celular: '(20) 98765-4321' }),
    );
    expect(code).toBe(400);
    expect(json['fields']).toEqual({
      cpf: 'CPF inválido',
      celular: validationMessages.phone,
      emailAcesso: 'Email inválido',
      senha: 'Senha deve ter pelo menos 6 caracteres',
    });
    expect(json['error']).toBe('CPF inválido');
  });

  it('SMTP down: the request is saved at once, the e-mail arrives once SMTP is back', async () => {
    await sending.smtp.stop();
    const { status: code, json } = await submit(
      form(cpfFields, { cnh: { bytes: PDF, name: 'cnh.pdf', type: 'application/pdf' } }),
    );
    expect(code).toBe(201);
    const id = json['id'] as string;
    expect(await counts()).toEqual({ requests: 1, files: 1, deliveries: 1 });

    const failed = await until(async () => {
      const [row] = await t.db.select().from(deliveries).where(eq(deliveries.subjectId, id));
      return row && row.status === 'retrying' ? row : undefined;
    });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(await mailStatus(id)).toEqual({ email: 'failed' });

    await sending.smtp.start();
    const mail = await sending.smtp.waitFor((m) => m.text?.includes(id) ?? false, 20_000);
    expect(mail.text).toContain('Maria da Silva');
    await until(async () => ((await mailStatus(id)).email === 'sent' ? true : undefined));
  });

  it('an anonymous download of a stored document is refused with 403', async () => {
    const { json } = await submit(form(cpfFields, { cnh: { bytes: PDF, name: 'cnh.pdf', type: 'application/pdf' } }));
    const [row] = await t.db
      .select()
      .from(solicitacoesImplementacao)
      .where(eq(solicitacoesImplementacao.id, json['id'] as string));
    const fileId = row!.cnhFileId!;
    const response = await download(context(new Request(`${SITE_URL}/admin/documentos/${fileId}`), { id: fileId }));
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).not.toContain('pdf');
    expect(await response.text()).not.toContain('%PDF');
  });

  it('the e-mail status of an unknown request is 404', async () => {
    const response = await status(
      context(new Request('http://localhost/api/implementacao/x'), { id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(response.status).toBe(404);
  });
});
