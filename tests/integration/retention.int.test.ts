/*
 * The retention job on every engine, with a fixed clock: each kind of
 * data is written just inside and just past its period, and one pass removes exactly what
 * is past it — documents gone from storage (their request kept) once the request ended, leads
 * anonymised with the team's notes and discard reasons on them,
 * finished deliveries' payloads pruned (pending ones kept), security events deleted,
 * unconfirmed data-subject requests deleted a week after their link expired — and nothing
 * else; a second pass finds nothing. Also: the pg-boss cron of the Node target, and the
 * Netlify scheduled function's run through the pooler.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import retentionFunction, { config as retentionFunctionConfig } from '../../netlify/jobs/retention.mts';
import { ConfigError, parseConfig, type Config } from '~/server/config';
import type { Db } from '~/server/db/client';
import {
  contatos,
  deliveries,
  dsrRequests,
  leadNotes,
  leadStatusChanges,
  privateFiles,
  securityEvents,
  solicitacoesImplementacao,
} from '~/server/db/schema';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { lgpdFeature, RETENTION_CRON, RETENTION_QUEUE, RETENTION_TIMEZONE } from '~/server/lgpd/feature';
import { DEFAULT_RETENTION, runRetention } from '~/server/lgpd/retention';
import { REMOVED_REASON } from '~/lib/lead-pipeline';
import { runScheduledRetention } from '~/server/lgpd/scheduled-retention';
import type { Runtime } from '~/server/runtime-types';
import { aStoredPdf } from '../support/private-files';
import { engines, isPostgres, useTestDatabase } from '../support/db';
import { captureLog, logCapture, logLines, quietLog } from '../support/log';
import { aLeadRow } from '../support/leads';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** `days` before NOW, nudged by `nudgeMs` (negative: older, i.e. past the period). */
const ago = (days: number, nudgeMs = 0) => new Date(NOW.getTime() - days * DAY + nudgeMs);
const PAST = -HOUR;
const INSIDE = HOUR;


type Ended = { status: 'concluida' | 'cancelada'; at: Date } | undefined;

/** An implementation request with its document; `ended` concludes or cancels it at a time. */
async function request(
  db: Db,
  createdAt: Date,
  tipo: 'cpf' | 'cnpj',
  ended?: Ended,
): Promise<{ id: string; fileId: string }> {
  const fileId = await aStoredPdf(db, createdAt);
  const [row] = await db
    .insert(solicitacoesImplementacao)
    .values({
      createdAt,
      ...(ended ? { status: ended.status, statusChangedAt: ended.at } : {}),
      tipoDocumento: tipo,
      emailAcesso: 'acesso@example.com',
      senhaHash: 'scrypt$x',
      ...(tipo === 'cpf'
        ? {
            cpf: '12345678909',
            nomeCompleto: 'Pessoa Física',
            celular: '11987654321',
            email: 'pf@example.com',
            cnhFileId: fileId,
          }
        : {
            cnpj: '11222333000181',
            razaoSocial: 'Empresa',
            responsavelCpf: '12345678909',
            responsavelNome: 'Responsável',
            responsavelCelular: '11987654321',
            responsavelEmail: 'resp@example.com',
            responsavelCnhFileId: fileId,
          }),
    })
    .returning({ id: solicitacoesImplementacao.id });
  return { id: row!.id, fileId };
}

async function lead(db: Db, createdAt: Date): Promise<string> {
  const [row] = await db
    .insert(contatos)
    .values(
      aLeadRow({
        createdAt,
        nome: 'Lia Antiga',
        email: 'lia@example.com',
        tipo: 'corretor',
        empresa: 'Imóveis Lia',
        mensagem: 'Quero conhecer',
        paginaOrigem: 'http://localhost/planos',
        utmSource: 'google',
        consentVersion: 'v1',
        ipHash: 'abc',
        userAgent: 'Firefox',
      }),
    )
    .returning({ id: contatos.id });
  return row!.id;
}

/** A note and a discard (with its reason) on a lead, as the team writes them. */
async function teamWork(db: Db, leadId: string, at: Date) {
  await db
    .insert(leadNotes)
    .values({ leadId, body: 'Lia pediu retorno no celular 98765-4321', userId: 'u1', userName: 'Ana', createdAt: at });
  await db.insert(leadStatusChanges).values({
    leadId,
    fromStatus: 'novo',
    toStatus: 'descartado',
    reason: 'Lia já usa outro sistema',
    userId: 'u1',
    userName: 'Ana',
    createdAt: at,
  });
}

