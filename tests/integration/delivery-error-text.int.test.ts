/*
 * What a failing delivery leaves behind, in the log and in the database: never a webhook
 * URL's password, never a lead's e-mail however a service encoded it when it echoed the
 * request (src/lib/error-text.ts, applied where every attempt is recorded,
 * src/server/delivery/attempt.ts). And a webhook URL with credentials is refused when the
 * server starts, naming the variable without repeating the secret (src/server/config.ts).
 * Real receivers (a webhook one that is never reached, a Pipedrive stand-in that echoes
 * what failed) and the built server; on PGlite and PostgreSQL. And what the team reads of a
 * real failure on the built server's pages: a plain pt-BR reason, the code small beside it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveryReasons } from '~/messages/inbox/deliveries';
import { openDatabase, pgliteDirFor } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { contatos, deliveries, deliveryTargets } from '~/server/db/schema';
import type { DeliverySettings } from '~/server/delivery/settings';
import { createMailer } from '~/server/mail';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { teamCookie } from '../../scripts/support/blog-accounts';
import { freePort, startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { startPipedrive, type StandIn } from '../stand-ins/crm';
import { engines, useTestDatabase, type TestDatabase } from '../support/db';
import { ensureBuild } from '../support/ensure-build';
import { aLeadRow } from '../support/leads';
import { logCapture, quietLog } from '../support/log';
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
        ? {
            connectors: {
              pipedrive: {
                apiToken: 'pd-token',
                baseUrl: pipedriveUrl,
                labels: {},
                channel: undefined,
                owners: {},
                deal: undefined,
              },
            },
          }
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

describe('a webhook whose receiver refuses the connection, on the pages (built server)', () => {
  let server: RunningServer;
  let smtp: CaptureSmtp;
  let cookie: string;
  const ids = { lead: '', delivery: '' };

  beforeAll(async () => {
    ensureBuild();
    const dataDir = mkdtempSync(join(tmpdir(), 'pilota-delivery-reason-'));
    // Filled by the real delivery path: nothing listens on the port, so the socket says ECONNREFUSED.
    const refusing = `http://127.0.0.1:${await freePort()}/hook`;
    const handle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    try {
      await migrateDatabase(handle.db);
      const stack = deliveryStack(handle, {
        sendMail: createMailer({ mailFrom: 'Pilota <nao-responda@pilota.example>' }),
        settings: SETTINGS,
        log: quietLog,
      });
      await stack.start();
      const [lead] = await handle.db
        .insert(contatos)
        .values(aLeadRow({ nome: 'Rui Recusado' }))
        .returning();
      ids.lead = lead!.id;
      const [id] = await handle.db.transaction((tx) =>
        stack.outbox.enqueueDeliveries(tx, [
          {
            kind: 'webhook',
            url: refusing,
            body: { id: ids.lead },
            meta: { subjectType: 'lead', subjectId: ids.lead },
          },
        ]),
      );
      ids.delivery = id!;
      const failed = await until(async () => {
        const [row] = await handle.db.select().from(deliveries).where(eq(deliveries.id, ids.delivery));
        return row?.status === 'failed' ? row : undefined;
      });
      expect(failed.lastError).toBe('failed: ECONNREFUSED');
      await stack.stop(2_000);
    } finally {
      await handle.close();
    }
    smtp = await startCaptureSmtp();
    server = await startBuiltServer({ DATA_DIR: dataDir, LEAD_RATE_LIMIT: 'off', SMTP_URL: smtp.url });
    cookie = (await teamCookie(server.url, server.dataDir, 'vendas', smtp)).cookie;
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  const html = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie, accept: 'text/html' } });
    expect(response.status).toBe(200);
    return response.text();
  };
  /** The last-error cell's text, tags dropped. */
  const errorCell = (body: string, row: string) => {
    const cell = new RegExp(`<tr ${row}[\\s\\S]*?<td[^>]*data-delivery-error[^>]*>([\\s\\S]*?)</td>`).exec(body)?.[1];
    return cell
      ?.replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  };

  it('the deliveries page and the lead’s page say the receiver refused the connection, with the code beside it', async () => {
    const reason = deliveryReasons.refused;
    const deliveriesPage = errorCell(await html('/admin/entregas'), `data-delivery-id="${ids.delivery}"`);
    expect(deliveriesPage).toBe(`Último erro: ${reason} (ECONNREFUSED)`);
    const leadPage = errorCell(await html(`/admin/leads/${ids.lead}`), `data-delivery="${ids.delivery}"`);
    expect(leadPage).toBe(`${reason} (ECONNREFUSED)`);
  });
});
