/*
 * What an LGPD export or erasure may reach, on every engine, whether the admin answers a
 * data-subject request or searches on their own: only the records carrying the identifier it
 * is about — a request's confirmed e-mail, or the e-mail, phone or CPF the admin searched.
 * A stranger who sends a lead with a victim's phone, or an implementation request with a
 * victim's CPF, and then files a request with their own e-mail gets nothing of the victim's
 * and erases nothing of it; two people who share a phone are two people to a search by
 * either's e-mail. Records that only share another identifier show up to the admin as
 * possible matches. An admin who checked one includes it, and that choice is recorded (who,
 * which record, when).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseIdentifier, type SubjectIdentifier } from '~/lib/lgpd-identifier';
import type { Db } from '~/server/db/client';
import {
  contatos,
  deliveries,
  dsrRequests,
  lgpdAudit,
  privateFiles,
  securityEvents,
  solicitacoesImplementacao,
} from '~/server/db/schema';
import { createLeadService } from '~/server/leads/lead.service';
import { eraseSubject, exportSubject, findSubject } from '~/server/lgpd/subject.service';
import { insertDeliveries } from '~/server/outbox/outbox';
import { engines, useTestDatabase } from '../support/db';
import { sharedDeps } from '../../scripts/support/service-deps';
import { quietLog } from '../support/log';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const ADMIN = { id: 'admin-1', email: 'ana.admin@pilota.example' };
const CONTROLLER = {
  legalName: 'Pilota Tecnologia Ltda.',
  registration: 'CNPJ 00.000.000/0001-00',
  encarregado: { nome: 'Encarregada', email: 'privacidade@pilota.example' },
};
const VICTIM = { email: 'vitima@example.com', phone: '(21) 99876-5432', cpf: '52998224725', nome: 'Vera Vítima' };
const ATTACKER = { email: 'curioso@example.com', phone: '(31) 91234-5678', nome: 'Caio Curioso' };
const DOCUMENT = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 7, 7, 7]);
const base64 = Buffer.from(DOCUMENT).toString('base64');

function leadService(db: Db) {
  return createLeadService({
    db,
    outbox: {
      enqueueDeliveries: (tx: Parameters<typeof insertDeliveries>[0], items: Parameters<typeof insertDeliveries>[1]) =>
        insertDeliveries(tx, items, new Date()),
    },
    sendMail: async () => ({ transport: 'log' as const }),
    config: {
      dataDir: mkdtempSync(join(tmpdir(), 'pilota-lgpd-scope-')),
      leadNotifyTo: 'comercial@pilota.example',
      leadWebhookUrls: [],
      webhookSecret: undefined,
    },
    log: quietLog,
    ...sharedDeps({ db, config: { authSecret: 'segredo' } }),
  });
}

async function lead(db: Db, email: string, celular: string, nome: string): Promise<string> {
  await leadService(db).create(
    { nome, email, celular, tipo: 'proprietario', submission_key: randomUUID(), pagina_origem: 'http://localhost/' },
    {},
  );
  const [row] = await db.select({ id: contatos.id }).from(contatos).where(eq(contatos.email, email));
  return row!.id;
}

async function implementation(db: Db, fields: { email: string; cpf: string; nome: string; celular: string }) {
  const [file] = await db
    .insert(privateFiles)
    .values({
      kind: 'pdf',
      mimeType: 'application/pdf',
      originalName: `cnh-${fields.nome}.pdf`,
      size: DOCUMENT.byteLength,
      sha256: sha256(fields.nome),
      content: DOCUMENT,
    })
    .returning({ id: privateFiles.id });
  const [row] = await db
    .insert(solicitacoesImplementacao)
    .values({
      tipoDocumento: 'cpf',
      emailAcesso: fields.email,
      senhaHash: 'scrypt$segredo',
      cpf: fields.cpf,
      nomeCompleto: fields.nome,
      celular: fields.celular.replace(/\D/g, ''),
      email: fields.email,
      cnhFileId: file!.id,
    })
    .returning({ id: solicitacoesImplementacao.id });
  return { id: row!.id, fileId: file!.id };
}

/** A data-subject request as /lgpd files it, already confirmed through its e-mailed link. */
async function confirmedRequest(db: Db, email: string, cpf: string | null): Promise<string> {
  const [row] = await db
    .insert(dsrRequests)
    .values({
      createdAt: new Date(),
      tipo: 'anonimizacao_eliminacao',
      nome: ATTACKER.nome,
      email,
      emailHash: sha256(email),
      cpf,
      submissionKey: randomUUID(),
      tokenHash: sha256(randomUUID()),
      tokenExpiresAt: new Date(Date.now() + 3600_000),
      confirmedAt: new Date(),
      dueAt: new Date(Date.now() + 15 * 24 * 3600_000),
    })
    .returning({ id: dsrRequests.id });
  return row!.id;
}

