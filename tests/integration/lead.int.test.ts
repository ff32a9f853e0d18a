/*
 * The lead service's integration checks, on PGlite and (TEST_DATABASE_URL) PostgreSQL through
 * the pooler (`engines`, tests/support/db.ts):
 * the lead service with a real database, a real SMTP server and two real HTTP
 * receivers on 127.0.0.1. Queue back-off is shortened; nothing else is faked.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leadEmail } from '~/copy/messages/lead';
import type { LeadInput } from '~/lib/validation/lead';
import type { Config } from '~/server/config';
import { openDatabase, type DatabaseHandle } from '~/server/db/client';
import { contatos, deliveries, securityEvents } from '~/server/db/schema';
import type { DeliverySettings } from '~/server/delivery/settings';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { createLeadService, type LeadServiceDeps } from '~/server/leads/lead.service';
import { toLeadRecord } from '~/server/leads/lead-record';
import {
  appendToSpool,
  entryBytes,
  fileSpool,
  hasSpool,
  rejectedSpoolPath,
  spoolPath,
  type SpoolEntry,
} from '~/server/leads/spool';
import { createMailer } from '~/server/mail';
import { engines, isPostgres, useTestDatabase } from '../support/db';
import { sharedDeps } from '../../scripts/support/service-deps';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { until } from '../support/until';
import { logCapture, quietLog } from '../support/log';
import { aLeadInput } from '../support/leads';

const FAST: DeliverySettings = {
  retryLimit: 20,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.5,
  expireInSeconds: 30,
  // Immediate retries fail many times a second while a server is down: a paused target resumes within 2 s.
  breaker: { failures: 10, pauseSeconds: 1, maxPauseSeconds: 2 },
};
const SECRET = 'segredo-de-teste';
const NOTIFY_TO = 'comercial@pilota.example';

const lead = aLeadInput;

/*
 * A lead whose values the database refuses: a NUL byte stands in for anything that slips
 * past validation (the service is called directly, as a gap in the schema would let it).
 */
const SECRET_LEAD = {
  nome: 'Helena Sigilo',
  email: 'helena.sigilo@example.com',
  celular: '(11) 91234-5678',
  mensagem: 'Ligar\u0000depois',
};
const refusedLead = () => lead(SECRET_LEAD);

/** No line may carry any of the refused lead's personal data. */
function expectNoPersonalData(lines: string[]) {
  const text = lines.join('\n');
  for (const value of [...Object.values(SECRET_LEAD), 'Helena', 'helena.sigilo', '91234', 'Failed query', 'params:']) {
    expect(text).not.toContain(value);
  }
}

const spooled = (input: LeadInput): SpoolEntry => ({
  type: 'lead',
  lead: toLeadRecord(input, {
    id: randomUUID(),
    now: new Date(),
    submissionKey: input.submission_key!,
    ipHash: null,
    userAgent: null,
  }),
});

