/*
 * Proof of consent on every engine: each lead stores, in the same
 * transaction, the version of the LGPD notice its form showed, the SHA-256 of that
 * version's exact text, the time and the page — once per lead, whatever the retries.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentNotices } from '~/copy/consent-notices';
import type { LeadInput } from '~/lib/validation/lead';
import { implementationSchema } from '~/lib/validation/implementation';
import { contatos, formConsents, solicitacoesImplementacao } from '~/server/db/schema';
import { createImplementationRequest } from '~/server/implementation/implementation.service';
import { createLeadService, type LeadServiceDeps } from '~/server/leads/lead.service';
import { toLeadRecord } from '~/server/leads/lead-record';
import { appendToSpool } from '~/server/leads/spool';
import type { MailMessage } from '~/server/mail';
import { insertDeliveries, type DeliveryMeta } from '~/server/outbox/outbox';
import { engines, useTestDatabase } from '../support/db';
import { sharedDeps } from '../../scripts/support/service-deps';
import { quietLog } from '../support/log';
import { aLeadInput } from '../support/leads';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const leadNotice = consentNotices.lead;
const LEAD_TEXT_HASH = sha256(`${leadNotice.before}[${leadNotice.linkText}](${leadNotice.href})${leadNotice.after}`);
const implNotice = consentNotices.implementacao;
const IMPL_TEXT_HASH = sha256(`${implNotice.before}[${implNotice.linkText}](${implNotice.href})${implNotice.after}`);
const marketingNotice = consentNotices.marketing;
const MARKETING_TEXT_HASH = sha256(marketingNotice.before);

const lead = (patch: Partial<LeadInput> = {}): LeadInput =>
  aLeadInput({
    nome: 'Clara Prova',
    email: 'clara.prova@example.com',
    pagina_origem: 'http://localhost/planos?utm_source=google',
    consent_version: leadNotice.version,
    ...patch,
  });

describe.each(engines)('proof of consent on %s', (engine) => {
  const t = useTestDatabase(engine);
  const deps = (now?: () => Date): LeadServiceDeps => {
    const config = {
      dataDir: mkdtempSync(join(tmpdir(), 'pilota-consent-')),
      leadNotifyTo: 'comercial@pilota.example',
      leadWebhookUrls: [],
      webhookSecret: undefined,
      leadRateLimit: null,
      authSecret: 'segredo',
    };
    return {
      db: t.db,
      // The outbox's own insert: the deliveries are written, nobody sends them here.
      outbox: { enqueueDeliveries: (tx, items) => insertDeliveries(tx, items, new Date()) },
      sendMail: async () => ({ transport: 'log' }),
      config,
      log: quietLog,
      ...sharedDeps({ db: t.db, config, now }),
    };
  };

  it('a lead stores the notice version, the hash of its exact text, the time, the page and its marketing answer', async () => {
    const now = new Date('2026-11-20T13:45:00.000Z');
    const result = await createLeadService(deps(() => now)).create(
      lead({ marketing_version: marketingNotice.version, marketing_opt_in: true }),
      {},
    );
    expect(result).toMatchObject({ status: 'saved' });
    const [row] = await t.db.select().from(contatos);
    const consents = await t.db.select().from(formConsents);
    expect(consents).toEqual([
      {
        id: expect.any(String),
        subjectType: 'lead',
        subjectId: row!.id,
        version: leadNotice.version,
        textSha256: LEAD_TEXT_HASH,
        page: 'http://localhost/planos?utm_source=google',
        consentedAt: now,
        marketingVersion: marketingNotice.version,
        marketingTextSha256: MARKETING_TEXT_HASH,
        marketingConsent: true,
      },
    ]);
    expect(row!.consentVersion).toBe(leadNotice.version);
    expect(row).toMatchObject({ marketingVersion: marketingNotice.version, marketingConsent: true });
    expect(row!.consentAt).toEqual(now);
  });

  it('a double submit keeps one consent; a version never published is never recorded as the current one, nor a tick without a published box', async () => {
    const input = lead({ consent_version: 'inventada-v9', marketing_version: 'inventada-v9', marketing_opt_in: true });
    const leads = createLeadService(deps());
    await leads.create(input, {});
    await leads.create(input, {});
    await leads.create(lead({ consent_version: undefined, marketing_version: marketingNotice.version }), {});
    const consents = await t.db.select().from(formConsents);
    expect(consents).toHaveLength(2);
    for (const consent of consents) {
      expect(consent).toMatchObject({ version: 'nao-publicada', textSha256: '', marketingConsent: false });
    }
    expect(consents.map((consent) => consent.marketingVersion).sort()).toEqual([marketingNotice.version, null]);
    const rows = await t.db.select().from(contatos);
    expect(rows.map((row) => [row.consentVersion, row.marketingConsent])).toEqual([
      ['nao-publicada', false],
      ['nao-publicada', false],
    ]);
  });

  it('a lead saved from the spool (database was down) gets its consent too', async () => {
    const d = deps();
    const input = lead();
    const record = toLeadRecord(input, {
      id: randomUUID(),
      now: new Date('2026-11-21T09:00:00.000Z'),
      submissionKey: input.submission_key!,
      ipHash: null,
      userAgent: null,
    });
    await appendToSpool(d.config.dataDir, [{ type: 'lead', lead: record }]);
    expect(await createLeadService(d).replaySpool()).toBe(1);
    const [consent] = await t.db.select().from(formConsents).where(eq(formConsents.subjectId, record.id));
    expect(consent).toMatchObject({
      subjectType: 'lead',
      version: leadNotice.version,
      textSha256: LEAD_TEXT_HASH,
      consentedAt: record.consentAt,
    });
  });

  it('an implementation request stores its own notice version, text hash, time and page', async () => {
    const now = new Date('2026-11-20T14:00:00.000Z');
    const request = implementationSchema.parse({
      tipoDocumento: 'cpf',
      cpf: '529.982.247-25',
      nomeCompleto: 'Clara Prova',
      celular: '(11) 98765-4321',
      email: 'clara.prova@example.com',
      emailAcesso: 'clara.acesso@example.com',
      senha: 'segredo1',
    });
    const implDeps = {
      db: t.db,
      outbox: {
        enqueueMail: async (tx: Parameters<typeof insertDeliveries>[0], message: MailMessage, meta: DeliveryMeta) =>
          (await insertDeliveries(tx, [{ kind: 'email', message, meta }], now))[0]!,
      },
      config: { siteUrl: 'http://localhost:4321', leadNotifyTo: 'comercial@pilota.example' },
      ...sharedDeps({ db: t.db, config: {}, now: () => now }),
    };
    const { id } = await createImplementationRequest(
      { request, consent: { version: implNotice.version, page: 'http://localhost:4321/implementacao-sistema' } },
      {},
      implDeps,
    );
    // Without a version (a hand-made post): recorded as such, never as the notice the form shows now.
    const second = await createImplementationRequest({ request, consent: { page: '' } }, {}, implDeps);
    const consents = await t.db.select().from(formConsents);
    expect(consents).toHaveLength(2);
    expect(consents.find((row) => row.subjectId === id)).toEqual({
      id: expect.any(String),
      subjectType: 'implementacao',
      subjectId: id,
      version: implNotice.version,
      textSha256: IMPL_TEXT_HASH,
      page: 'http://localhost:4321/implementacao-sistema',
      consentedAt: now,
      marketingVersion: null,
      marketingTextSha256: null,
      marketingConsent: false,
    });
    expect(consents.find((row) => row.subjectId === second.id)).toMatchObject({
      version: 'nao-publicada',
      textSha256: '',
      page: '',
    });
    expect(await t.db.select().from(solicitacoesImplementacao)).toHaveLength(2);
  });
});