async function delivery(db: Db, createdAt: Date, status: 'pending' | 'retrying' | 'sent' | 'logged' | 'failed') {
  const id = randomUUID();
  await db.insert(deliveries).values({
    id,
    createdAt,
    updatedAt: createdAt,
    kind: 'email',
    target: 'comercial@pilota.example',
    subjectType: 'lead',
    subjectId: randomUUID(),
    payload: { to: 'comercial@pilota.example', subject: 'Novo contato: Lia', text: 'lia@example.com' },
    status,
    lastError: status === 'failed' ? '550 mailbox lia@example.com unavailable' : null,
  });
  return id;
}

async function securityEvent(db: Db, createdAt: Date): Promise<string> {
  const [row] = await db
    .insert(securityEvents)
    .values({ createdAt, eventType: 'login_failed', details: { email: 'lia@example.com' } })
    .returning({ id: securityEvents.id });
  return row!.id;
}

async function dsr(db: Db, tokenExpiresAt: Date, confirmed: boolean): Promise<string> {
  const [row] = await db
    .insert(dsrRequests)
    .values({
      createdAt: new Date(tokenExpiresAt.getTime() - DAY),
      tipo: 'confirmacao_acesso',
      nome: 'Lia',
      email: 'lia@example.com',
      emailHash: 'h',
      submissionKey: randomUUID(),
      tokenHash: randomUUID(),
      tokenExpiresAt,
      confirmedAt: confirmed ? new Date(tokenExpiresAt.getTime() - HOUR) : null,
      dueAt: new Date(tokenExpiresAt.getTime() + 14 * DAY),
    })
    .returning({ id: dsrRequests.id });
  return row!.id;
}