const verify = (body: string, header: string | string[] | undefined) =>
  header === `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

describe.each(engines)('lead pipeline on %s', (engine) => {
  const t = useTestDatabase(engine);
  let smtp: CaptureSmtp;
  let hookA: Receiver;
  let hookB: Receiver;
  let stack: DeliveryStack;
  let dataDir: string;
  let config: LeadServiceDeps['config'] & Pick<Config, 'leadRateLimit' | 'authSecret'>;

  beforeAll(async () => {
    smtp = await startCaptureSmtp();
    hookA = await startReceiver();
    hookB = await startReceiver();
  });
  afterAll(async () => {
    await Promise.all([smtp.stop(), hookA.close(), hookB.close()]);
  });

  beforeEach(async () => {
    smtp.messages.length = 0;
    for (const hook of [hookA, hookB]) {
      hook.requests.length = 0;
      hook.script = [];
    }
    dataDir = mkdtempSync(join(tmpdir(), 'pilota-lead-'));
    config = {
      dataDir,
      leadNotifyTo: NOTIFY_TO,
      leadWebhookUrls: [hookA.url, hookB.url],
      webhookSecret: SECRET,
      leadRateLimit: { count: 10, windowMs: 60_000 },
      authSecret: 'auth-secret',
    } satisfies Partial<Config>;
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ smtpUrl: smtp.url, mailFrom: 'Pilota <nao-responda@pilota.example>' }),
      webhook: { secret: SECRET, timeoutMs: 2_000 },
      settings: FAST,
      log: quietLog,
    });
    await stack.start();
  });
  afterEach(async () => {
    await stack.stop(2_000);
  });

  /** A lead service on this test's database, queue and settings (each call builds its own). */
  const leads = (patch: Partial<LeadServiceDeps> = {}) => {
    const db = patch.db ?? t.db;
    const log = patch.log ?? quietLog;
    return createLeadService({
      db,
      outbox: stack.outbox,
      sendMail: createMailer({ smtpUrl: smtp.url, mailFrom: 'Pilota <nao-responda@pilota.example>' }),
      config,
      log,
      ...sharedDeps({ db, config, now: patch.now, log }),
      ...patch,
    });
  };

  it('a valid lead gives one row, one e-mail and one signed POST on each receiver', async () => {
    const input = lead({ utm_source: 'google', cta_source: 'hero' });
    const result = await leads().create(input, { ip: '203.0.113.7', userAgent: 'Vitest' });
    expect(result).toMatchObject({ status: 'saved', duplicate: false });

    const rows = await t.db.select().from(contatos);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      nome: 'Ana Souza',
      email: 'ana@example.com',
      // Stored as national digits; the e-mail and the webhook below still carry the mask.
      celular: '11987654321',
      tipo: 'proprietario',
      empresa: '',
      paginaOrigem: 'http://localhost/planos',
      utmSource: 'google',
      utmMedium: '',
      ctaSource: 'hero',
      status: 'novo',
      submissionKey: input.submission_key,
      userAgent: 'Vitest',
    });
    expect(rows[0]!.consentVersion).toBeTruthy();
    expect(rows[0]!.consentAt).toBeInstanceOf(Date);
    expect(rows[0]!.ipHash).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0]!.ipHash).not.toContain('203.0.113.7');

    const mail = await smtp.waitFor();
    expect(mail.envelopeTo).toEqual([NOTIFY_TO]);
    expect(mail.replyTo?.[0]?.address).toBe('ana@example.com');
    expect(mail.subject).toBe('Novo contato pelo site: Ana Souza (Proprietário)');
    for (const body of [mail.text!, mail.html!]) {
      expect(body).toContain(leadEmail.toName);
      expect(body).toContain('Ana Souza');
      expect(body).toContain('ana@example.com');
      expect(body).toContain('(11) 98765-4321');
      expect(body).toContain('Proprietário');
      expect(body).toContain('http://localhost/planos');
      expect(body).toContain('google');
      expect(body).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}/);
    }
    expect(mail.text).toContain('Empresa: Não informado');
    expect(mail.text).toContain('UTM medium: Não informado');
    expect(mail.text).toContain('UTM campaign: Não informado');
    expect(mail.text).toContain('E-mails de marketing: Não (sem consentimento de marketing)');

    for (const hook of [hookA, hookB]) {
      const request = await hook.waitFor();
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/json');
      expect(verify(request.body, request.headers['x-pilota-signature'])).toBe(true);
      expect(request.json).toEqual({
        id: rows[0]!.id,
        nome: 'Ana Souza',
        email: 'ana@example.com',
        celular: '(11) 98765-4321',
        tipo: 'proprietario',
        empresa: '',
        pagina_origem: 'http://localhost/planos',
        utm_source: 'google',
        utm_medium: '',
        utm_campaign: '',
        timestamp: rows[0]!.createdAt.toISOString(),
        consentimento_marketing: false,
      });
    }
    const done = await until(async () => {
      const list = await t.db.select().from(deliveries).where(eq(deliveries.subjectId, rows[0]!.id));
      return list.length === 3 && list.every((d) => d.status === 'sent') ? list : undefined;
    });
    expect(done.map((d) => d.kind).sort()).toEqual(['email', 'webhook', 'webhook']);
    expect(smtp.messages).toHaveLength(1);
    expect(hookA.requests).toHaveLength(1);
    expect(hookB.requests).toHaveLength(1);
    // Each call names its delivery (the row's id) and the lead, for receivers to drop re-sends.
    for (const hook of [hookA, hookB]) {
      const row = done.find((d) => d.target === hook.url)!;
      expect(hook.requests[0]!.headers['x-pilota-delivery']).toBe(row.id);
      expect(hook.requests[0]!.headers['x-pilota-lead']).toBe(rows[0]!.id);
    }
  });

  it('a receiver answering 500 three times gets the lead on a retry; the other is unaffected', async () => {
    hookA.script = [500, 500, 500];
    await leads().create(lead(), {});
    const started = Date.now();
    await hookB.waitFor();
    expect(Date.now() - started).toBeLessThan(2_000);
    await until(async () => (hookA.requests.some((r) => r.reply === 200) ? true : undefined));
    expect(hookA.requests.map((r) => r.reply)).toEqual([500, 500, 500, 200]);
    expect(hookB.requests).toHaveLength(1);
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.target, hookA.url));
    const settled = await until(async () => {
      const [r] = await t.db.select().from(deliveries).where(eq(deliveries.id, row!.id));
      return r?.status === 'sent' ? r : undefined;
    });
    expect(settled.attempts).toBe(4);
    expect(settled.lastError).toMatch(/answered 500/);
  });

  it('SMTP down, then up: the e-mail arrives later', async () => {
    await smtp.stop();
    try {
      await leads().create(lead(), {});
      await until(async () => {
        const [mail] = await t.db.select().from(deliveries).where(eq(deliveries.kind, 'email'));
        return mail && mail.attempts >= 2 && mail.status === 'retrying' ? mail : undefined;
      });
      expect(smtp.messages).toHaveLength(0);
    } finally {
      await smtp.start();
    }
    const mail = await smtp.waitFor(() => true, 20_000);
    expect(mail.subject).toContain('Ana Souza');
  });

  it('the same submission key twice gives one row and one notification', async () => {
    const input = lead();
    const first = await leads().create(input, {});
    const second = await leads().create({ ...input, nome: 'Ana S.' }, {});
    expect(first).toMatchObject({ status: 'saved', duplicate: false });
    expect(second).toMatchObject({ status: 'saved', duplicate: true });
    if (first.status === 'saved' && second.status === 'saved') expect(second.id).toBe(first.id);
    expect(await t.db.select().from(contatos)).toHaveLength(1);
    // Every delivery the lead made is recorded as sent (the row is marked after the receiver took
    // it), so what went out is all that ever will: one of each, whatever the clock.
    const sent = await until(async () => {
      const rows = await t.db.select().from(deliveries);
      return rows.length > 0 && rows.every((row) => row.status === 'sent') ? rows : undefined;
    });
    expect(sent.filter((row) => row.kind === 'email')).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);
    expect(hookA.requests).toHaveLength(1);
  });

  it('the eleventh submission from one address in a minute is refused; the next window is open', async () => {
    let now = new Date('2026-03-02T12:00:00Z');
    const d = leads({ now: () => now });
    for (let i = 0; i < 10; i++) expect((await d.create(lead(), { ip: '198.51.100.1' })).status).toBe('saved');
    expect(await d.create(lead(), { ip: '198.51.100.1' })).toEqual({ status: 'rate_limited' });
    expect((await d.create(lead(), { ip: '198.51.100.2' })).status).toBe('saved');
    now = new Date('2026-03-02T12:01:01Z');
    expect((await d.create(lead(), { ip: '198.51.100.1' })).status).toBe('saved');
    expect(await t.db.select().from(contatos)).toHaveLength(12);
  });

  it('strips markup from text fields, keeps the lead and records input_validation_failed', async () => {
    const result = await leads().create(
      lead({ nome: 'Ana<script>alert(1)</script> Souza', empresa: "Sol'; DROP TABLE contatos; --" }),
      { ip: '198.51.100.9' },
    );
    expect(result.status).toBe('saved');
    const [row] = await t.db.select().from(contatos);
    expect(row?.nome).toBe('Ana Souza');
    const events = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.eventType, 'input_validation_failed'));
    const byField = Object.fromEntries(events.map((e) => [(e.details as { field: string }).field, e.details]));
    expect(byField['nome']).toMatchObject({
      severity: 'warning',
      source: 'lead-form',
      sample: 'Ana<script>alert(1)</script> Souza',
    });
    expect(byField['empresa']).toMatchObject({ severity: 'critical', sql_like: true });
    expect(String((byField['nome'] as { ip_hash: string }).ip_hash)).not.toContain('198.51.100.9');
  });

  it('a lead the database refuses is answered "rejected", never spooled nor sent, and logged without its data', async () => {
    const { log, lines } = logCapture('leads');
    const input = refusedLead();
    const result = await leads({ log }).create(input, { ip: '198.51.100.20' });
    expect(result).toMatchObject({ status: 'rejected' });
    expect(existsSync(spoolPath(dataDir))).toBe(false);
    expect(await t.db.select().from(contatos)).toHaveLength(0);
    expect(lines.some((line) => result.status === 'rejected' && line.includes(result.id))).toBe(true);
    expectNoPersonalData(lines);

    const [event] = await t.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'lead_rejected'));
    expect(event?.details).toMatchObject({ source: 'lead-form', severity: 'error' });
    expectNoPersonalData([JSON.stringify(event?.details)]);

    // A refused lead is not delivered in degraded mode either: nothing goes out for it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.messages).toHaveLength(0);
    expect(hookA.requests).toHaveLength(0);
  });

  it('replay sets a refused lead aside (owner-only file, alert) and saves every lead spooled after it', async () => {
    const bad = spooled(refusedLead());
    const first = spooled(lead({ nome: 'Bruno Depois' }));
    const second = spooled(lead({ nome: 'Carla Depois' }));
    const firstKey = first.type === 'lead' ? first.lead.submissionKey : '';
    await appendToSpool(dataDir, [
      bad,
      first,
      // The first one's e-mail already went out directly while the database was away.
      { type: 'delivered', submissionKey: firstKey, kind: 'email', target: NOTIFY_TO, at: new Date().toISOString() },
      second,
    ]);

    const { log, lines } = logCapture('leads');
    expect(await leads({ log }).replaySpool()).toBe(2);
    const rows = await t.db.select().from(contatos);
    expect(rows.map((row) => row.nome).sort()).toEqual(['Bruno Depois', 'Carla Depois']);
    expect(existsSync(spoolPath(dataDir))).toBe(false);

    const rejected = readFileSync(rejectedSpoolPath(dataDir), 'utf8').trim().split('\n');
    expect(rejected).toHaveLength(1);
    expect(JSON.parse(rejected[0]!)).toMatchObject({ type: 'lead', lead: { nome: SECRET_LEAD.nome } });
    expect(statSync(rejectedSpoolPath(dataDir)).mode & 0o777).toBe(0o600);

    const events = await t.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'lead_rejected'));
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ source: 'lead-spool', kept_in: 'leads-spool.rejected.jsonl' });
    expectNoPersonalData(lines);
    expectNoPersonalData([JSON.stringify(events[0]!.details)]);

    // Only the second one's e-mail is sent now; the refused lead is never tried again.
    const mail = await smtp.waitFor();
    expect(mail.subject).toContain('Carla Depois');
    expect(await leads().replaySpool()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.messages).toHaveLength(1);
    expect(await t.db.select().from(contatos)).toHaveLength(2);
  });

  it('a replay left unfinished by a process that died is picked up again', async () => {
    const orphan = spooled(lead({ nome: 'Dora Orfa' }));
    writeFileSync(`${spoolPath(dataDir)}.4242-deadbeef.1700000000000.replaying`, `${JSON.stringify(orphan)}\n`);
    expect(hasSpool(dataDir)).toBe(true);
    expect(await leads().replaySpool()).toBe(1);
    expect((await t.db.select().from(contatos)).map((row) => row.nome)).toEqual(['Dora Orfa']);
    expect(hasSpool(dataDir)).toBe(false);
  });

  it('the honeypot stores and sends nothing', async () => {
    expect(await leads().create(lead({ website: 'http://spam.example' }), {})).toEqual({ status: 'ignored' });
    expect(await t.db.select().from(contatos)).toHaveLength(0);
  });

  describe('database unreachable', () => {
    let dead: DatabaseHandle;
    beforeEach(async () => {
      // A database that cannot be reached: a closed PGlite, or a PostgreSQL port nobody listens on.
      dead =
        engine === 'pglite'
          ? await openDatabase({})
          : await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nada', maxConnections: 1 });
      if (engine === 'pglite') await dead.close();
    });
    afterEach(async () => {
      if (isPostgres(engine)) await dead.close();
    });

    it('spools the lead, delivers it directly and says "Aviso"; replay saves it exactly once', async () => {
      const input = lead({ tipo: 'imobiliaria', empresa: 'Imobiliária Sol' });
      const result = await leads({ db: dead.db }).create(input, {});
      expect(result).toMatchObject({ status: 'spooled', kept: true, mailed: true });
      expect(existsSync(spoolPath(dataDir))).toBe(true);
      expect(readFileSync(spoolPath(dataDir), 'utf8')).toContain(input.submission_key!);
      const mail = await smtp.waitFor();
      expect(mail.text).toContain('Empresa: Imobiliária Sol');
      await hookA.waitFor();
      await hookB.waitFor();
      // The direct webhook calls are noted in the spool in the background.
      await until(async () => (readFileSync(spoolPath(dataDir), 'utf8').split('\n').length >= 5 ? true : undefined));

      expect(await leads().replaySpool()).toBe(1);
      expect(existsSync(spoolPath(dataDir))).toBe(false);
      const rows = await t.db.select().from(contatos);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ submissionKey: input.submission_key, empresa: 'Imobiliária Sol' });
      const sent = await t.db.select().from(deliveries);
      expect(sent).toHaveLength(3);
      expect(sent.every((d) => d.status === 'sent')).toBe(true);
      // The direct calls carried the delivery ids the rows now record.
      for (const hook of [hookA, hookB]) {
        expect(hook.requests[0]!.headers['x-pilota-delivery']).toBe(sent.find((d) => d.target === hook.url)!.id);
        expect(hook.requests[0]!.headers['x-pilota-lead']).toBe(rows[0]!.id);
      }

      // Replaying the same lead again (e.g. spooled twice) never makes a second row or re-sends.
      const again = await leads({ db: dead.db }).create(input, {});
      expect(again.status).toBe('spooled');
      await until(async () => (smtp.messages.length === 2 ? true : undefined));
      expect(await leads().replaySpool()).toBe(1);
      expect(await t.db.select().from(contatos)).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(smtp.messages).toHaveLength(2);
    });

    it('a direct call that failed is sent again from the queue after replay, with the same delivery id', async () => {
      hookA.script = [500];
      const result = await leads({ db: dead.db }).create(lead(), {});
      expect(result.status).toBe('spooled');
      await hookA.waitFor();
      await hookB.waitFor();
      // B's success is noted in the spool; A's 500 is not.
      await until(async () => (readFileSync(spoolPath(dataDir), 'utf8').split('\n').length >= 4 ? true : undefined));
      expect(await leads().replaySpool()).toBe(1);
      await hookA.waitFor((request) => request.reply === 200);
      expect(hookA.requests.map((r) => r.reply)).toEqual([500, 200]);
      const [direct, queued] = hookA.requests;
      expect(direct!.headers['x-pilota-delivery']).toMatch(/^[0-9a-f-]{36}$/);
      expect(queued!.headers['x-pilota-delivery']).toBe(direct!.headers['x-pilota-delivery']);
      const [row] = await t.db.select().from(deliveries).where(eq(deliveries.target, hookA.url));
      expect(row!.id).toBe(direct!.headers['x-pilota-delivery']);
      expect(hookB.requests).toHaveLength(1);
    });

    it('while the database stays unreachable, replay keeps every spooled lead for the next pass', async () => {
      const entries = [spooled(lead({ nome: 'Eva Espera' })), spooled(lead({ nome: 'Fabio Espera' }))];
      await appendToSpool(dataDir, entries);
      expect(await leads({ db: dead.db }).replaySpool()).toBe(0);
      const kept = readFileSync(spoolPath(dataDir), 'utf8');
      expect(kept).toContain('Eva Espera');
      expect(kept).toContain('Fabio Espera');
      expect(existsSync(rejectedSpoolPath(dataDir))).toBe(false);
      expect(await leads().replaySpool()).toBe(2);
      expect(await t.db.select().from(contatos)).toHaveLength(2);
    });

    it('when the direct e-mail fails too, the lead is still kept for the replay (the visitor sees "Aviso")', async () => {
      await smtp.stop();
      try {
        const result = await leads({ db: dead.db, config: { ...config, leadWebhookUrls: [] } }).create(lead(), {});
        expect(result).toMatchObject({ status: 'spooled', kept: true, mailed: false });
      } finally {
        await smtp.start();
      }
      expect(await leads({ config: { ...config, leadWebhookUrls: [] } }).replaySpool()).toBe(1);
      expect(await t.db.select().from(contatos)).toHaveLength(1);
      // Not sent directly, so the replay queued it: it goes out now.
      await smtp.waitFor();
    });

    /** Lead lines of the spool file, by client (the keyed hash of the address; 'unknown' without one). */
    const spooledLeads = () =>
      existsSync(spoolPath(dataDir))
        ? readFileSync(spoolPath(dataDir), 'utf8')
            .split('\n')
            .filter((line) => line.includes('"type":"lead"'))
            .map((line) => (JSON.parse(line) as { lead: { ipHash: string | null; nome: string } }).lead)
        : [];

    it('150 posts from one address: LEAD_RATE_LIMIT (10/60) still holds, one team e-mail and one call per receiver a minute; the replay delivers the rest', async () => {
      let now = new Date('2026-03-02T12:00:00Z');
      const service = leads({ db: dead.db, now: () => now });
      const results = [];
      for (let i = 0; i < 150; i++)
        results.push(await service.create(lead({ nome: `Inundação ${i}` }), { ip: '198.51.100.77' }));
      const kept = results.filter((result) => result.status === 'spooled');
      expect(kept).toHaveLength(10);
      expect(results.slice(0, 10)).toEqual(kept);
      expect(results.slice(10).every((result) => result.status === 'rate_limited')).toBe(true);
      expect(kept.map((result) => result.status === 'spooled' && [result.kept, result.mailed])).toEqual([
        [true, true],
        ...Array<[boolean, boolean]>(9).fill([true, false]),
      ]);
      expect(spooledLeads()).toHaveLength(10);

      // Only the minute's first lead went out directly; its e-mail says how many the spool holds.
      const mail = await smtp.waitFor();
      expect(mail.text).toContain('Inundação 0');
      expect(mail.text).toContain(leadEmail.heldNote(1));
      await hookA.waitFor();
      await hookB.waitFor();
      expect(smtp.messages).toHaveLength(1);
      expect(hookA.requests).toHaveLength(1);
      expect(hookB.requests).toHaveLength(1);

      // The next minute another address's lead goes out directly, counting all eleven.
      now = new Date('2026-03-02T12:01:00Z');
      expect(await service.create(lead({ nome: 'Outro Minuto' }), { ip: '198.51.100.78' })).toMatchObject({
        status: 'spooled',
        mailed: true,
      });
      expect(smtp.messages.at(-1)?.text).toContain(leadEmail.heldNote(11));
      expect(smtp.messages).toHaveLength(2);

      // Back up: every kept lead is saved once and what did not go out directly goes out now.
      expect(await leads().replaySpool()).toBe(11);
      expect(await t.db.select().from(contatos)).toHaveLength(11);
      await until(async () => (smtp.messages.length === 11 ? true : undefined), 20_000);
      await until(async () => (hookA.requests.length === 11 && hookB.requests.length === 11 ? true : undefined));
      const sent = await until(async () => {
        const rows = await t.db.select().from(deliveries);
        return rows.length === 33 && rows.every((row) => row.status === 'sent') ? rows : undefined;
      });
      expect(sent).toHaveLength(33);
    });

    it("the spool's caps: past its client's cap, then past the total, a lead is answered spool_full and nothing is kept or sent", async () => {
      // Room for one lead with a long message per client, not two.
      const longMessage = 'Quero conhecer a plataforma. '.repeat(68);
      const longLead = toLeadRecord(lead({ mensagem: longMessage }), {
        id: randomUUID(),
        now: new Date(),
        submissionKey: randomUUID(),
        ipHash: 'x'.repeat(32),
        userAgent: null,
      });
      const limits = {
        leads: 5,
        bytes: 1_000_000,
        clientLeads: 3,
        clientBytes: entryBytes({ type: 'lead', lead: longLead }) + 200,
      };
      const capped = (patch: Partial<LeadServiceDeps> = {}) =>
        leads({
          db: dead.db,
          // Every address here posts fewer times than LEAD_RATE_LIMIT: only the caps refuse.
          config: { ...config, leadWebhookUrls: [] },
          spool: fileSpool(dataDir, limits),
          ...patch,
        });
      const service = capped();
      const statuses = async (count: number, ip: string | undefined, patch: Partial<LeadInput> = {}) => {
        const answers: string[] = [];
        for (let i = 0; i < count; i++) answers.push((await service.create(lead(patch), { ip })).status);
        return answers;
      };
      // One client: three leads, then no more, whatever submission key it picks.
      expect(await statuses(5, '203.0.113.60')).toEqual(['spooled', 'spooled', 'spooled', 'spool_full', 'spool_full']);
      // A client's bytes count as well: one long message fits, a second does not.
      expect(await statuses(2, '203.0.113.61', { mensagem: longMessage })).toEqual(['spooled', 'spool_full']);
      // The whole spool: five leads, then nobody's.
      expect(await statuses(2, '203.0.113.62')).toEqual(['spooled', 'spool_full']);
      expect(await statuses(1, undefined)).toEqual(['spool_full']);
      expect(spooledLeads()).toHaveLength(5);
      // Only the first lead (of this minute) was sent directly.
      expect(smtp.messages).toHaveLength(1);

      // A new service (a restart) counts what the file holds, and the replay frees the room.
      expect(await capped().create(lead(), { ip: '203.0.113.63' })).toEqual({ status: 'spool_full' });
      expect(await leads({ config: { ...config, leadWebhookUrls: [] } }).replaySpool()).toBe(5);
      expect(await capped().create(lead(), { ip: '203.0.113.60' })).toMatchObject({ status: 'spooled', kept: true });
    });
  });
});
