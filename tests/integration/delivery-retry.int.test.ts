/*
 * "Reenviar" (src/server/delivery/delivery-retry.ts) on every engine: a
 * webhook whose receiver keeps failing really ends 'failed' through the delivery engine;
 * once the receiver works, a retry makes it go out again the normal way — same
 * X-Pilota-Delivery id, signed, one more attempt recorded — and the row is 'sent'. What is
 * not failed, unknown, erased by retention or not a lead's is refused; two retries at once
 * queue one job; "all" re-sends every failed one once; an explicit retry ends the target's
 * pause. Real HTTP receivers; only the retry delays are shortened.
 *
 * Then the same through the built server (src/actions/entregas.ts, /admin/entregas): its
 * embedded database is filled first by the real delivery path with the short policy (the
 * server's own gives up only after hours), then the team works the page by form posts, as a
 * browser without JavaScript would.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCopy, deliveryReasons, deliveryRetryMessages } from '~/messages/inbox/deliveries';
import { openDatabase, pgliteDirFor, type DatabaseHandle } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { contatos, deliveries, deliveryTargets } from '~/server/db/schema';
import type { DeliverySettings } from '~/server/delivery/settings';
import { retryDelivery, retryFailedDeliveries, type DeliveryRetryDeps } from '~/server/delivery/delivery-retry';
import { createMailer } from '~/server/mail';
import { ATTEMPT_HEADER, DELIVERY_HEADER, signBody, SIGNATURE_HEADER } from '~/server/webhooks';
import { adminCookie, teamCookie } from '../../scripts/support/blog-accounts';
import { allEngines, useTestDatabase } from '../support/db';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { ensureBuild } from '../support/ensure-build';
import { seeOther } from '../support/see-other';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { liveDeliveryJobs } from '../support/delivery-jobs';
import { until } from '../support/until';
import { quietLog } from '../support/log';
import { aLeadRow } from '../support/leads';

const SECRET = 'segredo-do-reenvio';
/** Two attempts, no waiting between them: a failing receiver makes a delivery 'failed' within a second. */
const FAST: DeliverySettings = {
  retryLimit: 1,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.2,
  expireInSeconds: 30,
};
const MISSING = '00000000-0000-4000-8000-000000000000';

const header = (request: { headers: Record<string, string | string[] | undefined> }, name: string) =>
  request.headers[name.toLowerCase()] as string | undefined;

