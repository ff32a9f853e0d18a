/*
 * Data-subject requests and the admin's tools on every engine, with a real
 * database, a real job queue and a real SMTP server:
 * - filing stores only the token's hash, e-mails the link through the outbox, and has the lead
 *   form's protections (honeypot, rate limit, idempotency);
 * - the link works once and before it expires; unknown, used and expired links say so; the
 *   team is e-mailed on confirmation and the stored e-mail loses its link;
 * - a person's records are found by e-mail, phone or CPF (those carrying it; the rest are
 *   possible matches the admin includes one by one), exported as JSON, anonymised or deleted
 *   (documents included) with an anonymous audit record — and nothing about the e-mail
 *   remains after deletion, while other people's data is untouched.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { dsrConfirmationEmail } from '~/copy/messages/lgpd';
import { parseIdentifier, type SubjectIdentifier } from '~/lib/lgpd-identifier';
import type { DsrInput } from '~/lib/validation/dsr';
import { dsrSchema } from '~/lib/validation/dsr';
import type { Db } from '~/server/db/client';
import {
  contatos,
  deliveries,
  dsrRequests,
  formConsents,
  lgpdAudit,
  privateFiles,
  securityEvents,
  solicitacoesImplementacao,
} from '~/server/db/schema';
import type { RateLimit } from '~/server/config';
import { createLeadService } from '~/server/leads/lead.service';
import {
  completeRequest,
  confirmRequest,
  CONFIRM_TTL_MS,
  fileRequest,
  listRequests,
  tokenState,
  type DsrDeps,
} from '~/server/lgpd/dsr.service';
import { addLeadNote, changeLeadStatus } from '~/server/inbox/pipeline';
import { eraseSubject, exportSubject, findSubject, hasPersonalData } from '~/server/lgpd/subject.service';
import { insertDeliveries } from '~/server/outbox/outbox';
import { engines, execute, useTestDatabase } from '../support/db';
import { sharedDeps } from '../../scripts/support/service-deps';
import { quietLog } from '../support/log';
import { useMailDelivery } from '../support/mail-delivery';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const NOTIFY_TO = 'comercial@pilota.example';
const SITE = 'http://localhost:4321';
const ADMIN = { id: 'admin-1', email: 'ana.admin@pilota.example' };
const CONTROLLER = {
  legalName: 'Pilota Tecnologia Ltda.',
  registration: 'CNPJ 00.000.000/0001-00',
  encarregado: { nome: 'Encarregada', email: 'privacidade@pilota.example' },
};

const request = (patch: Partial<Record<string, string>> = {}): DsrInput =>
  dsrSchema.parse({
    tipo: 'anonimizacao_eliminacao',
    nome: 'Rita Titular',
    email: 'Rita.Titular@Example.com',
    cpf: '529.982.247-25',
    detalhes: 'Quero que apaguem meus dados.',
    submission_key: randomUUID(),
    ...patch,
  });

describe.each(engines)('data-subject requests on %s', (engine) => {
  const t = useTestDatabase(engine);
  const sending = useMailDelivery(t);
  let tokens: string[];
  beforeEach(() => {
    tokens = [];
  });

  const deps = ({ rateLimit, ...patch }: Partial<DsrDeps> & { rateLimit?: RateLimit } = {}): DsrDeps => ({
    db: t.db,
    outbox: sending.stack.outbox,
    config: { siteUrl: SITE, leadNotifyTo: NOTIFY_TO },
    ...sharedDeps({
      db: t.db,
      config: { leadRateLimit: rateLimit ?? { count: 10, windowMs: 60_000 }, authSecret: 'segredo' },
      now: patch.now,
    }),
    token: () => {
      const token = randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
      tokens.push(token);
      return token;
    },
    ...patch,
  });

  it('files a request, keeps only the hash of its token and e-mails the link to the person', async () => {
    const result = await fileRequest(request(), { ip: '203.0.113.9' }, deps());
    expect(result).toMatchObject({ status: 'filed', duplicate: false });
    const [row] = await t.db.select().from(dsrRequests);
    const token = tokens[0]!;
    expect(row).toMatchObject({
      tipo: 'anonimizacao_eliminacao',
      nome: 'Rita Titular',
      email: 'rita.titular@example.com',
      emailHash: sha256('rita.titular@example.com'),
      cpf: '52998224725',
      detalhes: 'Quero que apaguem meus dados.',
      tokenHash: sha256(token),
      confirmedAt: null,
    });
    expect(row!.dueAt.getTime() - row!.createdAt.getTime()).toBe(15 * 24 * 3600 * 1000);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.ipHash).not.toContain('203.0.113.9');

    const mail = await sending.smtp.waitFor((message) => message.envelopeTo.includes('rita.titular@example.com'));
    expect(mail.subject).toBe(dsrConfirmationEmail.subject);
    expect(mail.text).toContain(`${SITE}/lgpd/confirmar?token=${token}`);
    expect(mail.text).toContain('Anonimização, bloqueio ou eliminação');
  });

  it('the confirmation e-mail carries nothing the visitor typed: the address is not proven yet', async () => {
    const typed = 'Ganhe um prêmio em premio-falso.example agora';
    await fileRequest(
      request({ nome: typed, detalhes: 'Visite premio-falso.example', email: 'alvo@example.com' }),
      {},
      deps(),
    );
    const mail = await sending.smtp.waitFor((message) => message.envelopeTo.includes('alvo@example.com'));
    expect(mail.text).toContain(`${SITE}/lgpd/confirmar?token=${tokens[0]}`);
    for (const body of [mail.text ?? '', mail.html || '', mail.subject ?? '']) {
      expect(body).not.toContain('premio-falso');
      expect(body).not.toContain('Ganhe um prêmio');
    }
  });

  it('has the lead form protections: honeypot, idempotency, rate limit', async () => {
    expect(await fileRequest(request({ website: 'http://spam' }), {}, deps())).toEqual({ status: 'ignored' });
    const input = request();
    const first = await fileRequest(input, { ip: '203.0.113.1' }, deps());
    const again = await fileRequest(input, { ip: '203.0.113.1' }, deps());
    expect(again).toEqual({ status: 'filed', id: (first as { id: string }).id, duplicate: true });
    expect(await t.db.select().from(dsrRequests)).toHaveLength(1);
    expect(await t.db.select().from(deliveries)).toHaveLength(1);

    const limited = deps({ rateLimit: { count: 2, windowMs: 60_000 } });
    await fileRequest(request(), { ip: '198.51.100.7' }, limited);
    await fileRequest(request(), { ip: '198.51.100.7' }, limited);
    expect(await fileRequest(request(), { ip: '198.51.100.7' }, limited)).toEqual({ status: 'rate_limited' });
  });

  it('the link confirms once; the team is e-mailed; the stored copy loses the link', async () => {
    const now = new Date();
    await fileRequest(request(), {}, deps({ now: () => now }));
    const token = tokens[0]!;
    await sending.smtp.waitFor((message) => message.envelopeTo.includes('rita.titular@example.com'));
    await expect.poll(async () => (await t.db.select().from(deliveries))[0]?.status, { timeout: 15_000 }).toBe('sent');

    expect(await tokenState(t.db, token, now)).toBe('valid');
    const confirmed = await confirmRequest(token, deps());
    expect(confirmed).toMatchObject({ status: 'confirmed' });
    expect(await confirmRequest(token, deps())).toEqual({ status: 'used' });
    expect(await tokenState(t.db, token, now)).toBe('used');

    const team = await sending.smtp.waitFor((message) => message.envelopeTo.includes(NOTIFY_TO));
    expect(team.subject).toMatch(
      /^Solicitação LGPD confirmada: Anonimização, bloqueio ou eliminação — responder até \d{2}\/\d{2}\/\d{4}$/,
    );
    expect(team.text).toContain('Rita Titular');
    expect(team.text).toContain('529.982.247-25');
    expect(team.text).toContain(`${SITE}/admin/lgpd`);
    expect(team.replyTo?.[0]?.address).toBe('rita.titular@example.com');

    const stored = await t.db.select().from(deliveries).where(eq(deliveries.target, 'rita.titular@example.com'));
    expect(JSON.stringify(stored[0]!.payload)).not.toContain(token);
    expect(stored[0]!.payload).toMatchObject({ text: dsrConfirmationEmail.linkRemoved });

    const { requests } = await listRequests(t.db, now);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ overdue: false, completedAt: null });
    expect(requests[0]).not.toHaveProperty('tokenHash');
    const late = new Date(now.getTime() + 16 * 24 * 3600 * 1000);
    expect((await listRequests(t.db, late)).requests[0]!.overdue).toBe(true);

    expect(await completeRequest(t.db, requests[0]!.id, ADMIN, late)).toBe(true);
    expect(await completeRequest(t.db, requests[0]!.id, ADMIN, late)).toBe(false);
    expect((await listRequests(t.db, late)).requests[0]).toMatchObject({ overdue: false, completedBy: ADMIN.id });
    const [audit] = await t.db.select().from(lgpdAudit);
    expect(audit).toMatchObject({
      action: 'complete',
      actorId: ADMIN.id,
      subjectHash: sha256('rita.titular@example.com'),
    });
  });

  it('unknown, malformed and expired links change nothing and say which', async () => {
    const now = new Date();
    await fileRequest(request(), {}, deps({ now: () => now }));
    const token = tokens[0]!;
    const later = new Date(now.getTime() + CONFIRM_TTL_MS + 1000);
    expect(await confirmRequest(token, deps({ now: () => later }))).toEqual({ status: 'expired' });
    expect(await confirmRequest('x'.repeat(43), deps())).toEqual({ status: 'invalid' });
    expect(await confirmRequest('<script>', deps())).toEqual({ status: 'invalid' });
    expect(await confirmRequest(undefined, deps())).toEqual({ status: 'invalid' });
    expect(await tokenState(t.db, '', now)).toBe('invalid');
    const [row] = await t.db.select().from(dsrRequests);
    expect(row!.confirmedAt).toBeNull();
    expect((await listRequests(t.db, now)).unconfirmed).toBe(1);
  });
});

/* ---------------- the admin's tools ---------------- */

