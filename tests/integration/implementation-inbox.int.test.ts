/*
 * Implementation requests in the sales inbox.
 *
 * The service (src/server/inbox/implementation-requests.ts) on every engine: each filter of
 * the URL, the accent-insensitive search over names, e-mails, phones, CPF/CNPJ and razão
 * social, pages; the detail without the password hash; status changes with their history
 * (stale and unknown refused); the download record.
 *
 * Then the built server, as people use it: a request posted to /api/implementacao, the list
 * and detail pages for the sales team (an editor refused), the status changed by a plain form
 * post (409 naming the current status when stale, 404 for an unknown request, 400 for an
 * unknown status), and the identity document downloaded by an admin — recorded with who and
 * when, shown on the detail page — while the sales team gets 403 and leaves no record.
 */
import type { APIContext } from 'astro';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { implementationInboxMessages as m } from '~/messages/inbox/implementation-requests';
import { contatos, documentDownloads, privateFiles, solicitacoesImplementacao } from '~/server/db/schema';
import {
  changeImplementationStatus,
  implementationRequestDetail,
  listImplementationRequests,
  recordDocumentDownload,
} from '~/server/inbox/implementation-requests';
import { IMPLEMENTATIONS_PAGE_SIZE, parseImplementationFilters } from '~/lib/validation/implementation-inbox';
import { GET as download } from '~/pages/admin/documentos/[id]';
import { createImplementationService, type ImplementationDeps } from '~/server/implementation/implementation.service';
import { createInboxService } from '~/server/inbox/inbox.service';
import type { Outbox } from '~/server/outbox/outbox';
import { adminCookie, teamCookie } from '../../scripts/support/blog-accounts';
import { engines, useTestDatabase } from '../support/db';
import { ensureBuild } from '../support/ensure-build';
import { seeOther } from '../support/see-other';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';

