/*
 * The connectors (src/server/connectors) end to end against stand-ins of RD Station
 * Marketing, HubSpot Forms and Pipedrive (tests/stand-ins/crm.ts), on every engine: a saved
 * lead queues one delivery per configured connector in its own transaction and the delivery
 * engine sends each payload as the service documents it, legal bases included; the
 * services' documented errors are handled — 5xx and a timeout retried, 429 waited out
 * for its Retry-After, 400/422 failed for good at once with a pt-BR reason, a wrong key or
 * form (401/403, HubSpot's 404) at once with a hint naming the variable — and a secret a
 * service echoes never reaches the row or the logs. Pipedrive's person and lead are never
 * created twice, whatever answer an attempt lost.
 *
 * Then the deliveries page of the built server: each connector by name, its last error
 * masked, and "Reenviar" sending it again.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consentNotices } from '~/copy/consent-notices';
import { connectorErrorMessages, deliveryRetryMessages, rateLimitMessages } from '~/messages/inbox/deliveries';
import { consentNoticePlainText } from '~/lib/consent-notice';
import { safeDeliveryError } from '~/lib/delivery-display';
import type { LeadInput } from '~/lib/validation/lead';
import { parseConnectors, type ConnectorsConfig } from '~/server/connectors/config';
import { connectorDeliveries, zapLeadBody } from '~/server/connectors/payloads';
import { openDatabase, pgliteDirFor, type DbOrTx } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { contatos, deliveries, lgpdAudit, type Contato } from '~/server/db/schema';
import { retryDelivery } from '~/server/delivery/delivery-retry';
import type { DeliveryDeps } from '~/server/delivery/feature';
import type { DeliverySettings } from '~/server/delivery/settings';
import { createLeadService } from '~/server/leads/lead.service';
import { createLgpdService } from '~/server/lgpd/lgpd.service';
import { crmSteps } from '~/server/lgpd';
import { createMailer } from '~/server/mail';
import type { Outbox } from '~/server/outbox/outbox';
import { teamCookie } from '../../scripts/support/blog-accounts';
import { engines, useTestDatabase } from '../support/db';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { ensureBuild } from '../support/ensure-build';
import { seeOther } from '../support/see-other';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { sharedDeps } from '../../scripts/support/service-deps';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { liveDeliveryJobs } from '../support/delivery-jobs';
import { until } from '../support/until';
import { startHubSpot, startPipedrive, startRdStation } from '../stand-ins/crm';
import { serve } from '../stand-ins/serve';
import { startZapCrm } from '../stand-ins/zap-crm';
import { parseConfig } from '~/server/config';
import type { WebhookOptions } from '~/server/webhooks';
import { zapAuthorization } from '~/server/webhooks/zap';
import { alertMisconfigured } from '~/server/ops/config-alert';
import { opsAlertMessages } from '~/messages/ops-alerts';
import { logCapture, quietLog } from '../support/log';

const RD_KEY = 'rd-chave-secreta-1234567890';
const PD_TOKEN = 'pd-token-secreto-0987654321';
const HS_TOKEN = 'pat-na1-secreto-1122334455';
const PORTAL = '1234567';
const FORM = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const LABEL = '7f0d6b7e-2b8a-4c55-9d0e-3c1f2a4b5c6d';
const SITE = 'https://pilota.example';
const ADMIN = { id: 'admin-1', email: 'ana.admin@pilota.example' };
const NOTICE_TEXT = consentNoticePlainText(consentNotices.lead, SITE);
const MARKETING_TEXT = consentNoticePlainText(consentNotices.marketing, SITE);

/** Up to six attempts, no waiting between them, a target's pause of 1 s; a hung attempt is cut after 4 s (Pipedrive makes up to seven calls in one, on a busy machine too). */
const FAST: DeliverySettings = {
  retryLimit: 5,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.2,
  expireInSeconds: 30,
  breaker: { failures: 20, pauseSeconds: 1, maxPauseSeconds: 1 },
};

type StandIns = {
  rd: Awaited<ReturnType<typeof startRdStation>>;
  hs: Awaited<ReturnType<typeof startHubSpot>>;
  pd: Awaited<ReturnType<typeof startPipedrive>>;
};

async function startStandIns(
  hubSpotFields = ['firstname', 'lastname', 'email', 'mobilephone', 'company', 'pilota_tipo'],
) {
  const [rd, hs, pd] = await Promise.all([
    startRdStation({ apiKey: RD_KEY, customFields: ['cf_tipo', 'cf_pagina', 'cf_parceiro'] }),
    startHubSpot({ portalId: PORTAL, formGuid: FORM, fields: hubSpotFields, privateAppToken: HS_TOKEN }),
    startPipedrive({ apiToken: PD_TOKEN, labels: [LABEL] }),
  ]);
  return { rd, hs, pd };
}

/** The connectors exactly as the environment turns them on (what an operator sets). */
function connectorEnv({ rd, hs, pd }: StandIns): Record<string, string> {
  return {
    RDSTATION_API_KEY: RD_KEY,
    RDSTATION_BASE_URL: rd.url,
    RDSTATION_CUSTOM_FIELDS: 'tipo=cf_tipo,pagina=cf_pagina,parceiro=cf_parceiro',
    HUBSPOT_PORTAL_ID: PORTAL,
    HUBSPOT_FORM_GUID: FORM,
    HUBSPOT_BASE_URL: hs.url,
    HUBSPOT_FIELDS:
      'primeiro_nome=firstname,sobrenome=lastname,email=email,celular=mobilephone,empresa=company,tipo=pilota_tipo',
    HUBSPOT_SUBSCRIPTION_TYPE_ID: '999',
    PIPEDRIVE_API_TOKEN: PD_TOKEN,
    PIPEDRIVE_BASE_URL: pd.url,
    PIPEDRIVE_LABELS: `imobiliaria=${LABEL}`,
  };
}