const PERSON = { email: 'joana.dados@example.com', phone: '(21) 99876-5432', cpf: '529.982.247-25' };
const OTHER = { email: 'outra.pessoa@example.com', phone: '(31) 91234-5678' };
const DOCUMENT = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 1, 2, 3]);

async function seed(db: Db) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pilota-lgpd-'));
  const leads = createLeadService({
    db,
    outbox: {
      enqueueDeliveries: (tx: Parameters<typeof insertDeliveries>[0], items: Parameters<typeof insertDeliveries>[1]) =>
        insertDeliveries(tx, items, new Date()),
    },
    sendMail: async () => ({ transport: 'log' as const }),
    config: {
      dataDir,
      leadNotifyTo: NOTIFY_TO,
      leadWebhookUrls: ['https://hooks.example/crm?token=abc'],
      webhookSecret: undefined,
    },
    log: quietLog,
    ...sharedDeps({ db, config: { authSecret: 'segredo' } }),
  });
  const lead = (email: string, celular: string, nome: string) =>
    leads.create(
      { nome, email, celular, tipo: 'proprietario', submission_key: randomUUID(), pagina_origem: 'http://localhost/' },
      {},
    );
  await lead(PERSON.email, PERSON.phone, 'Joana Dados');
  // The same person from another address: found through the phone of the first.
  await lead('joana.trabalho@example.com', PERSON.phone, 'Joana D.');
  await lead(OTHER.email, OTHER.phone, 'Outra Pessoa');
  // The sales team's free text about her: a note and a discard reason.
  const [joana] = await db.select({ id: contatos.id }).from(contatos).where(eq(contatos.email, PERSON.email));
  const seller = { id: 'vendedora-1', name: 'Bia Vendas' };
  await addLeadNote({ db, now: () => new Date() }, { leadId: joana!.id, texto: 'Joana pediu retorno à tarde' }, seller);
  const discarded = await changeLeadStatus(
    { db, now: () => new Date() },
    {
      leadId: joana!.id,
      de: 'novo',
      para: 'descartado',
      motivo: 'outro',
      motivoOutro: 'Joana já contratou outro sistema',
    },
    seller,
  );
  expect(discarded.status).toBe('changed');

  const [file] = await db
    .insert(privateFiles)
    .values({
      kind: 'pdf',
      mimeType: 'application/pdf',
      originalName: 'cnh-joana.pdf',
      size: DOCUMENT.byteLength,
      sha256: sha256('x'),
      content: DOCUMENT,
    })
    .returning({ id: privateFiles.id });
  const [implementation] = await db
    .insert(solicitacoesImplementacao)
    .values({
      tipoDocumento: 'cpf',
      emailAcesso: 'joana.acesso@example.com',
      senhaHash: 'scrypt$segredo',
      cpf: '52998224725',
      nomeCompleto: 'Joana Dados',
      celular: '21998765432',
      email: PERSON.email,
      cnhFileId: file!.id,
    })
    .returning({ id: solicitacoesImplementacao.id });
  await db.insert(formConsents).values({
    subjectType: 'implementacao',
    subjectId: implementation!.id,
    version: '2026-11-implementacao-v1',
    textSha256: sha256('aviso'),
    page: 'http://localhost/implementacao-sistema',
    consentedAt: new Date(),
  });
  await insertDeliveries(
    db,
    [
      {
        kind: 'email',
        message: { to: NOTIFY_TO, subject: 'Nova solicitação de implementação', text: `Joana ${PERSON.email}` },
        meta: { subjectType: 'implementacao', subjectId: implementation!.id },
      },
    ],
    new Date(),
  );
  await db.insert(securityEvents).values([
    {
      eventType: 'input_validation_failed',
      details: { email: PERSON.email, source: 'lead-form', severity: 'critical' },
    },
    {
      eventType: 'input_validation_failed',
      details: { email: OTHER.email, source: 'lead-form', severity: 'critical' },
    },
  ]);
  await db.insert(dsrRequests).values({
    createdAt: new Date(),
    tipo: 'portabilidade',
    nome: 'Joana Dados',
    email: PERSON.email,
    emailHash: sha256(PERSON.email),
    cpf: '52998224725',
    submissionKey: randomUUID(),
    tokenHash: sha256(randomUUID()),
    tokenExpiresAt: new Date(Date.now() + 3600_000),
    confirmedAt: new Date(),
    dueAt: new Date(Date.now() + 15 * 24 * 3600_000),
  });
  return { implementationId: implementation!.id, fileId: file!.id };
}