describe.each(allEngines)('delivery retry on %s', (engine) => {
  const t = useTestDatabase(engine);
  let stack: DeliveryStack | undefined;
  const receivers: Receiver[] = [];

  afterEach(async () => {
    await stack?.stop(2_000);
    stack = undefined;
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });

  async function receiver(fallback: number) {
    const started = await startReceiver({ fallback });
    receivers.push(started);
    return started;
  }

  /** The delivery path with the short policy; `workers: false` dispatches but sends nothing. */
  async function start(workers = true) {
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ mailFrom: 'Pilota <nao-responda@pilota.example>' }),
      webhook: { secret: SECRET, timeoutMs: 2_000 },
      settings: FAST,
      log: quietLog,
      workers,
    });
    await stack.start();
    return stack;
  }

  const deps = (): DeliveryRetryDeps => ({ db: t.db, outbox: stack!.outbox, now: () => new Date() });

  async function newLead() {
    const [row] = await t.db
      .insert(contatos)
      .values(aLeadRow({ nome: 'Lia', email: 'lia@exemplo.com' }))
      .returning();
    return row!.id;
  }

  /** A lead's webhook to `url`, queued as the lead service queues it. */
  async function enqueueWebhook(url: string, leadId: string, subjectType = 'lead') {
    const [id] = await t.db.transaction((tx) =>
      stack!.outbox.enqueueDeliveries(tx, [
        { kind: 'webhook', url, body: { id: leadId, nome: 'Lia' }, meta: { subjectType, subjectId: leadId } },
      ]),
    );
    return id!;
  }

  const rowOf = async (id: string) => (await t.db.select().from(deliveries).where(eq(deliveries.id, id)))[0]!;
  const statusBecomes = (id: string, status: string) =>
    until(async () => ((await rowOf(id)).status === status ? true : undefined), 10_000);
  const liveJobs = (id: string) => liveDeliveryJobs(t, id);

  /** A webhook to `hook` that the engine gave up on: two attempts, both answered 500. */
  async function failedDelivery(hook: Receiver, leadId: string) {
    const id = await enqueueWebhook(hook.url, leadId);
    await statusBecomes(id, 'failed');
    return id;
  }

  it('re-sends a given-up webhook with the same id, signed, as one more attempt, and it ends sent', async () => {
    const hook = await receiver(500);
    await start();
    const leadId = await newLead();
    const id = await failedDelivery(hook, leadId);
    expect(hook.requests).toHaveLength(2);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'answered 500' });
    expect(await liveJobs(id)).toBe(0);

    hook.fallback = 200;
    expect(await retryDelivery(deps(), id)).toEqual({ status: 'retried' });
    const resent = await hook.waitFor((request) => request.reply === 200, 10_000);
    expect(header(resent, DELIVERY_HEADER)).toBe(id);
    expect(header(resent, DELIVERY_HEADER)).toBe(header(hook.requests[0]!, DELIVERY_HEADER));
    expect(header(resent, SIGNATURE_HEADER)).toBe(signBody(resent.body, SECRET));
    expect(header(resent, ATTEMPT_HEADER)).toBe('3');
    expect(resent.json).toEqual({ id: leadId, nome: 'Lia' });
    await statusBecomes(id, 'sent');
    const row = await rowOf(id);
    expect(row.attempts).toBe(3);
    expect(row.deliveredAt).not.toBeNull();
    expect(hook.requests).toHaveLength(3);
  });

  it('refuses what is not failed, does not exist, is not a lead’s, or lost its content to retention', async () => {
    const hook = await receiver(200);
    await start();
    const leadId = await newLead();
    const sent = await enqueueWebhook(hook.url, leadId);
    await statusBecomes(sent, 'sent');
    expect(await retryDelivery(deps(), sent)).toEqual({ status: 'not_failed', current: 'sent' });
    expect(await retryDelivery(deps(), MISSING)).toEqual({ status: 'not_found' });

    await stack!.stop(2_000);
    await start(false);
    const pending = await enqueueWebhook(hook.url, leadId);
    expect(await retryDelivery(deps(), pending)).toEqual({ status: 'not_failed', current: 'pending' });
    // An account e-mail or an LGPD notice is not the sales team's to see or re-send.
    const other = await enqueueWebhook(hook.url, leadId, 'auth-verification');
    await t.db.update(deliveries).set({ status: 'failed' }).where(eq(deliveries.id, other));
    expect(await retryDelivery(deps(), other)).toEqual({ status: 'not_found' });
    // Retention emptied the payload of an old given-up delivery: there is nothing to send.
    const pruned = await enqueueWebhook(hook.url, leadId);
    await t.db.update(deliveries).set({ status: 'failed', payload: {} }).where(eq(deliveries.id, pruned));
    expect(await retryDelivery(deps(), pruned)).toEqual({ status: 'pruned' });
    expect((await rowOf(pruned)).status).toBe('failed');
    expect(hook.requests).toHaveLength(1);
  });

  it('two retries at once: one re-sends, the other is told it is no longer failed; one job', async () => {
    const hook = await receiver(500);
    await start();
    const id = await failedDelivery(hook, await newLead());
    await stack!.stop(2_000);
    // Dispatching without sending, so the queued job can be counted.
    await start(false);
    const results = await Promise.all([retryDelivery(deps(), id), retryDelivery(deps(), id)]);
    expect(results.map((result) => result.status).sort()).toEqual(['not_failed', 'retried']);
    expect(results.find((result) => result.status === 'not_failed')).toEqual({
      status: 'not_failed',
      current: 'pending',
    });
    await stack!.outbox.dispatch();
    await until(async () => ((await rowOf(id)).dispatchedAt ? true : undefined));
    expect(await liveJobs(id)).toBe(1);
  });

  it('re-sends every failed delivery once, leaves the others, and ends the target’s pause', async () => {
    const hook = await receiver(500);
    await start();
    const leadId = await newLead();
    const failed = await Promise.all([1, 2, 3].map(() => enqueueWebhook(hook.url, leadId)));
    for (const id of failed) await statusBecomes(id, 'failed');
    await stack!.stop(2_000);
    await start(false);
    const pending = await enqueueWebhook(hook.url, leadId);
    const paused = new Date(Date.now() + 600_000);
    await t.db
      .insert(deliveryTargets)
      .values({ kind: 'webhook', target: hook.url, consecutiveFailures: 20, pauses: 1, pausedUntil: paused });

    const both = await Promise.all([retryFailedDeliveries(deps()), retryFailedDeliveries(deps())]);
    expect(both.map((result) => result.count).sort()).toEqual([0, 3]);
    for (const id of failed) expect((await rowOf(id)).status).toBe('pending');
    expect((await rowOf(pending)).status).toBe('pending');
    await stack!.outbox.dispatch();
    for (const id of [...failed, pending]) expect(await liveJobs(id)).toBe(1);
    const [target] = await t.db
      .select()
      .from(deliveryTargets)
      .where(and(eq(deliveryTargets.kind, 'webhook'), eq(deliveryTargets.target, hook.url)));
    // The pause is over; the breaker's count stays, so one probe decides.
    expect(target!.pausedUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(target!.pauses).toBe(1);
    expect(await retryFailedDeliveries(deps())).toEqual({ count: 0 });
  });
});