/** The victim: a lead and an implementation request with an identity document. */
async function victim(db: Db) {
  const leadId = await lead(db, VICTIM.email, VICTIM.phone, VICTIM.nome);
  const request = await implementation(db, {
    email: VICTIM.email,
    cpf: VICTIM.cpf,
    nome: VICTIM.nome,
    celular: VICTIM.phone,
  });
  return { leadId, implementationId: request.id, fileId: request.fileId };
}

describe.each(engines)("a data-subject request's export and erasure on %s", (engine) => {
  const t = useTestDatabase(engine);
  const email = (value: string): SubjectIdentifier => parseIdentifier('email', value)!;

  async function victimIntact(ids: { leadId: string; implementationId: string; fileId: string }) {
    const [leadRow] = await t.db.select().from(contatos).where(eq(contatos.id, ids.leadId));
    expect(leadRow).toMatchObject({ email: VICTIM.email, nome: VICTIM.nome });
    const [request] = await t.db
      .select()
      .from(solicitacoesImplementacao)
      .where(eq(solicitacoesImplementacao.id, ids.implementationId));
    expect(request).toMatchObject({ cpf: VICTIM.cpf, email: VICTIM.email, cnhFileId: ids.fileId });
    expect(
      await t.db.select({ id: privateFiles.id }).from(privateFiles).where(eq(privateFiles.id, ids.fileId)),
    ).toEqual([{ id: ids.fileId }]);
  }

  const exportFor = async (requestId: string, include?: string[]) => {
    const { file } = await exportSubject(t.db, email(ATTACKER.email), ADMIN, new Date(), CONTROLLER, {
      requestId,
      ...(include ? { include } : {}),
    });
    return JSON.stringify(file);
  };

  it("a lead sent with the victim's phone does not bring the victim's data into the sender's request", async () => {
    const ids = await victim(t.db);
    await lead(t.db, ATTACKER.email, VICTIM.phone, ATTACKER.nome);
    const requestId = await confirmedRequest(t.db, ATTACKER.email, null);

    const exported = await exportFor(requestId);
    expect(exported).toContain(ATTACKER.email);
    for (const secret of [VICTIM.email, VICTIM.cpf, VICTIM.nome, base64]) expect(exported).not.toContain(secret);

    const data = await findSubject(t.db, email(ATTACKER.email), { requestId });
    expect(data.leads.map((row) => row.email)).toEqual([ATTACKER.email]);
    expect(data.implementations).toEqual([]);
    expect(data.documents).toEqual([]);
    // Shown to the admin to check, not included.
    expect(data.possibleMatches.map((match) => match.ref).sort()).toEqual(
      [`lead:${ids.leadId}`, `implementacao:${ids.implementationId}`].sort(),
    );

    for (const mode of ['anonymize', 'delete'] as const) {
      await eraseSubject(t.db, email(ATTACKER.email), mode, ADMIN, new Date(), { requestId });
      await victimIntact(ids);
    }
    expect(await t.db.select().from(contatos).where(eq(contatos.email, ATTACKER.email))).toEqual([]);
  });

  it("an implementation request with the victim's CPF does not bring the victim's data into the sender's request", async () => {
    const ids = await victim(t.db);
    await implementation(t.db, {
      email: ATTACKER.email,
      cpf: VICTIM.cpf,
      nome: ATTACKER.nome,
      celular: ATTACKER.phone,
    });
    // The CPF typed on the request proves nothing either: anyone can type it.
    const requestId = await confirmedRequest(t.db, ATTACKER.email, VICTIM.cpf);

    const exported = await exportFor(requestId);
    expect(exported).toContain(ATTACKER.nome);
    for (const secret of [VICTIM.email, VICTIM.nome, VICTIM.phone.replace(/\D/g, '')])
      expect(exported).not.toContain(secret);
    const file = JSON.parse(exported) as { documentos: unknown[]; solicitacoesImplementacao: { email: string }[] };
    // The sender's own request and document only.
    expect(file.solicitacoesImplementacao.map((row) => row.email)).toEqual([ATTACKER.email]);
    expect(file.documentos).toHaveLength(1);

    const data = await findSubject(t.db, email(ATTACKER.email), { requestId });
    expect(data.possibleMatches.map((match) => match.ref).sort()).toEqual(
      [`lead:${ids.leadId}`, `implementacao:${ids.implementationId}`].sort(),
    );

    await eraseSubject(t.db, email(ATTACKER.email), 'delete', ADMIN, new Date(), { requestId });
    await victimIntact(ids);
    expect(
      await t.db.select().from(solicitacoesImplementacao).where(eq(solicitacoesImplementacao.email, ATTACKER.email)),
    ).toEqual([]);
  });

  it('a possible match the admin includes is exported and erased, and the choice is recorded', async () => {
    // The same person's older lead, from another address with the same phone.
    const own = await lead(t.db, ATTACKER.email, ATTACKER.phone, ATTACKER.nome);
    const older = await lead(t.db, 'caio.antigo@example.com', ATTACKER.phone, 'Caio C.');
    const ids = await victim(t.db);
    const requestId = await confirmedRequest(t.db, ATTACKER.email, null);
    const ref = `lead:${older}`;
    expect((await findSubject(t.db, email(ATTACKER.email), { requestId })).possibleMatches).toEqual([
      expect.objectContaining({ ref, email: 'caio.antigo@example.com' }),
    ]);

    // A record that is not one of the request's possible matches cannot be included this way.
    const included = await findSubject(t.db, email(ATTACKER.email), {
      requestId,
      include: [ref, `lead:${ids.leadId}`],
    });
    expect(included.leads.map((row) => row.id).sort()).toEqual([own, older].sort());
    expect(included.possibleMatches).toEqual([]);

    const at = new Date('2026-11-25T12:00:00.000Z');
    const { file } = await exportSubject(t.db, email(ATTACKER.email), ADMIN, at, CONTROLLER, {
      requestId,
      include: [ref],
    });
    expect(JSON.stringify(file)).toContain('caio.antigo@example.com');
    const counts = await eraseSubject(t.db, email(ATTACKER.email), 'delete', ADMIN, at, {
      requestId,
      include: [ref],
    });
    expect(counts).toMatchObject({ leads: 2, possibleMatchesIncluded: 1 });
    expect(await t.db.select().from(contatos).where(eq(contatos.id, older))).toEqual([]);
    await victimIntact(ids);

    const recorded = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.eventType, 'lgpd_match_included'));
    expect(recorded).toHaveLength(2);
    for (const [index, action] of ['export', 'delete'].entries()) {
      expect(recorded[index]).toMatchObject({
        userId: ADMIN.id,
        createdAt: at,
        details: expect.objectContaining({ admin: ADMIN.email, request: requestId, record: ref, action }),
      });
    }
    const audit = await t.db
      .select()
      .from(lgpdAudit)
      .where(and(eq(lgpdAudit.requestId, requestId), eq(lgpdAudit.action, 'delete')));
    expect(audit).toEqual([expect.objectContaining({ actorId: ADMIN.id, subjectHash: sha256(ATTACKER.email), at })]);
    expect(audit[0]!.counts).toMatchObject({ possibleMatchesIncluded: 1 });
  });

  it("an address inside a longer one does not bring the longer address's messages", async () => {
    // The team's e-mail about Mariana's lead names her in its subject and mentions mariana@example.com.
    await lead(t.db, 'mariana@example.com', VICTIM.phone, VICTIM.nome);
    await lead(t.db, 'ana@example.com', ATTACKER.phone, ATTACKER.nome);
    const requestId = await confirmedRequest(t.db, 'ana@example.com', null);
    // A message about no record of hers that does name her address, after a line break and before a full stop.
    const [named] = await insertDeliveries(
      t.db,
      [
        {
          kind: 'email',
          message: { to: 'comercial@pilota.example', subject: 'Aviso', text: 'Responder para:\nana@example.com.' },
          meta: { subjectType: 'conta', subjectId: randomUUID() },
        },
      ],
      new Date(),
    );
    const messages = async () => (await t.db.select().from(deliveries)).filter((row) => row.status === 'pending');
    const before = await messages();

    const { file } = await exportSubject(t.db, email('ana@example.com'), ADMIN, new Date(), CONTROLLER, {
      requestId,
    });
    expect(JSON.stringify(file)).toContain(ATTACKER.nome);
    expect(JSON.stringify(file)).not.toContain(VICTIM.nome);
    expect((file as { comunicacoes: { id: string }[] }).comunicacoes.map((row) => row.id)).toContain(named);
    await eraseSubject(t.db, email('ana@example.com'), 'delete', ADMIN, new Date(), { requestId });
    const mariana = (row: { payload: unknown }) => JSON.stringify(row.payload).includes('mariana@example.com');
    expect((await messages()).filter(mariana)).toEqual(before.filter(mariana));
    expect(before.filter(mariana).length).toBeGreaterThan(0);
  });

  it('an unconfirmed request proves nothing: its export holds no record', async () => {
    await lead(t.db, ATTACKER.email, ATTACKER.phone, ATTACKER.nome);
    const requestId = await confirmedRequest(t.db, ATTACKER.email, null);
    await t.db.update(dsrRequests).set({ confirmedAt: null }).where(eq(dsrRequests.id, requestId));
    const data = await findSubject(t.db, email(ATTACKER.email), { requestId });
    expect(data.leads).toEqual([]);
    expect(data.possibleMatches).toEqual([]);
  });
});

