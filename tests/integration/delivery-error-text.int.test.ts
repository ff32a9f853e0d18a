/*
 * What a failing delivery leaves behind, in the log and in the database: never a webhook
 * URL's password, never a lead's e-mail however a service encoded it when it echoed the
 * request (src/lib/error-text.ts, applied where every attempt is recorded,
 * src/server/delivery/attempt.ts). And a webhook URL with credentials is refused when the
 * server starts, naming the variable without repeating the secret (src/server/config.ts).
 * Real receivers (a webhook one that is never reached, a Pipedrive stand-in that echoes
 * what failed) and the built server; on PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryTargets } from '~/server/db/schema';
import type { DeliverySettings } from '~/server/delivery/settings';
import { createMailer } from '~/server/mail';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { startBuiltServer } from '../../scripts/support/server';
import { startPipedrive, type StandIn } from '../stand-ins/crm';
import { engines, useTestDatabase, type TestDatabase } from '../support/db';
import { ensureBuild } from '../support/ensure-build';
import { logCapture } from '../support/log';
import { until } from '../support/until';

const PASSWORD = 's3nh4-Do-Receptor';
const LEAD_EMAIL = 'lia.souza+crm@exemplo.com.br';
/** One retry, at once; a target is paused (and its last error written down) after one failure. */
const SETTINGS: DeliverySettings = {
  retryLimit: 1,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.5,
  expireInSeconds: 30,
  breaker: { failures: 1, pauseSeconds: 1, maxPauseSeconds: 1 },
};

describe.each(engines)('a failing delivery’s traces on %s', (engine) => {
  const t: TestDatabase = useTestDatabase(engine);
  let stack: DeliveryStack | undefined;
  const closing: (Receiver | StandIn)[] = [];

  afterEach(async () => {
    await stack?.stop(2_000);
    stack = undefined;
    await Promise.all(closing.splice(0).map((server) => server.close()));
  });

  function start(log: ReturnType<typeof logCapture>['log'], pipedriveUrl?: string) {
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ mailFrom: 'Pilota <nao-responda@pilota.example>' }),
      webhook: { timeoutMs: 1_500 },
      ...(pipedriveUrl
        ? { connectors: { pipedrive: { apiToken: 'pd-token', baseUrl: pipedriveUrl, labels: {}, channel: undefined, owners: {}, deal: undefined } } }
        : {}),
      settings: SETTINGS,
      log,
    });
    return stack;
  }

  async function failedRow(id: string) {
    return until(async () => {
      const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, id));
      return row?.status === 'failed' ? row : undefined;
    });
  }

  it('a webhook URL with a password (queued before the start-time rule) fails without the password anywhere', async () => {
    const hook = await startReceiver();
    closing.push(hook);
    const url = hook.url.replace('http://', `http://zap:${PASSWORD}@`);
    const { log, lines } = logCapture('deliveries');
    const q = start(log);
    await q.start();
    const [id] = await t.db.transaction((tx) =>
      q.outbox.enqueueDeliveries(tx, [
        { kind: 'webhook', url, body: { id: 'lead-1' }, meta: { subjectType: 'lead', subjectId: 'lead-1' } },
      ]),
    );
    const row = await failedRow(id!);
    expect(row.attempts).toBe(2);
    expect(row.lastError).toContain('credentials');
    expect(row.lastError).toContain(`[${new URL(hook.url).host}]`);
    const [target] = await until(async () => {
      const found = await t.db.select().from(deliveryTargets);
      return found.length > 0 ? found : undefined;
    });
    const failureLines = lines.filter((line) => /attempt \d failed|paused/.test(line));
    expect(failureLines.length).toBeGreaterThanOrEqual(2);
    for (const text of [row.lastError, target!.lastError, ...lines]) {
      expect({ text, leaks: text?.includes(PASSWORD) }).toEqual({ text, leaks: false });
    }
    expect(hook.requests).toHaveLength(0);
  });

  it("a CRM's answer that echoes the lead's e-mail, URL-encoded, is stored and logged masked", async () => {
    const pipedrive = await startPipedrive({ apiToken: 'pd-token', labels: [] });
    closing.push(pipedrive);
    pipedrive.faults.push(
      { path: '/api/v2/persons/search', fault: { status: 502, echo: true } },
      { path: '/api/v2/persons/search', fault: { status: 502, echo: true } },
    );
    const { log, lines } = logCapture('deliveries');
    const q = start(log, pipedrive.url);
    await q.start();
    const body = { email: LEAD_EMAIL, person: { name: 'Lia Souza' }, lead: { title: 'Lia', origin_id: 'pilota-1' } };
    const [id] = await t.db.transaction((tx) =>
      q.outbox.enqueueDeliveries(tx, [
        { kind: 'pipedrive', url: `${pipedrive.url}/v1`, body, meta: { subjectType: 'lead', subjectId: 'lead-1' } },
      ]),
    );
    const row = await failedRow(id!);
    // The stand-in did echo it: the request it quoted carried the address percent-encoded.
    expect(pipedrive.requests[0]!.query.get('term')).toBe(LEAD_EMAIL);
    expect(row.lastError).toMatch(/^answered 502: .*upstream failed: GET .*\[e-mail\]/);
    for (const text of [row.lastError, ...lines]) {
      expect({ text, leaks: /lia|souza|exemplo/i.test(text ?? '') }).toEqual({ text, leaks: false });
    }
  });
});

describe('a webhook URL with credentials in the environment', () => {
  beforeAll(() => ensureBuild(), 600_000);

  it.each(['LEAD_WEBHOOK_ZAP_URLS', 'LEAD_WEBHOOK_URLS'])(
    'stops the server at start when %s has one, naming the variable but not the password',
    async (name) => {
      const refused = startBuiltServer({
        [name]: `https://hooks.example/ok,http://zap:${PASSWORD}@127.0.0.1:9/hook`,
        LEAD_WEBHOOK_ZAP_CLIENT_LISTING_ID: 'PIL-1',
      });
      const error = (await refused.then(
        () => new Error('the server started'),
        (reason: unknown) => reason,
      )) as Error;
      expect(error.message).toMatch(/server exited early \(1\)/);
      expect(error.message).toContain(`${name}: URL 2 of 2 (127.0.0.1:9) carries a user name or password`);
      expect(error.message).not.toContain(PASSWORD);
    },
    // The first start of a fresh build also prepares the embedded database the others copy.
    120_000,
  );
});