/** Rows of every application table whose text mentions `needle` (case-insensitive). */
async function mentions(t: { handle: Parameters<typeof execute>[0] }, needle: string): Promise<string[]> {
  const { rows } = await execute(
    t.handle,
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const row of rows) {
    const table = String(row['table_name']);
    const hits = await execute(
      t.handle,
      `select count(*)::int as n from "${table}" as r where position('${needle.toLowerCase()}' in lower(r::text)) > 0`,
    );
    if (Number(hits.rows[0]?.['n']) > 0) found.push(`${table}: ${hits.rows[0]!['n']}`);
  }
  return found;
}

describe.each(engines)("the admin's tools on %s", (engine) => {
  const t = useTestDatabase(engine);
  const id = (kind: string, value: string): SubjectIdentifier => parseIdentifier(kind, value)!;

  /** What a search finds with every possible match included: the whole record of the person. */
  const withMatches = async (identifier: SubjectIdentifier) => ({
    include: (await findSubject(t.db, identifier)).possibleMatches.map((match) => match.ref),
  });

  it('finds by e-mail, phone or CPF the records carrying it, the linked ones as possible matches, and nobody else', async () => {
    const { fileId } = await seed(t.db);
    const cases = [
      { identifier: id('email', ' Joana.Dados@Example.com'), leads: [PERSON.email], requests: 1, matches: ['lead'] },
      {
        identifier: id('phone', '+55 21 99876-5432'),
        leads: [PERSON.email, 'joana.trabalho@example.com'],
        requests: 0,
        matches: ['lgpd'],
      },
      { identifier: id('cpf', PERSON.cpf), leads: [], requests: 1, matches: ['lead', 'lead'] },
    ];
    for (const { identifier, leads, requests, matches } of cases) {
      const where = identifier.kind;
      const data = await findSubject(t.db, identifier);
      expect(data.leads.map((lead) => lead.email).sort(), where).toEqual(leads);
      // Her implementation request carries her e-mail, her phone and her CPF.
      expect(data.implementations, where).toHaveLength(1);
      expect(data.requests, where).toHaveLength(requests);
      expect(data.possibleMatches.map((match) => match.type).sort(), where).toEqual(matches);
      expect(JSON.stringify(data), where).not.toContain(OTHER.email);

      const whole = await findSubject(t.db, identifier, await withMatches(identifier));
      expect(whole.possibleMatches, where).toEqual([]);
      expect(whole.leads.map((lead) => lead.email).sort(), where).toEqual([PERSON.email, 'joana.trabalho@example.com']);
      expect(whole.implementations, where).toHaveLength(1);
      expect(whole.implementations[0], where).not.toHaveProperty('senhaHash');
      expect(
        whole.documents.map((document) => document.id),
        where,
      ).toEqual([fileId]);
      // Two lead consents and the implementation's.
      expect(whole.consents, where).toHaveLength(3);
      // Each lead's team e-mail and webhook, and the implementation's notice.
      expect(whole.deliveries, where).toHaveLength(5);
      expect(whole.requests, where).toHaveLength(1);
      // Security events name an e-mail: a search by that e-mail reaches them.
      expect(whole.securityEvents, where).toHaveLength(where === 'email' ? 1 : 0);
      expect(
        whole.notes.map((note) => note.body),
        where,
      ).toEqual(['Joana pediu retorno à tarde']);
      expect(
        whole.leadHistory.map((change) => change.reason),
        where,
      ).toEqual(['Outro: Joana já contratou outro sistema']);
      expect(JSON.stringify(whole), where).not.toContain(OTHER.email);
      expect(hasPersonalData(whole)).toBe(true);
    }
    expect(hasPersonalData(await findSubject(t.db, id('email', 'ninguem@example.com')))).toBe(false);
  });

  it('exports a machine-readable file with the leads, the request and the document, and audits it', async () => {
    const { implementationId } = await seed(t.db);
    const now = new Date('2026-11-22T15:00:00.000Z');
    const { file } = await exportSubject(t.db, id('email', PERSON.email), ADMIN, now, CONTROLLER);
    const json = JSON.parse(JSON.stringify(file)) as Record<string, unknown[]> & { identificador: unknown };
    expect(json['formato']).toBe('pilota-lgpd-export/1');
    expect(json.identificador).toEqual({ tipo: 'email', valor: PERSON.email });
    expect((json['contatos'] as { email: string }[]).map((lead) => lead.email)).toContain(PERSON.email);
    expect(json['solicitacoesImplementacao']).toEqual([
      expect.objectContaining({ id: implementationId, cpf: '52998224725' }),
    ]);
    expect(json['notasDaEquipe']).toEqual([
      expect.objectContaining({ texto: 'Joana pediu retorno à tarde', autor: 'Bia Vendas' }),
    ]);
    expect(json['historicoDeStatus']).toEqual([
      expect.objectContaining({ de: 'novo', para: 'descartado', motivo: 'Outro: Joana já contratou outro sistema' }),
    ]);
    expect(JSON.stringify(json)).not.toContain('scrypt$segredo');
    expect(JSON.stringify(json)).not.toContain('token=abc');
    const [document] = json['documentos'] as { conteudoBase64: string }[];
    expect(Buffer.from(document!.conteudoBase64, 'base64')).toEqual(Buffer.from(DOCUMENT));
    const [audit] = await t.db.select().from(lgpdAudit);
    expect(audit).toMatchObject({
      action: 'export',
      actorId: ADMIN.id,
      actorEmail: ADMIN.email,
      identifierKind: 'email',
      subjectHash: sha256(PERSON.email),
      at: now,
    });
    expect(JSON.stringify(audit)).not.toContain(PERSON.email);
  });

  it('anonymises: personal fields emptied, documents gone, rows and dates kept, others untouched', async () => {
    const { implementationId, fileId } = await seed(t.db);
    const joana = id('email', PERSON.email);
    const counts = await eraseSubject(t.db, joana, 'anonymize', ADMIN, new Date(), await withMatches(joana));
    expect(counts).toMatchObject({
      leads: 2,
      notes: 1,
      implementations: 1,
      documents: 1,
      requests: 1,
      securityEvents: 1,
    });
    expect(await t.db.select().from(privateFiles).where(eq(privateFiles.id, fileId))).toEqual([]);
    const [implementation] = await t.db
      .select()
      .from(solicitacoesImplementacao)
      .where(eq(solicitacoesImplementacao.id, implementationId));
    expect(implementation).toMatchObject({
      cpf: null,
      email: null,
      nomeCompleto: null,
      emailAcesso: '',
      senhaHash: '',
      cnhFileId: null,
    });
    expect((await t.db.select().from(contatos)).filter((lead) => lead.email === '')).toHaveLength(2);
    expect(await t.db.select().from(contatos).where(eq(contatos.email, OTHER.email))).toHaveLength(1);
    const [request] = await t.db.select().from(dsrRequests);
    expect(request).toMatchObject({ nome: '', email: '', cpf: null, emailHash: sha256(PERSON.email) });
    expect(request!.anonymizedAt).toBeInstanceOf(Date);
    expect(await mentions(t, PERSON.email)).toEqual([]);
    expect(await mentions(t, 'Joana')).toEqual([]);
    expect(hasPersonalData(await findSubject(t.db, id('email', PERSON.email)))).toBe(false);
    expect((await mentions(t, OTHER.email)).length).toBeGreaterThan(0);
  });

  it('deletes: nothing about the e-mail remains but the anonymous audit record', async () => {
    const { implementationId, fileId } = await seed(t.db);
    const joana = id('email', PERSON.email);
    const counts = await eraseSubject(t.db, joana, 'delete', ADMIN, new Date(), await withMatches(joana));
    expect(counts).toMatchObject({ leads: 2, implementations: 1, documents: 1, consents: 3, deliveries: 5 });
    expect(
      await t.db.select().from(solicitacoesImplementacao).where(eq(solicitacoesImplementacao.id, implementationId)),
    ).toEqual([]);
    expect(await t.db.select().from(privateFiles).where(eq(privateFiles.id, fileId))).toEqual([]);
    expect(await t.db.select().from(formConsents)).toHaveLength(1);
    expect(await mentions(t, PERSON.email)).toEqual([]);
    expect(await mentions(t, '52998224725')).toEqual([]);
    expect(await mentions(t, '21998765432')).toEqual([]);
    const audit = await t.db.select().from(lgpdAudit);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'delete', actorId: ADMIN.id, subjectHash: sha256(PERSON.email) }),
    ]);
    const after = await findSubject(t.db, id('email', PERSON.email));
    expect(hasPersonalData(after)).toBe(false);
    expect(after.audit).toHaveLength(1);
    // The other person keeps everything.
    const other = await findSubject(t.db, id('email', OTHER.email));
    expect(other.leads).toHaveLength(1);
    expect(other.securityEvents).toHaveLength(1);
  });
});
