/*
 * A lead's page: the service (src/server/inbox/lead-detail.ts) on every
 * engine, then /admin/leads/{id} on the built server over a data folder seeded the same way.
 *
 * The seeded person, Lia, has a consent record, a history, an e-mail and a failed webhook
 * whose URL carries a token in its path, a lead with her e-mail in another case, one with her
 * phone written differently, and an implementation request; Caio is unrelated but his
 * empresa ends with Lia's phone digits. The page must show all of Lia's, none of Caio's,
 * never the webhook's path, and take a status change and notes by plain form posts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCopy, deliveryReasons, deliveryRetryMessages } from '~/messages/inbox/deliveries';
import { deliveryStatusLabels } from '~/messages/inbox/labels';
import { leadDetailCopy } from '~/messages/inbox/lead-detail';
import { pipelineMessages } from '~/messages/inbox/leads-list';
import { leadContactCopy } from '~/messages/lead-work';
import { openDatabase, pgliteDirFor, type DbOrTx } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { contatos, deliveries, formConsents, solicitacoesImplementacao } from '~/server/db/schema';
import { leadDetail } from '~/server/inbox/lead-detail';
import { addLeadNote, changeLeadStatus } from '~/server/inbox/pipeline';
import { teamCookie } from '../../scripts/support/blog-accounts';
import { ownershipCopy, ownershipMessages } from '~/messages/lead-ownership';
import { engines, useTestDatabase } from '../support/db';
import { ensureBuild } from '../support/ensure-build';
import { seeOther } from '../support/see-other';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { until } from '../support/until';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';

/** São Paulo wall time as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);
/** Monday 16/11/2026 14h00 in São Paulo. */
const NOW = sp('2026-11-16T14:00:00');
const MISSING = '00000000-0000-4000-8000-000000000000';
/** A partner's webhook: its path and query hold a secret the page must never show. */
const WEBHOOK_PATH = '/v1/segredo-do-parceiro?token=abc123';
const WEBHOOK = `https://hooks.parceiro.example${WEBHOOK_PATH}`;
const TEAM_MAIL = 'vendas-interno@pilota.example';
const ana = { id: 'u-ana', name: 'Ana Atendente' };
const beto = { id: 'u-beto', name: 'Beto Comercial' };

let key = 0;
const lead = (nome: string, overrides: Partial<typeof contatos.$inferInsert> = {}) => ({
  nome,
  email: `${nome.split(' ')[0]!.toLowerCase()}@exemplo.com.br`,
  celular: '(31) 90000-0000',
  tipo: 'proprietario' as const,
  consentVersion: '2026-01',
  consentAt: sp('2026-11-16T10:00:00'),
  submissionKey: `detalhe-${key++}`,
  createdAt: sp('2026-11-16T10:00:00'),
  ...overrides,
});

interface Seeded {
  lia: string;
  sameEmail: string;
  samePhone: string;
  unrelated: string;
  request: string;
  otherRequest: string;
  failedWebhook: string;
}