function connectorsOf(env: Record<string, string>): ConnectorsConfig {
  const problems: string[] = [];
  const connectors = parseConnectors(env, problems);
  expect(problems).toEqual([]);
  return connectors;
}

const input = (patch: Partial<LeadInput> = {}): LeadInput => ({
  nome: 'Clara Conector',
  email: 'clara.conector@example.com',
  celular: '(11) 98765-4321',
  tipo: 'imobiliaria',
  empresa: 'Imob Lua',
  pagina_origem: 'http://localhost/gestao?utm_source=google',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'inverno',
  partner_slug: 'parceiro-sul',
  consent_version: consentNotices.lead.version,
  marketing_version: consentNotices.marketing.version,
  marketing_opt_in: true,
  submission_key: randomUUID(),
  ...patch,
});

/** A lead row written directly (one whose consent record is not the current notice's), with its connector deliveries. */
async function enqueueStoredLead(
  db: DbOrTx & { transaction: (run: (tx: DbOrTx) => Promise<string[]>) => Promise<string[]> },
  outbox: Pick<Outbox, 'enqueueDeliveries'>,
  connectors: ConnectorsConfig,
  patch: Partial<typeof contatos.$inferInsert> = {},
  assigneeEmail?: string,
): Promise<Contato> {
  const [lead] = await db
    .insert(contatos)
    .values({
      nome: 'Davi Sem Consentimento',
      email: 'davi@example.com',
      celular: '(21) 91234-5678',
      tipo: 'proprietario',
      paginaOrigem: '/',
      consentVersion: '2025-01-lead-v0',
      consentAt: new Date(),
      submissionKey: randomUUID(),
      ...patch,
    })
    .returning();
  await db.transaction((tx) =>
    outbox.enqueueDeliveries(
      tx,
      connectorDeliveries(lead!, connectors, SITE, assigneeEmail).map((item) => ({
        kind: item.kind,
        url: item.target,
        body: item.body,
        meta: { subjectType: 'lead', subjectId: lead!.id },
      })),
    ),
  );
  return lead!;
}

