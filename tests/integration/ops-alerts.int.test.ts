/*
 * Alerts to the team (src/server/ops/alerts.ts) and /metrics (src/server/ops/metrics.ts),
 * on every engine: deliveries really fail for good through the queue (a receiver answering
 * 500, an SMTP server that is down), the alert goes to a real SMTP server, once per period
 * however many checks run — two instances at once included — and carries ids, targets and
 * error classes, never the lead's data, the recipient or the receiver's token.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '~/server/db/schema';
import type { DeliverySettings } from '~/server/delivery/settings';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { createLogger } from '~/server/log/logger';
import { createMailer } from '~/server/mail';
import { checkDeliveryAlerts, type AlertDeps } from '~/server/ops/alerts';
import { metricsResponse } from '~/server/ops/metrics';
import { engines, useTestDatabase, type TestDatabase } from '../support/db';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { until } from '../support/until';
import { quietLog } from '../support/log';

const TEAM = 'time@pilota.example';
const MINUTE = 60_000;
/** One retry, at once: a delivery is given up within a second. */
const GIVE_UP_FAST: DeliverySettings = {
  retryLimit: 1,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.2,
  expireInSeconds: 30,
};
/** What a lead carries: none of it may reach an alert or the log. */
const PERSON = {
  nome: 'Ana Alerta Sigilosa',
  email: 'ana.alerta@exemplo.com',
  celular: '(11) 97654-3210',
  cpf: '529.982.247-25',
};
const TOKEN_PATH = '/hooks/token-secreto-123';

