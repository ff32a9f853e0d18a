/*
 * "Reenviar" (issue 14 items 3 and 5; src/server/inbox/delivery-retry.ts) on every engine: a
 * webhook whose receiver keeps failing really ends 'failed' through the delivery engine;
 * once the receiver works, a retry makes it go out again the normal way — same
 * X-Pilota-Delivery id, signed, one more attempt recorded — and the row is 'sent'. What is
 * not failed, unknown, erased by retention or not a lead's is refused; two retries at once
 * queue one job; "all" re-sends every failed one once; an explicit retry ends the target's
 * pause. Real HTTP receivers; only the retry delays are shortened.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { contatos, deliveries, deliveryTargets } from '~/server/db/schema';
import type { DeliverySettings } from '~/server/delivery/settings';
import { retryDelivery, retryFailedDeliveries, type DeliveryRetryDeps } from '~/server/inbox/delivery-retry';
import { createMailer } from '~/server/mail';
import { ATTEMPT_HEADER, DELIVERY_HEADER, signBody, SIGNATURE_HEADER } from '~/server/webhooks';
import { allEngines, execute, useTestDatabase } from '../support/db';
import { deliveryStack, type DeliveryStack } from '../support/deliveries';
import { startReceiver, type Receiver } from '../support/receiver';
import { until } from '../support/until';

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
      log: () => {},
      workers,
    });
    await stack.start();
    return stack;
  }

  const deps = (): DeliveryRetryDeps => ({ db: t.db, outbox: stack!.outbox, now: () => new Date() });

  async function newLead() {
    const [row] = await t.db
      .insert(contatos)
      .values({
        nome: 'Lia',
        email: 'lia@exemplo.com',
        celular: '(11) 90000-0000',
        tipo: 'proprietario',
        consentVersion: '1',
        consentAt: new Date(),
        submissionKey: crypto.randomUUID(),
      })
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
  /** pg-boss jobs of a delivery that may still run (not failed, not completed). */
  const liveJobs = async (id: string) =>
    Number(
      (
        await execute(
          t.handle,
          `select count(*)::int as n from pgboss.job
            where data->>'deliveryId' = '${id}' and state not in ('failed', 'completed', 'cancelled')`,
        )
      ).rows[0]!['n'],
    );

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