describe.each(engines)('retention on %s', (engine) => {
  const t = useTestDatabase(engine);

  it('removes exactly what is past each period, and nothing else', async () => {
    const p = DEFAULT_RETENTION;
    const longAgo = ago(p.documentDays * 3);
    const oldCpf = await request(t.db, longAgo, 'cpf', { status: 'concluida', at: ago(p.documentDays, PAST) });
    const oldCnpj = await request(t.db, longAgo, 'cnpj', { status: 'cancelada', at: ago(p.documentDays, PAST) });
    const recent = await request(t.db, longAgo, 'cpf', { status: 'concluida', at: ago(p.documentDays, INSIDE) });
    // Still being implemented: its documents are still needed, however old the request.
    const open = await request(t.db, ago(p.leadDays, INSIDE), 'cnpj');
    // Left open past the general period: nothing justifies keeping its documents.
    const abandoned = await request(t.db, ago(p.leadDays, PAST), 'cpf');
    const oldLead = await lead(t.db, ago(p.leadDays, PAST));
    const recentLead = await lead(t.db, ago(p.leadDays, INSIDE));
    await teamWork(t.db, oldLead, ago(p.leadDays - 1));
    await teamWork(t.db, recentLead, ago(p.leadDays - 1));
    const oldSent = await delivery(t.db, ago(p.deliveryPayloadDays, PAST), 'sent');
    const oldFailed = await delivery(t.db, ago(p.deliveryPayloadDays, PAST), 'failed');
    const oldPending = await delivery(t.db, ago(p.deliveryPayloadDays, PAST), 'retrying');
    const recentSent = await delivery(t.db, ago(p.deliveryPayloadDays, INSIDE), 'sent');
    const oldEvent = await securityEvent(t.db, ago(p.securityEventDays, PAST));
    const recentEvent = await securityEvent(t.db, ago(p.securityEventDays, INSIDE));
    const staleDsr = await dsr(t.db, ago(7, PAST), false);
    const freshExpiredDsr = await dsr(t.db, ago(7, INSIDE), false);
    const confirmedDsr = await dsr(t.db, ago(30), true);

    expect(await runRetention(t.db, p, NOW)).toEqual({
      documents: 3,
      leads: 1,
      leadNotes: 2,
      deliveryPayloads: 2,
      securityEvents: 1,
      unconfirmedRequests: 1,
    });

    // Documents: gone from storage; the requests stay, without the reference.
    const files = await t.db.select({ id: privateFiles.id }).from(privateFiles);
    expect(files.map((row) => row.id).sort()).toEqual([recent.fileId, open.fileId].sort());
    const requests = await t.db.select().from(solicitacoesImplementacao);
    expect(requests).toHaveLength(5);
    const byId = new Map(requests.map((row) => [row.id, row]));
    expect(byId.get(oldCpf.id)!.cnhFileId).toBeNull();
    expect(byId.get(oldCnpj.id)!.responsavelCnhFileId).toBeNull();
    expect(byId.get(abandoned.id)!.cnhFileId).toBeNull();
    expect(byId.get(recent.id)!.cnhFileId).toBe(recent.fileId);
    expect(byId.get(open.id)!.responsavelCnhFileId).toBe(open.fileId);

    // Leads: the old one anonymised, its non-personal facts kept; the recent one untouched.
    const [anonymised] = await t.db.select().from(contatos).where(eq(contatos.id, oldLead));
    expect(anonymised).toMatchObject({
      nome: '',
      email: '',
      celular: '',
      empresa: '',
      mensagem: '',
      ipHash: null,
      userAgent: null,
      tipo: 'corretor',
      paginaOrigem: 'http://localhost/planos',
      utmSource: 'google',
    });
    const [kept] = await t.db.select().from(contatos).where(eq(contatos.id, recentLead));
    expect(kept).toMatchObject({ nome: 'Lia Antiga', email: 'lia@example.com', ipHash: 'abc', userAgent: 'Firefox' });
    // The team's free text about the old lead goes; its status history stays for the reports.
    expect(await t.db.select().from(leadNotes).where(eq(leadNotes.leadId, oldLead))).toEqual([]);
    expect(await t.db.select().from(leadNotes).where(eq(leadNotes.leadId, recentLead))).toHaveLength(1);
    const [oldChange] = await t.db.select().from(leadStatusChanges).where(eq(leadStatusChanges.leadId, oldLead));
    expect(oldChange).toMatchObject({ fromStatus: 'novo', toStatus: 'descartado', reason: REMOVED_REASON });
    const [keptChange] = await t.db.select().from(leadStatusChanges).where(eq(leadStatusChanges.leadId, recentLead));
    expect(keptChange!.reason).toBe('Lia já usa outro sistema');

    // Deliveries: finished and old pruned; a retrying one keeps what it still has to send.
    const rows = new Map((await t.db.select().from(deliveries)).map((row) => [row.id, row]));
    expect(rows.size).toBe(4);
    for (const id of [oldSent, oldFailed]) expect(rows.get(id)).toMatchObject({ payload: {}, lastError: null });
    for (const id of [oldPending, recentSent]) expect(rows.get(id)!.payload).toMatchObject({ text: 'lia@example.com' });

    const events = await t.db.select({ id: securityEvents.id }).from(securityEvents);
    expect(events.map((row) => row.id)).toEqual([recentEvent]);
    expect(events.map((row) => row.id)).not.toContain(oldEvent);

    const requestsLeft = (await t.db.select({ id: dsrRequests.id }).from(dsrRequests)).map((row) => row.id).sort();
    expect(requestsLeft).toEqual([freshExpiredDsr, confirmedDsr].sort());
    expect(requestsLeft).not.toContain(staleDsr);

    // Nothing left to do at the same moment.
    expect(await runRetention(t.db, p, NOW)).toEqual({
      documents: 0,
      leads: 0,
      leadNotes: 0,
      deliveryPayloads: 0,
      securityEvents: 0,
      unconfirmedRequests: 0,
    });
  });

  it('each period comes from its own variable', async () => {
    const periods = parseConfig({
      RETENTION_DOCUMENT_DAYS: '10',
      RETENTION_LEAD_DAYS: '20',
      RETENTION_DELIVERY_PAYLOAD_DAYS: '3',
      RETENTION_SECURITY_EVENT_DAYS: '40',
    }).retention;
    expect(periods).toEqual({ documentDays: 10, leadDays: 20, deliveryPayloadDays: 3, securityEventDays: 40 });
    // Created inside the lead period (20 days), concluded 11 and 9 days ago.
    await request(t.db, ago(15), 'cpf', { status: 'concluida', at: ago(11) });
    await request(t.db, ago(15), 'cpf', { status: 'concluida', at: ago(9) });
    await lead(t.db, ago(21));
    await lead(t.db, ago(19));
    await delivery(t.db, ago(4), 'sent');
    await delivery(t.db, ago(2), 'sent');
    await securityEvent(t.db, ago(41));
    await securityEvent(t.db, ago(39));
    expect(await runRetention(t.db, periods, NOW)).toEqual({
      documents: 1,
      leads: 1,
      leadNotes: 0,
      deliveryPayloads: 1,
      securityEvents: 1,
      unconfirmedRequests: 0,
    });
  });

  describe('on the Node target', () => {
    let stack: DeliveryStack | undefined;
    afterEach(async () => {
      await stack?.stop(2_000);
      stack = undefined;
    });

    it('is a daily pg-boss cron whose job runs one pass', async () => {
      stack = deliveryStack(t.handle, { sendMail: async () => ({ transport: 'log' }), log: quietLog, cron: true });
      const captured = captureLog();
      const config = { retention: DEFAULT_RETENTION } as Config;
      const runtime = { db: t.db, queue: stack.queue, config, now: () => NOW } as unknown as Runtime;
      try {
        lgpdFeature.setup!(runtime);
        await stack.start();
        await lgpdFeature.onStart!(runtime);
        const schedules = await stack.queue.boss.getSchedules(RETENTION_QUEUE);
        expect(schedules).toEqual([
          expect.objectContaining({
            name: RETENTION_QUEUE,
            cron: RETENTION_CRON,
            options: expect.objectContaining({ tz: RETENTION_TIMEZONE }),
          }),
        ]);
        const old = await securityEvent(t.db, ago(DEFAULT_RETENTION.securityEventDays + 1));
        await stack.queue.boss.send(RETENTION_QUEUE, {});
        await expect
          .poll(async () => (await t.db.select().from(securityEvents).where(eq(securityEvents.id, old))).length, {
            timeout: 30_000,
            interval: 250,
          })
          .toBe(0);
        await expect
          .poll(() => logLines(captured.output()).find((line) => line.startsWith('[retention]')), { timeout: 5_000 })
          .toMatch(
            /^\[retention\] 0 documents deleted, 0 leads anonymised \(0 notes and discard reasons removed\), 0 delivery payloads pruned, 1 security events deleted, 0 unconfirmed data-subject requests deleted in \d+ ms$/,
          );
      } finally {
        captured.stop();
      }
    }, 60_000);
  });
});