describe.each(engines)('alerts and metrics on %s', (engine) => {
  const t: TestDatabase = useTestDatabase(engine);
  let smtp: CaptureSmtp;
  let hook: Receiver;
  let stack: DeliveryStack | undefined;
  const logged: string[] = [];

  beforeAll(async () => {
    smtp = await startCaptureSmtp();
    hook = await startReceiver({ fallback: 500 });
  });
  afterEach(async () => {
    await stack?.stop(2_000);
    stack = undefined;
    smtp.messages.length = 0;
    logged.length = 0;
  });
  afterAll(async () => {
    await Promise.all([smtp.stop(), hook.close()]);
  });

  function alertDeps(now: Date, overrides: Partial<AlertDeps['config']> = {}): AlertDeps {
    return {
      db: t.db,
      sendMail: createMailer({ smtpUrl: smtp.url, mailFrom: 'Pilota <nao-responda@pilota.example>' }, quietLog),
      config: { leadNotifyTo: TEAM, alertBacklogMs: 15 * MINUTE, alertRepeatMs: 60 * MINUTE, ...overrides },
      now: () => now,
      log: createLogger({ destination: { write: (line: string) => void logged.push(line) } }),
    };
  }

  const alertsTo = () => smtp.messages.filter((mail) => mail.envelopeTo.includes(TEAM));

  /** A lead's webhook (to a receiver answering 500) and its e-mail to a person (SMTP down), both given up. */
  async function failForGood(): Promise<{ leadId: string; ids: string[] }> {
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'Pilota <x@pilota.example>' }, quietLog),
      webhook: { timeoutMs: 1_000 },
      settings: GIVE_UP_FAST,
      log: quietLog,
    });
    await stack.start();
    const leadId = randomUUID();
    const meta = { subjectType: 'lead', subjectId: leadId };
    const q = stack.outbox;
    const ids = await t.db.transaction((tx) =>
      q.enqueueDeliveries(tx, [
        { kind: 'webhook', url: `${hook.url}${TOKEN_PATH}`, body: { id: leadId, ...PERSON }, meta },
        { kind: 'email', message: { to: PERSON.email, subject: `Olá ${PERSON.nome}`, text: PERSON.cpf }, meta },
      ]),
    );
    await until(async () => {
      const rows = await t.db.select({ status: deliveries.status }).from(deliveries).where(inArray(deliveries.id, ids));
      return rows.every((row) => row.status === 'failed') ? true : undefined;
    });
    await stack.stop(2_000);
    stack = undefined;
    return { leadId, ids };
  }

  function expectNothingPersonal(text: string) {
    for (const value of [...Object.values(PERSON), '97654', '52998224725', TOKEN_PATH, 'token-secreto']) {
      expect(text).not.toContain(value);
    }
  }

  it('a delivery that failed for good is mailed to the team once per period, named by ids, without personal data', async () => {
    const { leadId, ids } = await failForGood();
    const now = new Date();
    const sent = await checkDeliveryAlerts(alertDeps(now));
    expect(sent.map((alert) => alert.kind)).toEqual(['delivery-failed']);
    const [mail] = await until(async () => (alertsTo().length > 0 ? alertsTo() : undefined));
    expect(mail!.subject).toBe('[Pilota] Alerta: 2 entregas falharam definitivamente');
    for (const id of ids) expect(mail!.text).toContain(id);
    expect(mail!.text).toContain(`lead ${leadId}`);
    expect(mail!.text).toContain(`webhook ${new URL(hook.url).origin} #`);
    expect(mail!.text).toContain('o destino respondeu HTTP 500 (erro no servidor dele)');
    expect(mail!.text).toContain('answered 500');
    expect(mail!.text).toMatch(/: e-mail, lead /);
    expectNothingPersonal(`${mail!.subject}\n${mail!.text}`);
    expect(logged.join('\n')).toContain('"alert":"delivery-failed"');
    expectNothingPersonal(logged.join('\n'));

    // Checks within the period send nothing, whatever failed meanwhile.
    await failForGood();
    expect(await checkDeliveryAlerts(alertDeps(new Date(now.getTime() + 5 * MINUTE)))).toEqual([]);

    // After it, two instances checking at the same moment send one alert: the failures since the last one.
    const later = new Date(Date.now() + 61 * MINUTE);
    const results = await Promise.all([checkDeliveryAlerts(alertDeps(later)), checkDeliveryAlerts(alertDeps(later))]);
    expect(results.flat().map((alert) => alert.count)).toEqual([2]);
    await until(async () => (alertsTo().length === 2 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alertsTo()).toHaveLength(2);
    for (const id of ids) expect(alertsTo()[1]!.text).not.toContain(id);
  });

  it('a backlog older than the threshold is mailed once per period, counted per target', async () => {
    const leadId = randomUUID();
    const old = new Date(Date.now() - 20 * MINUTE);
    await t.db.insert(deliveries).values([
      {
        id: randomUUID(),
        kind: 'webhook',
        target: `${hook.url}${TOKEN_PATH}`,
        subjectType: 'lead',
        subjectId: leadId,
        payload: { id: leadId, ...PERSON },
        createdAt: old,
      },
      {
        id: randomUUID(),
        kind: 'email',
        target: PERSON.email,
        subjectType: 'lead',
        subjectId: leadId,
        payload: { to: PERSON.email, subject: PERSON.nome, text: '' },
        createdAt: old,
        status: 'retrying',
        attempts: 3,
      },
    ]);
    const now = new Date();
    expect(await checkDeliveryAlerts(alertDeps(now, { alertBacklogMs: 30 * MINUTE }))).toEqual([]);
    const [alert] = await checkDeliveryAlerts(alertDeps(now));
    expect(alert).toMatchObject({
      kind: 'delivery-backlog',
      count: 2,
      subject: '[Pilota] Alerta: entregas paradas há 20 min',
    });
    const [mail] = await until(async () => (alertsTo().length > 0 ? alertsTo() : undefined));
    expect(mail!.text).toContain(`webhook ${new URL(hook.url).origin} #`);
    expect(mail!.text).toContain('- e-mail: 1');
    expectNothingPersonal(`${mail!.subject}\n${mail!.text}`);
    expect(await checkDeliveryAlerts(alertDeps(new Date(now.getTime() + 30 * MINUTE)))).toEqual([]);
    expect(await checkDeliveryAlerts(alertDeps(new Date(now.getTime() + 61 * MINUTE)))).toHaveLength(1);
  });

  it('/metrics: 404 without a token configured, 401 without or with a wrong bearer, counts from the database', async () => {
    expect((await metricsResponse(t.db, undefined, 'Bearer x')).status).toBe(404);
    for (const authorization of [null, 'Bearer wrong', 'Basic c2VjcmV0', 'Bearer secret-metrics-token-x']) {
      const refused = await metricsResponse(t.db, 'secret-metrics-token', authorization);
      expect(refused.status, String(authorization)).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    }
    await failForGood();
    const response = await metricsResponse(t.db, 'secret-metrics-token', 'Bearer secret-metrics-token');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('# TYPE pilota_deliveries gauge');
    expect(text).toContain('pilota_deliveries{kind="webhook",state="failed"} 1');
    expect(text).toContain('pilota_deliveries{kind="email",state="failed"} 1');
    expect(text).toContain('pilota_deliveries{kind="email",state="sent"} 0');
    expect(text).toContain('pilota_delivery_retries_total{kind="webhook"} 1');
    expect(text).toContain('pilota_delivery_oldest_pending_age_seconds 0');
    expect(text).toMatch(/^pilota_leads_accepted_total 0$/m);
    expect(text).toMatch(/^pilota_implementation_requests_total 0$/m);
    // Every sample line is `name{labels} number`.
    for (const line of text
      .trim()
      .split('\n')
      .filter((row) => !row.startsWith('#'))) {
      expect(line).toMatch(/^[a-z_]+(\{[a-z]+="[a-z]+"(,[a-z]+="[a-z]+")*\})? \d+(\.\d+)?$/);
    }
  });
});