describe.each(engines)('connectors on %s', (engine) => {
  const t = useTestDatabase(engine);
  let stack: DeliveryStack | undefined;
  let standIns: StandIns;
  const logs: string[] = [];

  beforeEach(async () => {
    standIns = await startStandIns();
    logs.length = 0;
  });

  afterEach(async () => {
    await stack?.stop(2_000);
    stack = undefined;
    await Promise.all(Object.values(standIns).map((standIn) => standIn.close()));
  });

  async function start(
    connectors: ConnectorsConfig,
    settings = FAST,
    webhook?: WebhookOptions,
    extra: Pick<DeliveryDeps, 'onMisconfigured'> = {},
  ) {
    stack = deliveryStack(t.handle, {
      ...extra,
      sendMail: createMailer({ mailFrom: 'Pilota <nao-responda@pilota.example>' }),
      connectors,
      ...(webhook ? { webhook } : {}),
      connectorOptions: { timeoutMs: 4_000 },
      settings,
      log: logCapture('deliveries', logs).log,
    });
    await stack.start();
    return stack;
  }

  const rowsOf = (leadId: string) => t.db.select().from(deliveries).where(eq(deliveries.subjectId, leadId));
  const rowOf = async (leadId: string, kind: string) => (await rowsOf(leadId)).find((row) => row.kind === kind)!;
  const settled = (leadId: string, kind: string, status: string) =>
    until(async () => {
      const row = await rowOf(leadId, kind);
      return row?.status === status ? row : undefined;
    }, 20_000);
  const liveJobs = (id: string) => liveDeliveryJobs(t, id);

  it('a saved lead that ticked the marketing box goes to RD Station, HubSpot, Pipedrive and a ZAP-format webhook from its own transaction, field by field, with its consent', async () => {
    const connectors = connectorsOf(connectorEnv(standIns));
    const zap = await startZapCrm({ user: 'pilota', password: 'zap-senha-secreta' });
    const zapEnv = {
      LEAD_WEBHOOK_ZAP_URLS: `${zap.url}/grupozap/lead`,
      LEAD_WEBHOOK_ZAP_CLIENT_LISTING_ID: 'PIL-001',
      LEAD_WEBHOOK_ZAP_BASIC_AUTH: 'pilota:zap-senha-secreta',
    };
    const { leadWebhookZap, leadWebhookZapUrls } = parseConfig(zapEnv);
    const running = await start(connectors, FAST, {
      authorization: zapAuthorization(leadWebhookZapUrls, leadWebhookZap),
    });
    const config = {
      leadWebhookZapUrls,
      leadWebhookZap,
      dataDir: mkdtempSync(join(tmpdir(), 'pilota-connectors-')),
      leadNotifyTo: 'comercial@pilota.example',
      leadWebhookUrls: [],
      webhookSecret: undefined,
      leadRateLimit: null,
      authSecret: 'segredo',
      connectors,
      siteUrl: SITE,
    };
    const result = await createLeadService({
      db: t.db,
      outbox: running.outbox,
      sendMail: async () => ({ transport: 'log' }),
      config,
      log: quietLog,
      ...sharedDeps({ db: t.db, config }),
    }).create(input(), {});
    expect(result).toMatchObject({ status: 'saved', duplicate: false });
    const leadId = (result as { id: string }).id;
    expect((await rowsOf(leadId)).map((row) => row.kind).sort()).toEqual([
      'email',
      'hubspot',
      'pipedrive',
      'rdstation',
      'webhook',
    ]);
    for (const kind of ['rdstation', 'hubspot', 'pipedrive', 'webhook']) await settled(leadId, kind, 'sent');
    const [lead] = await t.db.select().from(contatos).where(eq(contatos.id, leadId));

    await zap.close();
    expect(zap.leads).toEqual([
      {
        leadOrigin: 'Zap',
        timestamp: lead!.createdAt.toISOString(),
        originLeadId: leadId,
        originListingId: 'pilota-gestao',
        clientListingId: 'PIL-001',
        name: 'Clara Conector',
        email: 'clara.conector@example.com',
        ddd: '11',
        phone: '987654321',
        phoneNumber: '11987654321',
        message: 'Tipo: Imobiliária | Empresa: Imob Lua | Página: http://localhost/gestao?utm_source=google',
      },
    ]);
    const zapRow = (await rowsOf(leadId)).find((row) => row.kind === 'webhook')!;
    expect(JSON.stringify(zapRow)).not.toContain('zap-senha-secreta');

    const [conversion] = standIns.rd.requests;
    expect(conversion!.query.get('api_key')).toBe(RD_KEY);
    expect(conversion!.json).toEqual({
      event_type: 'CONVERSION',
      event_family: 'CDP',
      payload: {
        conversion_identifier: 'site-pilota-gestao',
        name: 'Clara Conector',
        email: 'clara.conector@example.com',
        mobile_phone: '+5511987654321',
        company_name: 'Imob Lua',
        traffic_source: 'google',
        traffic_medium: 'cpc',
        traffic_campaign: 'inverno',
        cf_tipo: 'imobiliaria',
        cf_pagina: 'http://localhost/gestao?utm_source=google',
        cf_parceiro: 'parceiro-sul',
        legal_bases: [{ category: 'communications', type: 'consent', status: 'granted' }],
      },
    });
    expect(standIns.rd.conversions).toHaveLength(1);

    expect(standIns.hs.submissions).toEqual([
      {
        submittedAt: String(lead!.createdAt.getTime()),
        fields: [
          { objectTypeId: '0-1', name: 'firstname', value: 'Clara' },
          { objectTypeId: '0-1', name: 'lastname', value: 'Conector' },
          { objectTypeId: '0-1', name: 'email', value: 'clara.conector@example.com' },
          { objectTypeId: '0-1', name: 'mobilephone', value: '+5511987654321' },
          { objectTypeId: '0-1', name: 'company', value: 'Imob Lua' },
          { objectTypeId: '0-1', name: 'pilota_tipo', value: 'imobiliaria' },
        ],
        context: { pageUri: 'http://localhost/gestao?utm_source=google', pageName: 'Pilota — /gestao' },
        legalConsentOptions: {
          consent: {
            consentToProcess: true,
            text: NOTICE_TEXT,
            communications: [{ value: true, subscriptionTypeId: 999, text: MARKETING_TEXT }],
          },
        },
      },
    ]);

    expect(standIns.pd.persons.map((person) => person.body)).toEqual([
      {
        name: 'Clara Conector',
        emails: [{ value: 'clara.conector@example.com', primary: true, label: 'work' }],
        phones: [{ value: '+5511987654321', primary: true, label: 'mobile' }],
        org_id: 1,
      },
    ]);
    // The lead's company is its organization, found by exact name or created (API v2).
    expect(standIns.pd.organizations).toEqual([{ id: 1, name: 'Imob Lua', body: { name: 'Imob Lua' } }]);
    expect(standIns.pd.leads).toEqual([
      {
        id: expect.any(String),
        title: 'Clara Conector — Imobiliária (Imob Lua)',
        label_ids: [LABEL],
        origin_id: `pilota-${leadId}`,
        channel_id: 'google / cpc / inverno',
        person_id: 1,
        organization_id: 1,
        origin: 'API',
        is_archived: false,
      },
    ]);
    // Persons on API v2 (the v1 endpoints are out of support); leads on v1, archived ones included.
    expect(standIns.pd.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/v2/organizations/search',
      'POST /api/v2/organizations',
      'GET /api/v2/persons/search',
      'POST /api/v2/persons',
      'GET /api/v2/persons/search',
      'GET /v1/leads',
      'POST /v1/leads',
    ]);
    expect(standIns.pd.requests[5]!.query.get('archived_status')).toBe('all');
    // The token goes in a header, never in a URL a proxy or a log could keep.
    for (const request of standIns.pd.requests) {
      expect(request.headers['x-api-token']).toBe(PD_TOKEN);
      expect(request.query.has('api_token')).toBe(false);
    }
    for (const row of await rowsOf(leadId)) {
      expect(row.target).not.toContain(RD_KEY);
      expect(JSON.stringify(row.payload)).not.toContain(RD_KEY);
      expect(JSON.stringify(row.payload)).not.toContain(PD_TOKEN);
    }
  });

  it('a lead without the marketing box ticked, under a notice never published: no consent of any kind claimed', async () => {
    const connectors = connectorsOf(connectorEnv(standIns));
    const running = await start(connectors);
    const lead = await enqueueStoredLead(t.db, running.outbox, connectors);
    await settled(lead.id, 'rdstation', 'sent');
    await settled(lead.id, 'hubspot', 'sent');
    const payload = standIns.rd.conversions[0]!;
    expect(payload).not.toHaveProperty('legal_bases');
    expect(payload).toMatchObject({ conversion_identifier: 'site-pilota-inicio', mobile_phone: '+5521912345678' });
    expect(payload).not.toHaveProperty('company_name');
    expect(payload).not.toHaveProperty('traffic_source');
    expect(standIns.hs.submissions[0]).not.toHaveProperty('legalConsentOptions');
  });

  it('RD Station: 5xx, a timeout and 429 (waited out) are retried until it goes out once; the key never reaches a log', async () => {
    const connectors = connectorsOf(connectorEnv(standIns));
    const { rd } = standIns;
    rd.faults.push({ fault: 500 }, { fault: 'hang' }, { fault: { status: 429, retryAfter: '1' } });
    const running = await start({ rdstation: connectors.rdstation });
    const lead = await enqueueStoredLead(t.db, running.outbox, { rdstation: connectors.rdstation });
    const row = await settled(lead.id, 'rdstation', 'sent');
    expect(rd.requests.map((request) => request.status)).toEqual([500, 'hang', 429, 200]);
    expect(rd.conversions).toHaveLength(1);
    // The 429 was waited out, not spent: three attempts for four calls.
    expect(row.attempts).toBe(3);
    expect(logs.some((line) => line.includes('asked to wait 1 s'))).toBe(true);
    expect(logs.some((line) => line.includes('timed out'))).toBe(true);
    expect(logs.join('\n')).not.toContain(RD_KEY);
  });

  it('a 429 from each connector and a webhook, twice, is waited out as the vendor asks without spending an attempt', async () => {
    const connectors = connectorsOf(connectorEnv(standIns));
    const hook = await serve(() => ({ status: 200 }));
    const twice = (retryAfter: string) => [
      { fault: { status: 429, retryAfter } },
      { fault: { status: 429, retryAfter } },
    ];
    for (const standIn of [standIns.rd, standIns.hs, standIns.pd, hook]) standIn.faults.push(...twice('1'));
    const running = await start(connectors);
    const lead = await enqueueStoredLead(t.db, running.outbox, connectors);
    await t.db.transaction((tx) =>
      running.outbox.enqueueWebhook(
        tx,
        `${hook.url}/leads`,
        { id: lead.id },
        { subjectType: 'lead', subjectId: lead.id },
      ),
    );
    try {
      for (const kind of ['rdstation', 'hubspot', 'pipedrive', 'webhook']) {
        const row = await settled(lead.id, kind, 'sent');
        expect(row.attempts, kind).toBe(1);
        // The wait's pt-BR note stays as the last thing that went wrong.
        expect(row.lastError, kind).toBe(rateLimitMessages.waiting(1));
      }
      for (const standIn of [standIns.rd, standIns.hs, standIns.pd, hook]) {
        expect(standIn.requests.slice(0, 3).map((request) => request.status)).toEqual([429, 429, expect.any(Number)]);
      }
      // Pipedrive names its wait in x-ratelimit-reset, not Retry-After.
      expect(logs.some((line) => line.includes('pipedrive') && line.includes('waits 1 s'))).toBe(true);
      expect(standIns.rd.conversions).toHaveLength(1);
      expect(standIns.pd.persons).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it('past the daily ceiling of waits a 429 counts as a failed attempt, with a pt-BR reason', async () => {
    const connectors = connectorsOf(connectorEnv(standIns));
    standIns.rd.faults.push({ fault: { status: 429, retryAfter: '1' } }, { fault: { status: 429, retryAfter: '1' } });
    const running = await start({ rdstation: connectors.rdstation }, { ...FAST, rateLimitWaitsPerDay: 1 });
    const lead = await enqueueStoredLead(t.db, running.outbox, { rdstation: connectors.rdstation });
    const row = await settled(lead.id, 'rdstation', 'sent');
    expect(standIns.rd.requests.map((request) => request.status)).toEqual([429, 429, 200]);
    // The first 429 waited; the second, past the ceiling of one a day, spent an attempt.
    expect(row.attempts).toBe(2);
    expect(row.lastError).toBe(rateLimitMessages.ceiling(1));
  });

  it('a wrong key (401 from RD Station and Pipedrive) or an unknown HubSpot form (404) fails for good at once, with a pt-BR hint naming the variable', async () => {
    const connectors = connectorsOf(connectorEnv(standIns));
    standIns.rd.account.apiKey = 'outra-chave';
    standIns.pd.faults.push({ fault: 401 });
    standIns.hs.faults.push({ fault: 404 });
    const running = await start(connectors);
    const lead = await enqueueStoredLead(t.db, running.outbox, connectors);
    const expected = {
      rdstation: connectorErrorMessages.misconfigured('RD Station', 401, 'RDSTATION_API_KEY'),
      pipedrive: connectorErrorMessages.misconfigured('Pipedrive', 401, 'PIPEDRIVE_API_TOKEN'),
      hubspot: connectorErrorMessages.misconfigured('HubSpot', 404, 'HUBSPOT_PORTAL_ID e HUBSPOT_FORM_GUID'),
    } as const;
    for (const [kind, message] of Object.entries(expected) as [keyof typeof expected, string][]) {
      const row = await settled(lead.id, kind, 'failed');
      expect(row.attempts, kind).toBe(1);
      expect(row.lastError, kind).toBe(message);
      expect(await liveJobs(row.id), kind).toBe(0);
    }
    // The RD Station answer quoted the URL with the key; the row keeps only the hint.
    expect(logs.join('\n')).not.toContain('outra-chave');
    expect(logs.join('\n')).not.toContain(RD_KEY);
  });

  it('a refused configuration alerts the team once by e-mail, with the variable to fix, however many leads fail', async () => {
    const smtp = await startCaptureSmtp();
    try {
      const connectors = connectorsOf({ ...connectorEnv(standIns), PIPEDRIVE_API_TOKEN: 'token-errado-123' });
      const alertDeps = {
        db: t.db,
        sendMail: createMailer({ smtpUrl: smtp.url, mailFrom: 'Pilota <nao-responda@pilota.example>' }, quietLog),
        config: { leadNotifyTo: 'time@pilota.example', alertBacklogMs: 15 * 60_000, alertRepeatMs: 60 * 60_000 },
        log: quietLog,
      };
      const running = await start({ pipedrive: connectors.pipedrive }, FAST, undefined, {
        onMisconfigured: async (failure) => void (await alertMisconfigured(alertDeps, failure)),
      });
      const leads = [
        await enqueueStoredLead(t.db, running.outbox, { pipedrive: connectors.pipedrive }),
        await enqueueStoredLead(
          t.db,
          running.outbox,
          { pipedrive: connectors.pipedrive },
          { email: 'eva@example.com' },
        ),
      ];
      // The engine awaits the alert before it records the failure: both failed means both alerts were decided.
      for (const lead of leads) await settled(lead.id, 'pipedrive', 'failed');
      const alerts = smtp.messages.filter((mail) => mail.envelopeTo.includes('time@pilota.example'));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.subject).toBe(opsAlertMessages.misconfiguredSubject('Pipedrive'));
      expect(alerts[0]!.text).toContain(connectorErrorMessages.misconfigured('Pipedrive', 401, 'PIPEDRIVE_API_TOKEN'));
      expect(`${alerts[0]!.subject} ${alerts[0]!.text}`).not.toContain('token-errado-123');
      expect(alerts[0]!.text).not.toContain('davi@example.com');
    } finally {
      await smtp.stop();
    }
  });

  it('a ZAP-format CRM refuses a lead without Basic credentials (401) or without clientListingId (400): each fails at once in pt-BR; with both it is received', async () => {
    const zap = await startZapCrm({ user: 'pilota', password: 'zap-senha-secreta' });
    const [withoutAuth, withAuth] = [`${zap.url}/sem-credenciais`, `${zap.url}/crm`];
    const zapConfig = { clientListingId: 'PIL-001', leadOrigin: 'Zap' as const, basicAuth: 'pilota:zap-senha-secreta' };
    try {
      const running = await start({}, FAST, {
        zapUrls: [withoutAuth, withAuth],
        authorization: zapAuthorization([withAuth], zapConfig),
      });
      const lead = await enqueueStoredLead(t.db, running.outbox, {});
      const body = zapLeadBody(lead, zapConfig);
      const { clientListingId: _dropped, ...withoutListing } = body;
      const meta = { subjectType: 'lead', subjectId: lead.id };
      const ids = await t.db.transaction((tx) =>
        running.outbox.enqueueDeliveries(tx, [
          { kind: 'webhook', url: withoutAuth, body, meta },
          { kind: 'webhook', url: withAuth, body: withoutListing, meta },
          { kind: 'webhook', url: withAuth, body, meta },
        ]),
      );
      const byId = (id: string) =>
        until(async () => {
          const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, id));
          return row && (row.status === 'failed' || row.status === 'sent') ? row : undefined;
        }, 20_000);
      const [unauthorized, unlisted, received] = [await byId(ids[0]!), await byId(ids[1]!), await byId(ids[2]!)];
      expect(unauthorized).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: connectorErrorMessages.misconfigured(
          connectorErrorMessages.zapService,
          401,
          'LEAD_WEBHOOK_ZAP_BASIC_AUTH',
        ),
      });
      expect(unlisted).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: connectorErrorMessages.rejected(
          connectorErrorMessages.zapService,
          connectorErrorMessages.zapContract(400),
        ),
      });
      expect(received).toMatchObject({ status: 'sent', attempts: 1 });
      expect(zap.requests.map((request) => request.status).sort()).toEqual([200, 400, 401]);
      expect(zap.leads).toEqual([body]);
      expect(await liveJobs(ids[0]!)).toBe(0);
    } finally {
      await zap.close();
    }
  });

  it('Pipedrive with a deal stage and an owner map: organization, person and deal (API v2) owned by the assignee’s Pipedrive user, no lead', async () => {
    await standIns.pd.close();
    const pd = await startPipedrive({ apiToken: PD_TOKEN, labels: [LABEL], users: [1, 101], pipelines: { 3: [12] } });
    standIns = { ...standIns, pd };
    const connectors = connectorsOf({
      PIPEDRIVE_API_TOKEN: PD_TOKEN,
      PIPEDRIVE_BASE_URL: pd.url,
      PIPEDRIVE_OWNERS: 'vera.vendas@pilota.example=101',
      PIPEDRIVE_DEAL_PIPELINE_ID: '3',
      PIPEDRIVE_DEAL_STAGE_ID: '12',
    });
    const running = await start(connectors);
    const lead = await enqueueStoredLead(
      t.db,
      running.outbox,
      connectors,
      { empresa: 'Imob Sol' },
      'Vera.Vendas@pilota.example',
    );
    await settled(lead.id, 'pipedrive', 'sent');
    expect(pd.organizations).toEqual([{ id: 1, name: 'Imob Sol', body: { name: 'Imob Sol', owner_id: 101 } }]);
    expect(pd.persons.map((person) => person.body)).toEqual([expect.objectContaining({ org_id: 1, owner_id: 101 })]);
    expect(pd.deals).toEqual([
      expect.objectContaining({
        title: 'Davi Sem Consentimento — Proprietário (Imob Sol)',
        origin_id: `pilota-${lead.id}`,
        pipeline_id: 3,
        stage_id: 12,
        owner_id: 101,
        person_id: 1,
        org_id: 1,
      }),
    ]);
    expect(pd.leads).toEqual([]);
    // Only v2 paths: the retired v1 persons, organizations and deals answer 410.
    expect(pd.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/v2/organizations/search',
      'POST /api/v2/organizations',
      'GET /api/v2/persons/search',
      'POST /api/v2/persons',
      'GET /api/v2/persons/search',
      'GET /api/v2/deals',
      'POST /api/v2/deals',
    ]);
  });

  it('RD Station and HubSpot: a 422/400 validation error fails for good at once, with the reason in pt-BR', async () => {
    await Promise.all([standIns.rd.close(), standIns.hs.close()]);
    standIns = {
      ...standIns,
      ...(await startStandIns(['firstname', 'lastname', 'email', 'mobilephone', 'company'])),
    };
    const env = { ...connectorEnv(standIns), RDSTATION_CUSTOM_FIELDS: 'tipo=cf_segmento' };
    const connectors = connectorsOf(env);
    const running = await start({ rdstation: connectors.rdstation, hubspot: connectors.hubspot });
    const lead = await enqueueStoredLead(t.db, running.outbox, connectors);
    const hubspot = await settled(lead.id, 'hubspot', 'failed');
    const rdstation = await settled(lead.id, 'rdstation', 'failed');
    expect(hubspot.attempts).toBe(1);
    expect(hubspot.lastError).toBe(
      connectorErrorMessages.rejected('HubSpot', connectorErrorMessages.fieldNotInForm('pilota_tipo')),
    );
    expect(rdstation.attempts).toBe(1);
    expect(rdstation.lastError).toBe(
      connectorErrorMessages.rejected('RD Station', 'INVALID_FIELDS: Unknown fields: cf_segmento'),
    );
    expect(standIns.hs.requests).toHaveLength(1);
    expect(standIns.rd.requests).toHaveLength(1);
    expect(await liveJobs(hubspot.id)).toBe(0);
    expect(await liveJobs(rdstation.id)).toBe(0);
  });

  it('Pipedrive: answers lost after the person and after the lead were stored never create either twice', async () => {
    const connectors = connectorsOf(connectorEnv(standIns));
    const { pd } = standIns;
    pd.faults.push(
      { fault: 500 },
      { method: 'POST', path: '/api/v2/persons', fault: 'store-then-500' },
      { method: 'POST', path: '/v1/leads', fault: 'store-then-500' },
    );
    const running = await start({ pipedrive: connectors.pipedrive });
    const first = await enqueueStoredLead(t.db, running.outbox, { pipedrive: connectors.pipedrive });
    const row = await settled(first.id, 'pipedrive', 'sent');
    expect(row.attempts).toBe(4);
    expect(pd.persons).toHaveLength(1);
    expect(pd.leads).toHaveLength(1);
    expect(pd.leads[0]).toMatchObject({
      person_id: 1,
      origin_id: `pilota-${first.id}`,
      title: 'Davi Sem Consentimento — Proprietário',
    });

    // The same person again: found by e-mail, a second lead for them.
    const second = await enqueueStoredLead(
      t.db,
      running.outbox,
      { pipedrive: connectors.pipedrive },
      { nome: 'Davi S.' },
    );
    await settled(second.id, 'pipedrive', 'sent');
    expect(pd.persons).toHaveLength(1);
    expect(pd.leads.map((lead) => lead['origin_id'])).toEqual([`pilota-${first.id}`, `pilota-${second.id}`]);
  });

  it('Pipedrive: two leads with one new e-mail in flight together make one person; a lead archived in Pipedrive is not made again', async () => {
    const connectors = connectorsOf(connectorEnv(standIns));
    const { pd } = standIns;
    // The first person's creation is slow: without a guard the second delivery's search overtakes it.
    // The first lead's answer is lost after Pipedrive stored it, and with no retry left its delivery fails.
    pd.faults.push(
      { method: 'POST', path: '/api/v2/persons', fault: { delayMs: 300 } },
      { method: 'POST', path: '/v1/leads', fault: 'store-then-500' },
    );
    const running = await start({ pipedrive: connectors.pipedrive }, { ...FAST, retryLimit: 0 });
    const only = { pipedrive: connectors.pipedrive };
    const [first, second] = await Promise.all([
      enqueueStoredLead(t.db, running.outbox, only, { email: 'nova@example.com' }),
      enqueueStoredLead(t.db, running.outbox, only, { email: 'Nova@Example.com', nome: 'Nova Dois' }),
    ]);
    const failed = await until(async () => {
      const rows = [await rowOf(first.id, 'pipedrive'), await rowOf(second.id, 'pipedrive')];
      return rows.every((row) => row && row.status !== 'pending' && row.status !== 'retrying') ? rows : undefined;
    }, 20_000);
    expect(failed.map((row) => row.status).sort()).toEqual(['failed', 'sent']);
    expect(pd.persons).toHaveLength(1);
    expect(pd.leads.map((lead) => lead['person_id'])).toEqual([pd.persons[0]!.id, pd.persons[0]!.id]);

    // Sales archives the lead whose answer was lost; "Reenviar" finds it among the archived ones.
    const lost = failed.find((row) => row.status === 'failed')!;
    pd.archive(pd.leads.find((lead) => lead['origin_id'] === `pilota-${lost.subjectId}`)!['id']);
    const reenviar = { db: t.db, outbox: running.outbox, now: () => new Date() };
    expect(await retryDelivery(reenviar, lost.id)).toEqual({ status: 'retried' });
    await settled(lost.subjectId!, 'pipedrive', 'sent');
    expect(pd.leads).toHaveLength(2);
    expect(pd.persons).toHaveLength(1);
  });

  it('erasing the person in Pilota deletes them in Pipedrive and HubSpot and lists RD Station as a manual step, recorded when done', async () => {
    const env = {
      ...connectorEnv(standIns),
      HUBSPOT_PRIVATE_APP_TOKEN: HS_TOKEN,
      HUBSPOT_API_BASE_URL: standIns.hs.url,
    };
    const connectors = connectorsOf(env);
    const running = await start(connectors);
    const lead = await enqueueStoredLead(t.db, running.outbox, connectors, { email: 'apagar@example.com' });
    await settled(lead.id, 'pipedrive', 'sent');
    await settled(lead.id, 'hubspot', 'sent');
    // Someone else's records stay.
    const other = await enqueueStoredLead(t.db, running.outbox, connectors, { email: 'fica@example.com' });
    await settled(other.id, 'pipedrive', 'sent');
    await settled(other.id, 'hubspot', 'sent');
    const { pd, hs } = standIns;
    pd.archive(pd.leads.find((item) => item['origin_id'] === `pilota-${lead.id}`)!['id']);

    const lgpd = createLgpdService({ db: t.db, now: () => new Date(), config: { connectors } });
    const { crm, crmSteps: owed } = await lgpd.eraseSubject(
      { kind: 'email', value: 'apagar@example.com' },
      'delete',
      ADMIN,
    );
    expect(crm).toEqual({
      pipedrive: { status: 'deleted', records: 2 },
      hubspot: { status: 'deleted', records: 1 },
      rdstation: { status: 'manual' },
    });
    expect(pd.persons.map((person) => person.emails)).toEqual([['fica@example.com']]);
    expect(pd.leads.map((item) => item['origin_id'])).toEqual([`pilota-${other.id}`]);
    expect(hs.submissions.map((item) => (item['fields'] as { name: string; value: string }[])[2]!.value)).toEqual([
      'fica@example.com',
    ]);
    const gdpr = hs.requests.find((request) => request.path === '/crm/v3/objects/contacts/gdpr-delete')!;
    expect(gdpr.headers['authorization']).toBe(`Bearer ${HS_TOKEN}`);
    expect(gdpr.json).toEqual({ objectId: 'apagar@example.com', idProperty: 'email' });

    // RD Station is owed by hand, in the anonymous audit trail; the admin's "done" is recorded once, with who and when.
    expect(owed.map((step) => [step.tool, step.done])).toEqual([['rdstation', undefined]]);
    const trail = async () => crmSteps((await lgpd.findSubject({ kind: 'email', value: 'apagar@example.com' })).audit);
    expect((await trail()).map((step) => [step.auditId, step.tool, step.done])).toEqual([
      [owed[0]!.auditId, 'rdstation', undefined],
    ]);
    expect(await lgpd.markCrmStepDone(owed[0]!.auditId, 'hubspot', ADMIN)).toBe(false);
    expect(await lgpd.markCrmStepDone(randomUUID(), 'rdstation', ADMIN)).toBe(false);
    expect(await lgpd.markCrmStepDone(owed[0]!.auditId, 'rdstation', ADMIN)).toBe(true);
    expect(await lgpd.markCrmStepDone(owed[0]!.auditId, 'rdstation', ADMIN)).toBe(true);
    const [rd] = await trail();
    expect(rd!.done).toEqual({ at: expect.any(Date), by: ADMIN.email });
    const [manual] = await t.db.select().from(lgpdAudit).where(eq(lgpdAudit.id, owed[0]!.auditId));
    const doneRows = await t.db.select().from(lgpdAudit).where(eq(lgpdAudit.action, 'crm_done'));
    expect(doneRows.map((row) => [row.counts, row.actorEmail, row.subjectHash])).toEqual([
      [{ rdstation: 1 }, ADMIN.email, manual!.subjectHash],
    ]);
    expect(JSON.stringify(doneRows)).not.toContain('apagar@example.com');

    // Without the HubSpot token, HubSpot is a manual step too; nothing left in Pipedrive is "none".
    const again = createLgpdService({
      db: t.db,
      now: () => new Date(),
      config: { connectors: { ...connectors, hubspot: { ...connectors.hubspot!, privateAppToken: undefined } } },
    });
    expect((await again.eraseSubject({ kind: 'email', value: 'apagar@example.com' }, 'delete', ADMIN)).crm).toEqual({
      pipedrive: { status: 'none' },
      hubspot: { status: 'manual' },
      rdstation: { status: 'manual' },
    });
  });

  it('Pipedrive: an unknown label is a permanent failure; the person it found or made stays single', async () => {
    const env = { ...connectorEnv(standIns), PIPEDRIVE_LABELS: `proprietario=${randomUUID()}` };
    const connectors = connectorsOf(env);
    const running = await start({ pipedrive: connectors.pipedrive });
    const lead = await enqueueStoredLead(t.db, running.outbox, connectors);
    const row = await settled(lead.id, 'pipedrive', 'failed');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(
      /^Pipedrive recusou os dados: Validation failed: label_ids: label [0-9a-f-]+ does not exist/,
    );
    expect(standIns.pd.persons).toHaveLength(1);
    expect(standIns.pd.leads).toHaveLength(0);
  });
});