/* Netlify's functions reach PostgreSQL only (through the pooler), so these run on the PostgreSQL engines. */
describe.each(engines.filter(isPostgres))('retention on Netlify, %s', (engine) => {
  const t = useTestDatabase(engine);
  it('the scheduled function runs one pass through the pooler and logs counts only', async () => {
    await securityEvent(t.db, ago(400));
    await lead(t.db, ago(2000));
    const { log, lines } = logCapture('retention');
    const counts = await runScheduledRetention({ DATABASE_URL: t.url!, AUTH_SECRET: 'segredo' }, { now: NOW, log });
    expect(counts).toMatchObject({ securityEvents: 1, leads: 1 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[retention\] 0 documents deleted, 1 leads anonymised/);
    expect(lines.join('\n')).not.toMatch(/lia|example\.com|Lia/);
  });

  it('the function itself: once a day, and a missing variable is named', async () => {
    expect(retentionFunctionConfig.schedule).toBe('30 6 * * *');
    const saved = { DATABASE_URL: process.env['DATABASE_URL'], AUTH_SECRET: process.env['AUTH_SECRET'] };
    const captured = captureLog();
    try {
      delete process.env['DATABASE_URL'];
      delete process.env['AUTH_SECRET'];
      const refused = await retentionFunction();
      expect(refused.status).toBe(500);
      expect(await refused.text()).toMatch(/DATABASE_URL: required on Netlify/);
      process.env['DATABASE_URL'] = t.url!;
      process.env['AUTH_SECRET'] = 'segredo';
      const done = await retentionFunction();
      expect(done.status).toBe(200);
      expect(await done.json()).toMatchObject({ documents: 0, securityEvents: 0 });
    } finally {
      captured.stop();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const lines = logLines(captured.output());
    expect(lines).toContainEqual(expect.stringMatching(/^\[retention\] Configuração inválida[^]*DATABASE_URL/));
    expect(lines).toContainEqual(expect.stringMatching(/^\[retention\] 0 documents deleted, 0 leads anonymised/));
    expect(() => parseConfig({ RETENTION_LEAD_DAYS: 'cinco anos' })).toThrow(ConfigError);
    expect(() => parseConfig({ RETENTION_LEAD_DAYS: 'cinco anos' })).toThrow(/RETENTION_LEAD_DAYS/);
  });
});