/** São Paulo wall time as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);
const NOW = sp('2026-11-23T14:00:00');
const ana = { id: 'u-ana', name: 'Ana' };
const beto = { id: 'u-beto', name: 'Beto' };
const MISSING = '00000000-0000-4000-8000-000000000000';
const HASH = 'scrypt$16384$8$1$c2FsdA$aGFzaA';

const cpfRequest = (nome: string, overrides: Partial<typeof solicitacoesImplementacao.$inferInsert> = {}) => ({
  tipoDocumento: 'cpf' as const,
  emailAcesso: `acesso.${nome.split(' ')[0]!.toLowerCase()}@exemplo.com.br`,
  senhaHash: HASH,
  cpf: '52998224725',
  nomeCompleto: nome,
  celular: '11900000000',
  email: `${nome.split(' ')[0]!.toLowerCase()}@exemplo.com.br`,
  createdAt: sp('2026-11-20T10:00:00'),
  ...overrides,
});

describe.each(engines)('implementation inbox service on %s', (engine) => {
  const t = useTestDatabase(engine);
  const deps = () => ({ db: t.db, now: () => NOW });
  const list = (query: string) => {
    const { filters, errors } = parseImplementationFilters(new URLSearchParams(query));
    expect(errors).toEqual({});
    return listImplementationRequests(deps(), filters);
  };
  const names = async (query: string) => (await list(query)).rows.map((row) => row.nome).sort();

  it('filters by status, tipo and period, and searches without caring for accents, case or masks', async () => {
    await t.db.insert(solicitacoesImplementacao).values([
      cpfRequest('João Ávila', {
        email: 'joao.avila@exemplo.com.br',
        celular: '21987654321',
        cpf: '11144477735',
        createdAt: sp('2026-11-22T23:30:00'),
      }),
      cpfRequest('Maria Souza', { status: 'em_implantacao', createdAt: sp('2026-11-23T00:30:00') }),
      {
        tipoDocumento: 'cnpj' as const,
        emailAcesso: 'acesso@conceicao.com.br',
        senhaHash: HASH,
        cnpj: '12ABC34501DE35',
        razaoSocial: 'Imobiliária Conceição Ltda.',
        responsavelCpf: '52998224725',
        responsavelNome: 'Célia Ramos',
        responsavelCelular: '1130000000',
        responsavelEmail: 'celia@conceicao.com.br',
        status: 'cancelada' as const,
        createdAt: sp('2026-11-10T09:00:00'),
      },
    ]);

    expect(await names('')).toEqual(['Imobiliária Conceição Ltda.', 'João Ávila', 'Maria Souza']);
    expect(await names('status=em_implantacao')).toEqual(['Maria Souza']);
    expect(await names('status=recebida&status=cancelada')).toEqual(['Imobiliária Conceição Ltda.', 'João Ávila']);
    expect(await names('tipo=cnpj')).toEqual(['Imobiliária Conceição Ltda.']);
    expect(await names('tipo=cpf')).toEqual(['João Ávila', 'Maria Souza']);
    // São Paulo days, inclusive: 22/11 23h30 is the 22nd, 23/11 00h30 the 23rd.
    expect(await names('de=2026-11-22&ate=22/11/2026')).toEqual(['João Ávila']);
    expect(await names('de=23/11/2026')).toEqual(['Maria Souza']);

    expect(await names('q=joao avila')).toEqual(['João Ávila']);
    expect(await names('q=JOÃO')).toEqual(['João Ávila']);
    expect(await names('q=imobiliaria conceicao')).toEqual(['Imobiliária Conceição Ltda.']);
    expect(await names('q=celia')).toEqual(['Imobiliária Conceição Ltda.']);
    expect(await names('q=celia@conceicao')).toEqual(['Imobiliária Conceição Ltda.']);
    expect(await names('q=acesso.maria')).toEqual(['Maria Souza']);
    expect(await names(`q=${encodeURIComponent('(21) 98765-4321')}`)).toEqual(['João Ávila']);
    expect(await names(`q=${encodeURIComponent('(11) 3000-0000')}`)).toEqual(['Imobiliária Conceição Ltda.']);
    expect(await names(`q=${encodeURIComponent('111.444.777-35')}`)).toEqual(['João Ávila']);
    expect(await names(`q=${encodeURIComponent('12.ABC.345/01DE-35')}`)).toEqual(['Imobiliária Conceição Ltda.']);
    expect(await names('q=12abc')).toEqual(['Imobiliária Conceição Ltda.']);
    expect(await names('q=ninguem')).toEqual([]);
    // LIKE's own characters are taken literally.
    expect(await names('q=%25')).toEqual([]);
  });

  it('reports bad filter values in pt-BR and lists as if they were absent', () => {
    const { filters, errors } = parseImplementationFilters(
      new URLSearchParams('status=perdida&status=recebida&tipo=mei&de=31/02/2026&pagina=0&q=x'),
    );
    expect(filters).toEqual({ status: ['recebida'], q: 'x', pagina: 1 });
    expect(errors).toEqual({
      status: m.filterErrors.status,
      tipo: m.filterErrors.tipo,
      de: m.filterErrors.data,
      pagina: m.filterErrors.pagina,
    });
    expect(parseImplementationFilters(new URLSearchParams('de=2026-11-20&ate=2026-11-10')).errors).toEqual({
      ate: m.filterErrors.periodo,
    });
  });

  it('pages through the list, newest first', async () => {
    const extra = 5;
    await t.db
      .insert(solicitacoesImplementacao)
      .values(
        Array.from({ length: IMPLEMENTATIONS_PAGE_SIZE + extra }, (_, i) =>
          cpfRequest(`Pessoa ${String(i).padStart(3, '0')}`, { createdAt: new Date(NOW.getTime() - i * 60_000) }),
        ),
      );
    const first = await list('');
    expect(first).toMatchObject({ total: IMPLEMENTATIONS_PAGE_SIZE + extra, page: 1, pageCount: 2 });
    expect(first.rows[0]!.nome).toBe('Pessoa 000');
    const second = await list('pagina=2');
    expect(second.rows.map((row) => row.nome)).toEqual(
      Array.from({ length: extra }, (_, i) => `Pessoa ${String(IMPLEMENTATIONS_PAGE_SIZE + i).padStart(3, '0')}`),
    );
    expect((await list('pagina=3')).rows).toEqual([]);
  });

  it('shows every field but the password hash, the documents, the history, the downloads and the leads', async () => {
    const [file] = await t.db
      .insert(privateFiles)
      .values({
        kind: 'pdf',
        mimeType: 'application/pdf',
        originalName: 'cnh.pdf',
        size: 8,
        sha256: 'x',
        content: new TextEncoder().encode('%PDF-1.4'),
      })
      .returning();
    const [request] = await t.db
      .insert(solicitacoesImplementacao)
      .values(cpfRequest('João Ávila', { cnhFileId: file!.id, celular: '11987654321', email: 'joao@exemplo.com.br' }))
      .returning();
    const lead = (email: string, celular: string) => ({
      nome: 'João',
      email,
      celular,
      tipo: 'proprietario' as const,
      consentVersion: '1',
      consentAt: NOW,
      submissionKey: crypto.randomUUID(),
    });
    const [byEmail, byPhone] = await t.db
      .insert(contatos)
      .values([
        lead('JOAO@exemplo.com.br', '(21) 90000-0000'),
        lead('outro@exemplo.com.br', '(11) 98765-4321'),
        lead('alguem@exemplo.com.br', '(11) 91111-1111'),
      ])
      .returning();

    expect(
      await changeImplementationStatus(deps(), { id: request!.id, de: 'recebida', para: 'em_implantacao' }, ana),
    ).toEqual({ status: 'changed', changedAt: NOW });
    await recordDocumentDownload(deps(), file!.id, beto);

    const detail = await implementationRequestDetail(deps(), request!.id);
    expect(detail).not.toBeNull();
    expect(detail!.request).not.toHaveProperty('senhaHash');
    expect(JSON.stringify(detail)).not.toContain(HASH);
    expect(detail!.request).toMatchObject({
      nomeCompleto: 'João Ávila',
      cpf: '52998224725',
      emailAcesso: 'acesso.joão@exemplo.com.br',
      status: 'em_implantacao',
      statusChangedAt: NOW,
    });
    expect(detail!.documents).toEqual([
      {
        role: 'cnh',
        fileId: file!.id,
        file: expect.objectContaining({ kind: 'pdf', originalName: 'cnh.pdf', size: 8 }),
      },
    ]);
    expect(detail!.documents[0]!.file).not.toHaveProperty('content');
    expect(detail!.history).toEqual([
      expect.objectContaining({ fromStatus: 'recebida', toStatus: 'em_implantacao', userId: 'u-ana', userName: 'Ana' }),
    ]);
    expect(detail!.downloads).toEqual([
      expect.objectContaining({ fileId: file!.id, requestId: request!.id, userId: 'u-beto', userName: 'Beto' }),
    ]);
    expect(detail!.downloads[0]!.createdAt).toEqual(NOW);
    expect(detail!.leads.map((row) => row.id).sort()).toEqual([byEmail!.id, byPhone!.id].sort());

    expect(await implementationRequestDetail(deps(), MISSING)).toBeNull();
  });

  it('refuses a stale change (naming the status it has now) and an unknown request; one of two at once', async () => {
    const [request] = await t.db.insert(solicitacoesImplementacao).values(cpfRequest('Lia')).returning();
    const id = request!.id;
    await changeImplementationStatus(deps(), { id, de: 'recebida', para: 'em_implantacao' }, ana);
    expect(await changeImplementationStatus(deps(), { id, de: 'recebida', para: 'cancelada' }, beto)).toEqual({
      status: 'stale',
      current: 'em_implantacao',
    });
    expect(await changeImplementationStatus(deps(), { id: MISSING, de: 'recebida', para: 'cancelada' }, ana)).toEqual({
      status: 'not_found',
    });
    const results = await Promise.all([
      changeImplementationStatus(deps(), { id, de: 'em_implantacao', para: 'concluida' }, ana),
      changeImplementationStatus(deps(), { id, de: 'em_implantacao', para: 'cancelada' }, beto),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['changed', 'stale']);
    const detail = await implementationRequestDetail(deps(), id);
    expect(detail!.history).toHaveLength(2);
  });

  it('records a download of a file no request names any more, with no request', async () => {
    await recordDocumentDownload(deps(), MISSING, ana);
    expect(await t.db.select().from(documentDownloads).where(eq(documentDownloads.fileId, MISSING))).toEqual([
      expect.objectContaining({ requestId: null, userId: 'u-ana', userName: 'Ana', createdAt: NOW }),
    ]);
  });
  it('the download endpoint records who downloads, refuses the sales team, and refuses what it cannot record', async () => {
    const content = new TextEncoder().encode('%PDF-1.4 documento');
    const [file] = await t.db
      .insert(privateFiles)
      .values({ kind: 'pdf', mimeType: 'application/pdf', originalName: 'cnh.pdf', size: 18, sha256: 'x', content })
      .returning();
    const [request] = await t.db
      .insert(solicitacoesImplementacao)
      .values(cpfRequest('Lia', { cnhFileId: file!.id }))
      .returning();
    /** What the middleware leaves for the route: the database, the clock, the services it calls and the signed-in member. */
    const inbox = createInboxService({ ...deps(), outbox: {} as Outbox, config: { siteUrl: 'http://localhost' } });
    const implementation = createImplementationService({
      ...deps(),
      outbox: {} as Outbox,
      config: { siteUrl: 'http://localhost' },
    } as unknown as ImplementationDeps);
    const call = (role: string) =>
      download({
        params: { id: file!.id },
        request: new Request(`http://localhost/admin/documentos/${file!.id}`),
        locals: {
          runtime: { ...deps(), inbox, implementation },
          session: {
            user: { id: `u-${role}`, name: `Pessoa ${role}`, email: `${role}@pilota.example`, role },
            sessionId: `s-${role}`,
            expiresAt: new Date('2099-01-01T00:00:00Z'),
          },
        },
      } as unknown as APIContext);
    const recorded = () => t.db.select().from(documentDownloads).where(eq(documentDownloads.fileId, file!.id));

    const refused = await call('vendas');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(m.downloadRefused);
    expect(await recorded()).toEqual([]);

    const ok = await call('admin');
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer()).equals(Buffer.from(content))).toBe(true);
    expect(await recorded()).toEqual([
      expect.objectContaining({ requestId: request!.id, userId: 'u-admin', userName: 'Pessoa admin', createdAt: NOW }),
    ]);

    // The database refuses the record: the document does not leave.
    await t.db.execute(sql`alter table document_downloads add constraint no_more_rows check (false) not valid`);
    try {
      const unrecorded = await call('admin');
      expect(unrecorded.status).toBe(503);
      const text = await unrecorded.text();
      expect(text).toBe(m.downloadNotRecorded);
      expect(text).not.toContain('%PDF');
    } finally {
      await t.db.execute(sql`alter table document_downloads drop constraint no_more_rows`);
    }
    expect(await recorded()).toHaveLength(1);
  });
});