describe('the deliveries page and "Reenviar" on the built server', () => {
  /** Part of the webhook URL the page must never show: receivers put their tokens there. */
  const PATH_TOKEN = 'tk-3f9a7c-segredo';
  let hook: Receiver;
  let server: RunningServer;
  let smtp: CaptureSmtp;
  const ids = { first: '', racing: '', second: '', third: '', sent: '', lead: '' };
  const cookies = { admin: '', vendas: '', editor: '' };

  /** Seeds the server's embedded database through the real delivery path, with the short policy. */
  async function seed(dataDir: string): Promise<void> {
    const handle: DatabaseHandle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    try {
      await migrateDatabase(handle.db);
      const stack = deliveryStack(handle, {
        sendMail: createMailer({ mailFrom: 'Pilota <nao-responda@pilota.example>' }),
        webhook: { secret: SECRET, timeoutMs: 2_000 },
        settings: FAST,
        log: quietLog,
      });
      await stack.start();
      const [lead] = await handle.db
        .insert(contatos)
        .values({
          nome: 'Lia Entregas',
          email: 'lia.entregas@exemplo.com',
          celular: '(11) 90000-0001',
          tipo: 'proprietario',
          consentVersion: '1',
          consentAt: new Date(),
          submissionKey: crypto.randomUUID(),
        })
        .returning();
      ids.lead = lead!.id;
      const enqueue = async (url: string) => {
        const [id] = await handle.db.transaction((tx) =>
          stack.outbox.enqueueDeliveries(tx, [
            { kind: 'webhook', url, body: { id: ids.lead }, meta: { subjectType: 'lead', subjectId: ids.lead } },
          ]),
        );
        return id!;
      };
      const failing = `${hook.url}/${PATH_TOKEN}`;
      ids.first = await enqueue(failing);
      ids.racing = await enqueue(failing);
      ids.second = await enqueue(failing);
      ids.third = await enqueue(failing);
      await until(async () => {
        const rows = await handle.db.select({ status: deliveries.status }).from(deliveries);
        return rows.length === 4 && rows.every((row) => row.status === 'failed') ? true : undefined;
      }, 15_000);
      // One that worked: counted on the page, never listed.
      hook.script.push(200);
      ids.sent = await enqueue(`${hook.url}/outro`);
      await until(async () => {
        const [row] = await handle.db.select().from(deliveries).where(eq(deliveries.id, ids.sent));
        return row?.status === 'sent' ? true : undefined;
      }, 15_000);
      await stack.stop(2_000);
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    ensureBuild();
    hook = await startReceiver({ fallback: 500 });
    const dataDir = mkdtempSync(join(tmpdir(), 'pilota-entregas-'));
    await seed(dataDir);
    // The team's accounts confirm their address through the link mailed to this SMTP server.
    smtp = await startCaptureSmtp();
    server = await startBuiltServer({
      DATA_DIR: dataDir,
      WEBHOOK_SECRET: SECRET,
      LEAD_RATE_LIMIT: 'off',
      SMTP_URL: smtp.url,
    });
    cookies.admin = (await adminCookie(server.url, server.dataDir, smtp)).cookie;
    cookies.vendas = (await teamCookie(server.url, server.dataDir, 'vendas', smtp)).cookie;
    cookies.editor = (await teamCookie(server.url, server.dataDir, 'editor', smtp)).cookie;
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
    await hook?.close();
  });

  const page = async (cookie: string, query = '') => {
    const response = await fetch(`${server.url}/admin/entregas${query}`, {
      headers: { cookie, accept: 'text/html' },
      redirect: 'manual',
    });
    return { status: response.status, body: await response.text() };
  };
  /** A form post of `action` to the page, as the browser sends it without JavaScript. */
  const post = async (cookie: string, action: string, fields: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/admin/entregas?_action=${action}`, {
      method: 'POST',
      headers: {
        cookie,
        origin: server.url,
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    // Saved: 303 to the page, which shows the result once (the body is that page's).
    return { status: response.status, body: await (await seeOther(response, server.url, cookie)).text() };
  };
  const count = (body: string, key: string) =>
    new RegExp(`data-count="${key}"[^>]*>\\s*([\\d.]+)\\s*<`).exec(body)?.[1];
  const requestsFor = (id: string) => hook.requests.filter((request) => header(request, DELIVERY_HEADER) === id);

  it('shows the sales team the counts and the failed deliveries, a webhook by its host only', async () => {
    const { status, body } = await page(cookies.vendas);
    expect(status).toBe(200);
    expect(count(body, 'failed-webhook')).toBe('4');
    expect(count(body, 'failed-email')).toBe('0');
    expect(count(body, 'pending-total')).toBe('0');
    expect(body).not.toContain('data-count="sent');
    for (const id of [ids.first, ids.racing, ids.second, ids.third]) expect(body).toContain(`data-delivery-id="${id}"`);
    expect(body).not.toContain(`data-delivery-id="${ids.sent}"`);
    expect(body).toContain(`href="/admin/leads/${ids.lead}"`);
    expect(body).toContain('Lia Entregas');
    expect(body).toContain(new URL(hook.url).host);
    expect(body).not.toContain(PATH_TOKEN);
    expect(body).not.toContain(hook.url);
    // The receiver's 500, said plainly, with the transport's words beside it.
    expect(body).toContain(deliveryReasons.http.serverError(500));
    expect(body).toContain('answered 500');
    expect(body).toContain(deliveryCopy.retryAll);
    expect(body).toContain(deliveryCopy.showing('1–4', '4'));
    expect(body).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(body).toContain('href="/admin/entregas"');
  });

  it('an editor is refused the page and the actions; nothing is re-sent', async () => {
    expect((await page(cookies.editor)).status).toBe(403);
    expect((await post(cookies.editor, 'entregas.reenviar', { id: ids.first })).status).toBe(403);
    expect((await post(cookies.editor, 'entregas.reenviarFalhas')).status).toBe(403);
    expect(hook.requests.filter((request) => request.reply === 200)).toHaveLength(1);
  });

  it('a bad filter is answered 400 in pt-BR', async () => {
    const { status, body } = await page(cookies.vendas, '?situacao=enviada');
    expect(status).toBe(400);
    expect(body).toContain(deliveryCopy.badQuery);
  });

  it('"Reenviar" re-sends a failed webhook with its same id once the receiver works, and it ends sent', async () => {
    hook.fallback = 200;
    const { status, body } = await post(cookies.vendas, 'entregas.reenviar', { id: ids.first });
    expect(status).toBe(303);
    expect(body).toMatch(new RegExp(`role="status"[^>]*>\\s*${deliveryRetryMessages.reenviada}`));
    const resent = await hook.waitFor(
      (request) => header(request, DELIVERY_HEADER) === ids.first && request.reply === 200,
      15_000,
    );
    expect(header(resent, SIGNATURE_HEADER)).toBe(signBody(resent.body, SECRET));
    expect(header(resent, ATTEMPT_HEADER)).toBe('3');
    expect(resent.json).toEqual({ id: ids.lead });
    await until(async () => {
      const { body: now } = await page(cookies.vendas);
      return now.includes(`data-delivery-id="${ids.first}"`) ? undefined : now;
    }, 15_000);
    const { body: after } = await page(cookies.vendas);
    expect(count(after, 'failed-webhook')).toBe('3');
    expect(count(after, 'pending-total')).toBe('0');
  });

  it('re-sending what is not failed is a 409, an unknown id a 404, a malformed one a 400 — all in pt-BR', async () => {
    const again = await post(cookies.vendas, 'entregas.reenviar', { id: ids.first });
    expect(again.status).toBe(409);
    expect(again.body).toMatch(/role="alert"[^>]*>\s*Esta entrega não está com falha \(situação: “Enviada”\)/);
    const unknown = await post(cookies.vendas, 'entregas.reenviar', { id: MISSING });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain(deliveryRetryMessages.naoEncontrada);
    const malformed = await post(cookies.vendas, 'entregas.reenviar', { id: 'nao-e-um-id' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toContain(deliveryRetryMessages.idInvalido);
    expect(requestsFor(ids.first).filter((request) => request.reply === 200)).toHaveLength(1);
  });

  it('two people re-sending the same delivery at once: one succeeds, the other gets a 409; it goes out once', async () => {
    const both = await Promise.all([
      post(cookies.vendas, 'entregas.reenviar', { id: ids.racing }),
      post(cookies.admin, 'entregas.reenviar', { id: ids.racing }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([303, 409]);
    await hook.waitFor((request) => header(request, DELIVERY_HEADER) === ids.racing && request.reply === 200, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(requestsFor(ids.racing).filter((request) => request.reply === 200)).toHaveLength(1);
  });

  it('"Reenviar todas as falhas" re-sends the rest once; the page is then empty', async () => {
    const { status, body } = await post(cookies.admin, 'entregas.reenviarFalhas');
    expect(status).toBe(303);
    expect(body).toContain(deliveryRetryMessages.reenviadas(2, '2'));
    for (const id of [ids.second, ids.third]) {
      await hook.waitFor((request) => header(request, DELIVERY_HEADER) === id && request.reply === 200, 15_000);
    }
    const after = await until(async () => {
      const { body: now } = await page(cookies.vendas);
      const open = ['pending', 'retrying', 'failed'].map((status) => count(now, `${status}-total`));
      return open.every((n) => n === '0') ? now : undefined;
    }, 15_000);
    expect(after).toContain(deliveryCopy.empty);
    expect(after).not.toContain(deliveryCopy.retryAll);
    const none = await post(cookies.vendas, 'entregas.reenviarFalhas');
    expect(none.body).toContain(deliveryRetryMessages.reenviadas(0, '0'));
  });
});