/** Lia and everything around her; the timeline is written through the pipeline service at set times. */
async function seed(db: DbOrTx, webhook = WEBHOOK): Promise<Seeded> {
  const rows = await db
    .insert(contatos)
    .values([
      lead('Lia Duarte', {
        email: 'Lia.Duarte@Exemplo.com',
        celular: '(11) 98765-4321',
        tipo: 'imobiliaria',
        empresa: 'Duarte Imóveis',
        mensagem: 'Quero migrar 40 contratos.',
        paginaOrigem: '/parceiro/carol-imoveis',
        utmSource: 'instagram',
        utmMedium: 'social',
        utmCampaign: 'lancamento-novembro',
        ctaSource: 'parceiro-hero',
        partnerSlug: 'carol-imoveis',
      }),
      lead('Lia D.', { email: 'LIA.DUARTE@exemplo.COM', createdAt: sp('2026-11-13T10:00:00') }),
      lead('Lia Celular', { email: 'outra.lia@exemplo.com', celular: '11 98765 4321', createdAt: NOW }),
      lead('Caio Nada', { email: 'caio@exemplo.com', celular: '(11) 98765-4320', empresa: 'Loja 11987654321' }),
    ])
    .returning({ id: contatos.id });
  const [lia, sameEmail, samePhone, unrelated] = rows.map((row) => row.id) as [string, string, string, string];
  await db.insert(formConsents).values({
    subjectType: 'lead',
    subjectId: lia,
    version: '2026-01',
    textSha256: 'ab'.repeat(32),
    page: 'https://pilota.example/parceiro/carol-imoveis',
    consentedAt: sp('2026-11-16T10:00:00'),
  });
  const at = (local: string) => ({ db, now: () => sp(local) });
  await addLeadNote(at('2026-11-16T10:30:00'), { leadId: lia, texto: 'Primeira nota: pediu proposta' }, ana);
  await changeLeadStatus(at('2026-11-16T11:00:00'), { leadId: lia, de: 'novo', para: 'em_contato' }, beto);
  await addLeadNote(at('2026-11-16T11:30:00'), { leadId: lia, texto: 'Segunda nota: retorno na sexta' }, beto);

  const failedWebhook = crypto.randomUUID();
  const delivery = {
    subjectType: 'lead',
    payload: {},
    createdAt: sp('2026-11-16T10:00:00'),
    dispatchedAt: sp('2026-11-16T10:00:00'),
  };
  await db.insert(deliveries).values([
    {
      ...delivery,
      id: crypto.randomUUID(),
      kind: 'email',
      target: TEAM_MAIL,
      subjectId: lia,
      status: 'sent',
      attempts: 2,
      lastAttemptAt: sp('2026-11-16T10:00:05'),
      // A first attempt's SMTP refusal quoting the recipient: shown masked.
      lastError: `550 5.1.1 <${TEAM_MAIL}>: Recipient address rejected`,
    },
    {
      ...delivery,
      id: failedWebhook,
      kind: 'webhook',
      target: webhook,
      payload: { lead: { nome: 'Lia Duarte' } },
      subjectId: lia,
      status: 'failed',
      attempts: 5,
      lastAttemptAt: sp('2026-11-16T10:40:00'),
      lastError: 'answered 503',
    },
    {
      ...delivery,
      id: crypto.randomUUID(),
      kind: 'webhook',
      target: 'https://outro-destino.example/hook',
      subjectId: unrelated,
      status: 'sent',
      attempts: 1,
    },
  ]);

  const requests = await db
    .insert(solicitacoesImplementacao)
    .values([
      {
        tipoDocumento: 'cnpj',
        emailAcesso: 'acesso@duarte.example',
        senhaHash: 'x',
        cnpj: '12345678000195',
        razaoSocial: 'Duarte Imóveis Ltda',
        responsavelNome: 'Lia Duarte',
        responsavelEmail: 'lia.duarte@exemplo.com',
        responsavelCelular: '(11) 98765-4321',
        createdAt: sp('2026-11-16T12:00:00'),
      },
      {
        tipoDocumento: 'cpf',
        emailAcesso: 'caio@exemplo.com',
        senhaHash: 'x',
        cpf: '11144477735',
        nomeCompleto: 'Caio Nada',
        celular: '(11) 98765-4320',
        email: 'caio@exemplo.com',
      },
    ])
    .returning({ id: solicitacoesImplementacao.id });
  return {
    lia,
    sameEmail,
    samePhone,
    unrelated,
    request: requests[0]!.id,
    otherRequest: requests[1]!.id,
    failedWebhook,
  };
}