describe('the deliveries page with connectors (built server)', () => {
  let server: RunningServer;
  let smtp: CaptureSmtp;
  let standIns: StandIns;
  let cookie: string;
  const ids = { lead: '', rd: '', hubspot: '' };

  beforeAll(async () => {
    ensureBuild();
    standIns = await startStandIns(['firstname', 'lastname', 'email', 'mobilephone', 'company']);
    const env = connectorEnv(standIns);
    const connectors = connectorsOf(env);
    const dataDir = mkdtempSync(join(tmpdir(), 'pilota-connectors-page-'));
    // Filled by the real delivery path: RD Station refuses the key, HubSpot the field.
    standIns.rd.account.apiKey = 'outra-chave';
    const handle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    try {
      await migrateDatabase(handle.db);
      const stack = deliveryStack(handle, {
        sendMail: createMailer({ mailFrom: 'Pilota <nao-responda@pilota.example>' }),
        connectors: { rdstation: connectors.rdstation, hubspot: connectors.hubspot },
        settings: { ...FAST, retryLimit: 1 },
        log: quietLog,
      });
      await stack.start();
      const lead = await enqueueStoredLead(
        handle.db,
        stack.outbox,
        {
          rdstation: connectors.rdstation,
          hubspot: connectors.hubspot,
        },
        { nome: 'Lia Conectores' },
      );
      ids.lead = lead.id;
      const failed = await until(async () => {
        const rows = await handle.db.select().from(deliveries);
        return rows.length === 2 && rows.every((row) => row.status === 'failed') ? rows : undefined;
      }, 20_000);
      ids.rd = failed.find((row) => row.kind === 'rdstation')!.id;
      ids.hubspot = failed.find((row) => row.kind === 'hubspot')!.id;
      await stack.stop(2_000);
    } finally {
      await handle.close();
    }
    smtp = await startCaptureSmtp();
    server = await startBuiltServer({ DATA_DIR: dataDir, LEAD_RATE_LIMIT: 'off', SMTP_URL: smtp.url, ...env });
    cookie = (await teamCookie(server.url, server.dataDir, 'vendas', smtp)).cookie;
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await Promise.all(Object.values(standIns ?? {}).map((standIn) => standIn.close()));
  });

  const page = async () => {
    const response = await fetch(`${server.url}/admin/entregas`, { headers: { cookie, accept: 'text/html' } });
    return { status: response.status, body: await response.text() };
  };
  const rowHtml = (body: string, id: string) =>
    new RegExp(`<tr data-delivery-id="${id}"[\\s\\S]*?</tr>`).exec(body)?.[0] ?? '';

  it('names each connector, shows its last error masked, and "Reenviar" sends it again', async () => {
    const { status, body } = await page();
    expect(status).toBe(200);
    expect(body).not.toContain(RD_KEY);
    expect(body).toMatch(/data-count="failed-rdstation"[^>]*>\s*1\s*</);
    expect(body).toMatch(/data-count="failed-hubspot"[^>]*>\s*1\s*</);
    expect(body).toMatch(/data-count="failed-total"[^>]*>\s*2\s*</);

    const rd = rowHtml(body, ids.rd);
    expect(rd).toContain('RD Station');
    expect(rd).toContain(new URL(standIns.rd.url).host);
    expect(rd).toContain('RDSTATION_API_KEY');
    expect(rd).toContain('aria-label="Reenviar RD Station de Lia Conectores"');
    expect(rd).toContain('Lia Conectores');
    const hubspot = rowHtml(body, ids.hubspot);
    expect(hubspot).toContain('HubSpot');
    expect(hubspot).toContain(
      safeDeliveryError(
        connectorErrorMessages.rejected('HubSpot', connectorErrorMessages.fieldNotInForm('pilota_tipo')),
      ),
    );

    // The key is right now: the team re-sends the RD Station conversion from the page.
    standIns.rd.account.apiKey = RD_KEY;
    const response = await fetch(`${server.url}/admin/entregas?_action=entregas.reenviar`, {
      method: 'POST',
      headers: {
        cookie,
        origin: server.url,
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ id: ids.rd }).toString(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(await (await seeOther(response, server.url, cookie)).text()).toContain(deliveryRetryMessages.reenviada);
    const sent = await standIns.rd.waitFor((request) => request.status === 200, 15_000);
    expect(sent.query.get('api_key')).toBe(RD_KEY);
    expect((sent.json as { payload: { name: string } }).payload.name).toBe('Lia Conectores');
    const after = await until(async () => {
      const now = await page();
      return now.body.includes(`data-delivery-id="${ids.rd}"`) ? undefined : now.body;
    }, 15_000);
    expect(after).toContain(`data-delivery-id="${ids.hubspot}"`);
  });
});