describe.each(engines)("the admin's own search, its export and erasure on %s", (engine) => {
  const t = useTestDatabase(engine);
  const email = (value: string): SubjectIdentifier => parseIdentifier('email', value)!;
  // Two people with one phone: a family's, or a number typed by the wrong person.
  const ANA = { email: 'ana.titular@example.com', nome: 'Ana Titular' };
  const BRUNO = { email: 'bruno.vizinho@example.com', nome: 'Bruno Vizinho' };
  const SHARED_PHONE = '(21) 99876-5432';

  /** Ana's lead and Bruno's, with a security event naming Bruno's address. */
  async function twoPeopleOnePhone() {
    const ana = await lead(t.db, ANA.email, SHARED_PHONE, ANA.nome);
    const bruno = await lead(t.db, BRUNO.email, SHARED_PHONE, BRUNO.nome);
    await t.db.insert(securityEvents).values({
      eventType: 'input_validation_failed',
      details: { email: BRUNO.email, source: 'lead-form', severity: 'critical' },
    });
    return { ana, bruno };
  }

  async function brunoIntact(bruno: string) {
    const [row] = await t.db.select().from(contatos).where(eq(contatos.id, bruno));
    expect(row).toMatchObject({ email: BRUNO.email, nome: BRUNO.nome });
    const events = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.eventType, 'input_validation_failed'));
    expect(events.map((event) => event.details['email'])).toEqual([BRUNO.email]);
    const messages = (await t.db.select().from(deliveries)).filter((row) => row.subjectId === bruno);
    expect(messages.length).toBeGreaterThan(0);
  }

  it("searched by one person's e-mail, a lead that only shares her phone is a possible match, not exported or erased", async () => {
    const { ana, bruno } = await twoPeopleOnePhone();

    const data = await findSubject(t.db, email(ANA.email));
    expect(data.leads.map((row) => row.id)).toEqual([ana]);
    expect(data.securityEvents).toEqual([]);
    expect(data.possibleMatches).toEqual([expect.objectContaining({ ref: `lead:${bruno}`, email: BRUNO.email })]);
    expect(data.basis).toEqual({
      requestId: null,
      identifierKind: 'email',
      subjectHash: sha256(ANA.email),
      included: [],
    });

    const { file } = await exportSubject(t.db, email(ANA.email), ADMIN, new Date(), CONTROLLER);
    const exported = JSON.stringify(file);
    expect(exported).toContain(ANA.nome);
    for (const secret of [BRUNO.email, BRUNO.nome, bruno]) expect(exported).not.toContain(secret);

    for (const mode of ['anonymize', 'delete'] as const) {
      await eraseSubject(t.db, email(ANA.email), mode, ADMIN, new Date());
      await brunoIntact(bruno);
    }
    expect(await t.db.select().from(contatos).where(eq(contatos.email, ANA.email))).toEqual([]);
    const audit = await t.db.select().from(lgpdAudit);
    expect(audit.map((row) => row.action).sort()).toEqual(['anonymize', 'delete', 'export']);
    for (const row of audit) {
      expect(row).toMatchObject({ requestId: null, identifierKind: 'email', subjectHash: sha256(ANA.email) });
      expect(row.counts).toMatchObject({ possibleMatchesIncluded: 0 });
    }
    expect(await t.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'lgpd_match_included'))).toEqual(
      [],
    );
  });

  it('a possible match the admin includes in the search is exported and erased, and each inclusion is recorded', async () => {
    const { ana, bruno } = await twoPeopleOnePhone();
    const stranger = await lead(t.db, 'outra.pessoa@example.com', ATTACKER.phone, ATTACKER.nome);
    const ref = `lead:${bruno}`;

    // A record that is not one of the search's possible matches cannot be included this way.
    const included = await findSubject(t.db, email(ANA.email), { include: [ref, `lead:${stranger}`] });
    expect(included.leads.map((row) => row.id).sort()).toEqual([ana, bruno].sort());
    expect(included.possibleMatches).toEqual([]);
    expect(included.basis.included).toEqual([ref]);

    const at = new Date('2026-11-26T12:00:00.000Z');
    const { file } = await exportSubject(t.db, email(ANA.email), ADMIN, at, CONTROLLER, { include: [ref] });
    expect(JSON.stringify(file)).toContain(BRUNO.nome);
    const counts = await eraseSubject(t.db, email(ANA.email), 'delete', ADMIN, at, { include: [ref] });
    expect(counts).toMatchObject({ leads: 2, possibleMatchesIncluded: 1 });
    expect(await t.db.select().from(contatos).where(eq(contatos.id, bruno))).toEqual([]);
    expect(await t.db.select().from(contatos).where(eq(contatos.id, stranger))).toHaveLength(1);

    const recorded = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.eventType, 'lgpd_match_included'));
    expect(recorded).toHaveLength(2);
    for (const [index, action] of ['export', 'delete'].entries()) {
      expect(recorded[index]).toMatchObject({
        userId: ADMIN.id,
        createdAt: at,
        details: expect.objectContaining({
          admin: ADMIN.email,
          searchedBy: 'email',
          subjectHash: sha256(ANA.email),
          record: ref,
          action,
        }),
      });
      // The record of the choice names the search by its hash only.
      expect(JSON.stringify(recorded[index]!.details)).not.toContain(ANA.email);
    }
    const audit = await t.db.select().from(lgpdAudit).where(eq(lgpdAudit.action, 'delete'));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: ADMIN.id, requestId: null, subjectHash: sha256(ANA.email), at }),
    ]);
    expect(audit[0]!.counts).toMatchObject({ possibleMatchesIncluded: 1 });
  });

  it("searched by phone or CPF, the records carrying it are the subject's and those linked through them only possible matches", async () => {
    const { ana, bruno } = await twoPeopleOnePhone();
    // Ana's implementation request, with her e-mail and CPF and another phone.
    const request = await implementation(t.db, {
      email: ANA.email,
      cpf: VICTIM.cpf,
      nome: ANA.nome,
      celular: ATTACKER.phone,
    });

    // The phone searched is on both leads: both carry it.
    const byPhone = await findSubject(t.db, parseIdentifier('phone', SHARED_PHONE)!);
    expect(byPhone.leads.map((row) => row.id).sort()).toEqual([ana, bruno].sort());
    expect(byPhone.implementations).toEqual([]);
    expect(byPhone.possibleMatches.map((match) => match.ref)).toEqual([`implementacao:${request.id}`]);

    // The CPF is on the implementation request only; Ana's lead is linked by its e-mail, Bruno's by her lead's phone.
    const byCpf = await findSubject(t.db, parseIdentifier('cpf', VICTIM.cpf)!);
    expect(byCpf.implementations.map((row) => row.id)).toEqual([request.id]);
    expect(byCpf.leads).toEqual([]);
    expect(byCpf.possibleMatches.map((match) => match.ref).sort()).toEqual([`lead:${ana}`, `lead:${bruno}`].sort());

    await eraseSubject(t.db, parseIdentifier('cpf', VICTIM.cpf)!, 'delete', ADMIN, new Date());
    expect(
      await t.db.select().from(solicitacoesImplementacao).where(eq(solicitacoesImplementacao.id, request.id)),
    ).toEqual([]);
    expect(await t.db.select().from(privateFiles).where(eq(privateFiles.id, request.fileId))).toEqual([]);
    expect(await t.db.select({ id: contatos.id }).from(contatos).where(eq(contatos.id, ana))).toEqual([{ id: ana }]);
    await brunoIntact(bruno);
  });
});