describe.each(engines)('lead detail service on %s', (engine) => {
  const t = useTestDatabase(engine);
  const deps = () => ({ db: t.db, now: () => NOW });

  it('reads the lead, its attribution, consent, history, deliveries, duplicates and implementation request', async () => {
    const s = await seed(t.db);
    const detail = await leadDetail(deps(), s.lia);
    expect(detail).toMatchObject({
      id: s.lia,
      nome: 'Lia Duarte',
      status: 'em_contato',
      paginaOrigem: '/parceiro/carol-imoveis',
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'lancamento-novembro',
      ctaSource: 'parceiro-hero',
      partnerSlug: 'carol-imoveis',
      mensagem: 'Quero migrar 40 contratos.',
      overdue: false,
      replyDueAt: null,
      firstContactAt: sp('2026-11-16T11:00:00'),
      consent: {
        version: '2026-01',
        textSha256: 'ab'.repeat(32),
        page: 'https://pilota.example/parceiro/carol-imoveis',
        consentedAt: sp('2026-11-16T10:00:00'),
        marketingVersion: null,
        marketingTextSha256: null,
        marketingConsent: false,
      },
    });
    // Newest first, with who wrote or changed what.
    expect(
      detail!.timeline.map((entry) =>
        entry.kind === 'status'
          ? `${entry.change.userName}: ${entry.change.fromStatus}→${entry.change.toStatus}`
          : entry.kind === 'note'
            ? `${entry.note.userName}: ${entry.note.body}`
            : entry.kind,
      ),
    ).toEqual([
      'Beto Comercial: Segunda nota: retorno na sexta',
      'Beto Comercial: novo→em_contato',
      'Ana Atendente: Primeira nota: pediu proposta',
    ]);
    // Her two deliveries, the webhook by host only; nothing of the unrelated lead's.
    expect(detail!.deliveries).toEqual([
      expect.objectContaining({
        kind: 'email',
        host: null,
        status: 'sent',
        attempts: 2,
        lastError: {
          reason: deliveryReasons.mail.recipient,
          technical: '550 5.1.1 <[e-mail]>: Recipient address rejected',
        },
      }),
      expect.objectContaining({
        id: s.failedWebhook,
        kind: 'webhook',
        host: 'hooks.parceiro.example',
        status: 'failed',
        attempts: 5,
        lastAttemptAt: sp('2026-11-16T10:40:00'),
        lastError: { reason: deliveryReasons.http.serverError(503), technical: 'answered 503' },
      }),
    ]);
    expect(JSON.stringify(detail!.deliveries)).not.toContain('segredo');
    expect(JSON.stringify(detail!.deliveries)).not.toContain(TEAM_MAIL);
    // Same e-mail in another case, same phone with other punctuation; never Caio (his empresa ends in her digits).
    expect(
      detail!.duplicates
        .map(({ id, sameEmail, samePhone }) => ({ id, sameEmail, samePhone }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    ).toEqual(
      [
        { id: s.sameEmail, sameEmail: true, samePhone: false },
        { id: s.samePhone, sameEmail: false, samePhone: true },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(detail!.implementations).toEqual([
      expect.objectContaining({
        id: s.request,
        status: 'recebida',
        tipoDocumento: 'cnpj',
        nome: 'Duarte Imóveis Ltda',
      }),
    ]);
  });

  it('flags a lead still new past the reply promise, and finds the duplicates from the other side', async () => {
    const s = await seed(t.db);
    const old = await leadDetail(deps(), s.sameEmail);
    expect(old).toMatchObject({ status: 'novo', overdue: true });
    expect(old!.replyDueAt).toEqual(sp('2026-11-13T12:00:00'));
    expect(old!.duplicates.map((row) => row.id)).toEqual([s.lia]);
    expect(old!.consent).toBeNull();
    const fresh = await leadDetail(deps(), s.samePhone);
    expect(fresh).toMatchObject({ status: 'novo', overdue: false });
    expect(fresh!.duplicates.map((row) => row.id)).toEqual([s.lia]);
    expect(fresh!.implementations.map((row) => row.id)).toEqual([s.request]);
    const caio = await leadDetail(deps(), s.unrelated);
    expect(caio!.duplicates).toEqual([]);
    expect(caio!.implementations.map((row) => row.id)).toEqual([s.otherRequest]);
  });

  it('answers null for an unknown or malformed id, and ignores an anonymised lead’s empty e-mail and phone', async () => {
    await seed(t.db);
    expect(await leadDetail(deps(), MISSING)).toBeNull();
    for (const id of ['nao-e-um-id', '', "1' or '1'='1", `${MISSING}0`])
      expect(await leadDetail(deps(), id)).toBeNull();
    const [a, b] = await t.db
      .insert(contatos)
      .values([lead('Anônimo', { email: '', celular: '' }), lead('Anônimo 2', { email: '', celular: '' })])
      .returning({ id: contatos.id });
    expect((await leadDetail(deps(), a!.id))!.duplicates.map((row) => row.id)).not.toContain(b!.id);
    expect((await leadDetail(deps(), a!.id))!.implementations).toEqual([]);
  });
});

describe('the lead page on the built server', () => {
  let server: RunningServer;
  let smtp: CaptureSmtp;
  let receiver: Receiver;
  let cookie = '';
  let s: Seeded;

  beforeAll(async () => {
    ensureBuild();
    // The server's embedded database, seeded before the server opens it.
    const dataDir = mkdtempSync(join(tmpdir(), 'pilota-lead-detail-'));
    const handle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    try {
      await migrateDatabase(handle.db);
      receiver = await startReceiver();
      s = await seed(handle.db, `${receiver.url}${WEBHOOK_PATH}`);
    } finally {
      await handle.close();
    }
    // The seller's account confirms its address through the link mailed to this SMTP server.
    smtp = await startCaptureSmtp();
    server = await startBuiltServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url });
    cookie = (await teamCookie(server.url, server.dataDir, 'vendas', smtp)).cookie;
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await receiver?.close();
  });

  const page = (id: string) => fetch(`${server.url}/admin/leads/${id}`, { headers: { cookie }, redirect: 'manual' });
  /** A form post's status, and the text of the page the browser then shows (a 303's target, with its one-time result). */
  const post = async (id: string, action: string, fields: Record<string, string>) => {
    const answer = await fetch(`${server.url}/admin/leads/${id}?_action=${action}`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    return {
      status: answer.status,
      location: answer.headers.get('location'),
      text: async () => (await seeOther(answer, server.url, cookie)).text(),
    };
  };
  /** The text of the page's message with that role (role="status", role="alert"; not the layout's hidden sign-out alert). */
  const roleText = (html: string, role: string) =>
    new RegExp(`<p role="${role}"[^>]*>([^<]*)<`).exec(html)?.[1]?.trim();

  it('shows every section with the seeded data, the webhook by host only', async () => {
    const response = await page(s.lia);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    const c = leadDetailCopy;
    for (const heading of Object.values(c.sections)) expect(html).toContain(heading);
    for (const text of [
      'Lia Duarte',
      'Em contato',
      // One-tap contact: the e-mail with a subject, WhatsApp with a greeting.
      'href="mailto:Lia.Duarte@Exemplo.com?subject=',
      'href="https://wa.me/5511987654321?text=',
      'Duarte Imóveis',
      'Quero migrar 40 contratos.',
      '/parceiro/carol-imoveis',
      'instagram',
      'social',
      'lancamento-novembro',
      'parceiro-hero',
      'carol-imoveis',
      '16/11/2026 10:00',
      c.fields.firstContactAt,
      // Consent record: version, hash, page.
      '2026-01',
      'ab'.repeat(32),
      'https://pilota.example/parceiro/carol-imoveis',
      // Deliveries.
      deliveryCopy.emailTarget,
      new URL(receiver.url).host,
      deliveryStatusLabels.failed,
      `action="/admin/leads/${s.lia}?_action=entregas.reenviar"`,
      `data-delivery-retry="${s.failedWebhook}"`,
      deliveryReasons.http.serverError(503),
      'answered 503',
      '16/11/2026 10:40',
      // Duplicates and the implementation request, linked.
      `href="/admin/leads/${s.sameEmail}"`,
      `href="/admin/leads/${s.samePhone}"`,
      c.duplicates.sameEmail,
      c.duplicates.samePhone,
      `href="/admin/implantacoes/${s.request}"`,
      'Duarte Imóveis Ltda',
      // The forms post to the page itself.
      // The forms post to the lead's own page (keeping the list view it was opened from, none here).
      `action="/admin/leads/${s.lia}?_action=leads.changeStatus"`,
      // A refused note or discard comes back at its field, focused (a focusable fragment target).
      `action="/admin/leads/${s.lia}?_action=leads.addNote#note-texto"`,
      `action="/admin/leads/${s.lia}?_action=leads.changeStatus#status-motivo"`,
      // The discard's reasons: the admins' list, then "Outro".
      '<option value="Sem interesse">',
      '<option value="outro">',
    ]) {
      expect(html, text).toContain(text);
    }
    // "Próximo lead" names the next lead of the list by its id only; nothing else of another person shows.
    // (By default the leads waiting for a reply come first, and Lia, answered, comes after them all.)
    expect(html).toContain(leadContactCopy.semProximo);
    const byDate = await (await page(`${s.lia}?ordem=recentes`)).text();
    const nextLink = new RegExp(
      `<a href="/admin/leads/[0-9a-f-]{36}\\?ordem=recentes"[^>]*>\\s*${leadContactCopy.proximo}`,
    );
    expect(byDate).toMatch(nextLink);
    const withoutNext = byDate.replace(nextLink, '');
    for (const hidden of ['segredo-do-parceiro', 'token=abc123', '/v1/', TEAM_MAIL, s.unrelated, s.otherRequest]) {
      expect(withoutNext, hidden).not.toContain(hidden);
    }
    // Timeline: newest first, each with its author.
    const order = ['Segunda nota: retorno na sexta', 'Novo → Em contato', 'Primeira nota: pediu proposta'].map((text) =>
      html.indexOf(text),
    );
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain('Ana Atendente');
    expect(html).toContain('Beto Comercial');
  });

  it('shows the overdue badge on a new lead past the promise', async () => {
    const html = await (await page(s.sameEmail)).text();
    expect(html).toContain(`>${leadDetailCopy.overdue}<`);
    expect(html).toContain(leadDetailCopy.noConsentRecord);
    expect(await (await page(s.lia)).text()).not.toContain(`>${leadDetailCopy.overdue}<`);
  });

  it('answers 404 in pt-BR for an unknown or malformed id', async () => {
    for (const id of [MISSING, 'nao-e-um-id', `${s.lia}x`]) {
      const response = await page(id);
      expect(response.status, id).toBe(404);
      const html = await response.text();
      expect(html, id).toContain(leadDetailCopy.notFound.title);
      expect(html, id).toContain('lang="pt-BR"');
    }
  });

  it('takes a lead and lets it go again by plain form posts; a form showing an old owner is refused (409)', async () => {
    const before = await (await page(s.lia)).text();
    // The seller is among the choices, marked "(eu)".
    const me = /<option value="([^"]+)"[^>]*>\s*Vera Vendedora \(eu\)/.exec(before)?.[1];
    expect(me).toBeTruthy();
    const taken = await post(s.lia, 'leads.assign', { leadId: s.lia, de: '', para: me! });
    expect(taken.status).toBe(303);
    const html = await taken.text();
    expect(roleText(html, 'status')).toBe(ownershipCopy.done('Vera Vendedora'));
    expect(html).toContain(ownershipCopy.timeline.assigned('Vera Vendedora'));
    // The same form again (it still says nobody has it): someone changed it first.
    const stale = await post(s.lia, 'leads.assign', { leadId: s.lia, de: '', para: me! });
    expect(stale.status).toBe(409);
    expect(roleText(await stale.text(), 'alert')).toBe(ownershipMessages.desatualizado('Vera Vendedora'));
    const released = await post(s.lia, 'leads.assign', { leadId: s.lia, de: me!, para: '' });
    expect(released.status).toBe(303);
    expect(roleText(await released.text(), 'status')).toBe(ownershipCopy.done(null));
  });

  it('adds a note by a plain form post, refuses an empty one (400) and one for an unknown lead (404), keeping the text', async () => {
    const added = await post(s.lia, 'leads.addNote', { leadId: s.lia, texto: 'Ligar amanhã às 9h' });
    expect(added.status).toBe(303);
    const html = await added.text();
    expect(roleText(html, 'status')).toBe(leadDetailCopy.addNote.done);
    expect(html).toContain('Ligar amanhã às 9h');
    // The newest note heads the history.
    expect(html.indexOf('Ligar amanhã às 9h')).toBeLessThan(html.indexOf('Segunda nota'));

    const empty = await post(s.lia, 'leads.addNote', { leadId: s.lia, texto: '   ' });
    expect(empty.status).toBe(400);
    expect(roleText(await empty.text(), 'alert')).toBe(pipelineMessages.notaVazia);

    const unknown = await post(s.lia, 'leads.addNote', { leadId: MISSING, texto: 'Texto que não se perde' });
    expect(unknown.status).toBe(404);
    const refused = await unknown.text();
    expect(roleText(refused, 'alert')).toBe(pipelineMessages.contatoInexistente);
    expect(refused).toMatch(/<textarea[^>]*name="texto"[^>]*>Texto que não se perde<\/textarea>/);
  });

  it('changes the status from the page; a discard without reason (400) and a stale change (409) are refused', async () => {
    const noReason = await post(s.lia, 'leads.changeStatus', {
      leadId: s.lia,
      de: 'em_contato',
      para: 'descartado',
      motivo: '',
    });
    expect(noReason.status).toBe(400);
    const refused = await noReason.text();
    expect(roleText(refused, 'alert')).toBe(pipelineMessages.motivoObrigatorio);
    expect(refused).toMatch(/<option value="descartado" selected/);
    // The message next to the reason (the post's address ends in #status-motivo, which focuses it).
    expect(refused).toMatch(
      /<select id="status-motivo"[^>]*aria-invalid="true"[^>]*aria-describedby="status-motivo-error"/,
    );
    expect(refused).toContain(
      `<p id="status-motivo-error" class="mt-1 text-sm text-red-800">${pipelineMessages.motivoObrigatorio}`,
    );
    // "Outro" asks its words, next to their field.
    const noWords = await post(s.lia, 'leads.changeStatus', {
      leadId: s.lia,
      de: 'em_contato',
      para: 'descartado',
      motivo: 'outro',
    });
    expect(noWords.status).toBe(400);
    expect(await noWords.text()).toMatch(/<input id="status-motivo-outro"[^>]*aria-invalid="true"/);

    const changed = await post(s.lia, 'leads.changeStatus', { leadId: s.lia, de: 'em_contato', para: 'qualificado' });
    expect(changed.status).toBe(303);
    // Back to the answer under the sticky bar, not the top of the page.
    expect(changed.location).toBe(`/admin/leads/${s.lia}#resultado`);
    const html = await changed.text();
    expect(roleText(html, 'status')).toBe(leadDetailCopy.changeStatus.done('Qualificado'));
    expect(html).toContain('Em contato → Qualificado');
    expect(html).toContain('name="de" value="qualificado"');

    const stale = await post(s.lia, 'leads.changeStatus', { leadId: s.lia, de: 'em_contato', para: 'convertido' });
    expect(stale.status).toBe(409);
    expect(roleText(await stale.text(), 'alert')).toBe(
      pipelineMessages.desatualizado('Qualificado', { name: 'Vera Vendedora', you: true }),
    );
  });

  it('re-sends a failed webhook from the page: the receiver gets it, a second click is refused (409)', async () => {
    const retried = await post(s.lia, 'entregas.reenviar', { id: s.failedWebhook });
    expect(retried.status).toBe(303);
    const html = await retried.text();
    expect(roleText(html, 'status')).toBe(deliveryRetryMessages.reenviada);
    expect(html).not.toContain(`name="id" value="${s.failedWebhook}"`);
    const received = await receiver.waitFor((request) => request.headers['x-pilota-delivery'] === s.failedWebhook);
    expect(received.path).toBe(`${new URL(receiver.url).pathname}${WEBHOOK_PATH}`);
    const settled = `data-delivery="${s.failedWebhook}" data-status="sent"`;
    await until(async () => ((await (await page(s.lia)).text()).includes(settled) ? true : undefined));

    const again = await post(s.lia, 'entregas.reenviar', { id: s.failedWebhook });
    expect(again.status).toBe(409);
    expect(roleText(await again.text(), 'alert')).toMatch(/não está com falha/);
  });
});