describe('implementation inbox on the built server', () => {
  let smtp: CaptureSmtp;
  let server: RunningServer;
  const cookies = { admin: '', vendas: '', editor: '' };
  const names = { admin: '', vendas: '' };
  let requestId = '';
  const PDF = new TextEncoder().encode(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );

  beforeAll(async () => {
    ensureBuild();
    smtp = await startCaptureSmtp();
    server = await startBuiltServer({ SMTP_URL: smtp.url, LEAD_RATE_LIMIT: 'off' });
    const admin = await adminCookie(server.url, server.dataDir, smtp);
    cookies.admin = admin.cookie;
    names.admin = admin.account.name;
    const vendas = await teamCookie(server.url, server.dataDir, 'vendas', smtp);
    cookies.vendas = vendas.cookie;
    names.vendas = vendas.account.name;
    cookies.editor = (await teamCookie(server.url, server.dataDir, 'editor', smtp)).cookie;

    const body = new FormData();
    for (const [key, value] of Object.entries({
      tipoDocumento: 'cpf',
      cpf: '529.982.247-25',
      nomeCompleto: 'Conceição Araújo',
      celular: '(11) 98765-4321',
      email: 'conceicao@exemplo.com.br',
      emailAcesso: 'acesso.conceicao@exemplo.com.br',
      senha: 'minha senha secreta',
    }))
      body.set(key, value);
    body.append('cnh', new Blob([PDF], { type: 'application/pdf' }), 'cnh.pdf');
    const created = await fetch(`${server.url}/api/implementacao`, {
      method: 'POST',
      headers: { Origin: server.url, Accept: 'application/json' },
      body,
    });
    expect(created.status).toBe(201);
    requestId = ((await created.json()) as { id: string }).id;
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const get = (path: string, cookie: string) =>
    fetch(`${server.url}${path}`, { headers: { cookie, accept: 'text/html' }, redirect: 'manual' });
  const changeStatus = (id: string, de: string, para: string, cookie = cookies.vendas) =>
    fetch(`${server.url}/admin/implantacoes/${id}?_action=implantacoes.changeStatus`, {
      method: 'POST',
      headers: {
        cookie,
        origin: server.url,
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ id, de, para }).toString(),
      redirect: 'manual',
    });

  it('lists the requests for the sales team, filtered and searched without accents; an editor is refused', async () => {
    const all = await get('/admin/implantacoes', cookies.vendas);
    expect(all.status).toBe(200);
    const html = await all.text();
    expect(html).toContain('Conceição Araújo');
    expect(html).toContain(`href="/admin/implantacoes/${requestId}"`);
    expect(html).toContain('href="/admin/implantacoes"');

    expect(await (await get('/admin/implantacoes?q=conceicao+araujo', cookies.vendas)).text()).toContain(
      'Conceição Araújo',
    );
    expect(await (await get('/admin/implantacoes?q=529.982.247-25&tipo=cpf', cookies.vendas)).text()).toContain(
      'Conceição Araújo',
    );
    // The reference the customer was told to keep (the id's first 8 characters), in any case.
    const reference = requestId.slice(0, 8);
    for (const typed of [reference.toUpperCase(), reference.toLowerCase(), `#${reference.toUpperCase()}`]) {
      const found = await (await get(`/admin/implantacoes?q=${encodeURIComponent(typed)}`, cookies.vendas)).text();
      expect(found, typed).toContain(`href="/admin/implantacoes/${requestId}"`);
      expect(found, typed).toContain(m.total(1));
    }
    const other = `${((parseInt(reference[0]!, 16) + 1) % 16).toString(16)}${reference.slice(1)}`;
    expect(await (await get(`/admin/implantacoes?q=${other}`, cookies.vendas)).text()).toContain(m.empty);

    const none = await (await get('/admin/implantacoes?status=cancelada', cookies.vendas)).text();
    expect(none).not.toContain('Conceição Araújo');
    expect(none).toContain(m.empty);
    const bad = await get('/admin/implantacoes?status=perdida', cookies.vendas);
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain(m.filterErrors.status);

    // The dashboard's latest requests open their page.
    expect(await (await get('/blog/admin', cookies.vendas)).text()).toContain(
      `href="/admin/implantacoes/${requestId}"`,
    );

    expect((await get('/admin/implantacoes', cookies.editor)).status).toBe(403);
    expect((await get(`/admin/implantacoes/${requestId}`, cookies.editor)).status).toBe(403);
  });

  it('shows a request to the sales team without the password hash and without download links', async () => {
    const response = await get(`/admin/implantacoes/${requestId}`, cookies.vendas);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Conceição Araújo');
    expect(html).toContain('acesso.conceicao@exemplo.com.br');
    expect(html).toContain('529.982.247-25');
    expect(html).toContain('cnh.pdf');
    expect(html).not.toContain('scrypt$');
    expect(html).not.toContain('/admin/documentos/');
    expect(html).toContain(m.documents.adminOnly);
  });

  it('an unknown or malformed id is a 404 in pt-BR', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-e-um-id']) {
      const response = await get(`/admin/implantacoes/${id}`, cookies.vendas);
      expect(response.status, id).toBe(404);
      const html = await response.text();
      expect(html).toContain(m.notFound);
      expect(html).toContain('lang="pt-BR"');
    }
  });

  it('changes the status by a plain form post, recorded; stale is 409, unknown 404, bad status 400', async () => {
    const moved = await changeStatus(requestId, 'recebida', 'em_implantacao');
    // Saved: 303 to the request's clean URL, which shows the result once.
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toBe(`/admin/implantacoes/${requestId}`);
    const movedHtml = await (await seeOther(moved, server.url, cookies.vendas)).text();
    expect(movedHtml).toContain(m.statusForm.success('Em implantação'));
    expect(movedHtml).toContain('data-testid="current-status">Em implantação<');
    // The history row: who, from, to.
    expect(movedHtml).toMatch(
      new RegExp(`${names.vendas}</td>\\s*<td[^>]*>Recebida</td>\\s*<td[^>]*>Em implantação</td>`),
    );

    const stale = await changeStatus(requestId, 'recebida', 'cancelada', cookies.admin);
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(m.desatualizado('Em implantação'));

    const unknown = await changeStatus('00000000-0000-4000-8000-000000000000', 'recebida', 'cancelada');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(m.solicitacaoInexistente);

    const badStatus = await changeStatus(requestId, 'em_implantacao', 'perdida');
    expect(badStatus.status).toBe(400);
    expect(await badStatus.text()).toContain(m.filterErrors.status);

    const editor = await changeStatus(requestId, 'em_implantacao', 'concluida', cookies.editor);
    expect(editor.status).toBe(403);
    const after = await (await get(`/admin/implantacoes/${requestId}`, cookies.vendas)).text();
    expect(after).toContain('data-testid="current-status">Em implantação<');
  });

  it('an admin downloads a document and the download is recorded (who, when); the sales team gets 403', async () => {
    const adminPage = await (await get(`/admin/implantacoes/${requestId}`, cookies.admin)).text();
    const fileId = /href="\/admin\/documentos\/([0-9a-f-]{36})"/.exec(adminPage)?.[1];
    expect(fileId).toBeDefined();
    expect(adminPage).toContain(m.downloadHistory.empty);

    const refused = await get(`/admin/documentos/${fileId}`, cookies.vendas);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('%PDF');
    expect(await (await get(`/admin/implantacoes/${requestId}`, cookies.admin)).text()).toContain(
      m.downloadHistory.empty,
    );

    const before = Date.now();
    const downloaded = await get(`/admin/documentos/${fileId}`, cookies.admin);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);

    const page = await (await get(`/admin/implantacoes/${requestId}`, cookies.vendas)).text();
    expect(page).not.toContain(m.downloadHistory.empty);
    const row = new RegExp(
      `<td[^>]*>(\\d{2}/\\d{2}/\\d{4}[^<]*)</td>\\s*<td[^>]*>${names.admin}</td>\\s*<td[^>]*>CNH</td>`,
    ).exec(page);
    expect(row, 'download history row').not.toBeNull();
    // The time shown is the download's (São Paulo, to the minute).
    const shown = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(before);
    expect(row![1]).toContain(shown);
  });
});
