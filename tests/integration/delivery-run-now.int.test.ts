/*
 * "Tentar agora" (src/server/delivery/run-now.ts) on every engine: a lead's webhook whose
 * receiver failed waits an hour for its next attempt; asked, the engine attempts it at once
 * through the same job — same X-Pilota-Delivery id, one more attempt — and the real HTTP
 * receiver gets it. A delivery with no retry scheduled is refused with what it is.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { contatos, deliveries } from '~/server/db/schema';
import type { DeliverySettings } from '~/server/delivery/settings';
import { runDeliveryNow, type RunNowDeps } from '~/server/delivery/run-now';
import { createMailer } from '~/server/mail';
import { ATTEMPT_HEADER, DELIVERY_HEADER } from '~/server/webhooks';
import { allEngines, useTestDatabase } from '../support/db';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { until } from '../support/until';
import { quietLog } from '../support/log';
import { aLeadRow } from '../support/leads';

/** A failed attempt waits an hour for the next: only "Tentar agora" can bring it sooner. */
const SLOW_RETRY: DeliverySettings = {
  retryLimit: 3,
  retryDelaySeconds: 3_600,
  retryBackoff: false,
  pollingIntervalSeconds: 0.2,
  expireInSeconds: 30,
};

const header = (request: { headers: Record<string, string | string[] | undefined> }, name: string) =>
  request.headers[name.toLowerCase()] as string | undefined;

describe.each(allEngines)('"Tentar agora" on %s', (engine) => {
  const t = useTestDatabase(engine);
  let stack: DeliveryStack | undefined;
  let hook: Receiver | undefined;

  afterEach(async () => {
    await stack?.stop(2_000);
    stack = undefined;
    await hook?.close();
  });

  const deps = (): RunNowDeps => ({
    db: t.db,
    boss: stack!.queue.boss,
    wake: (kind) => stack!.delivery.wake(kind),
    now: () => new Date(),
  });
  const rowOf = async (id: string) => (await t.db.select().from(deliveries).where(eq(deliveries.id, id)))[0]!;
  const statusBecomes = (id: string, status: string) =>
    until(async () => ((await rowOf(id)).status === status ? true : undefined), 10_000);

  it('attempts a webhook waiting for its scheduled retry now, and the receiver gets it', async () => {
    hook = await startReceiver({ fallback: 500 });
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ mailFrom: 'Pilota <nao-responda@pilota.example>' }),
      webhook: { secret: 'segredo', timeoutMs: 2_000 },
      settings: SLOW_RETRY,
      log: quietLog,
    });
    await stack.start();
    const [lead] = await t.db
      .insert(contatos)
      .values(aLeadRow({ nome: 'Lia', email: 'lia@exemplo.com' }))
      .returning();
    const [id] = await t.db.transaction((tx) =>
      stack!.outbox.enqueueDeliveries(tx, [
        { kind: 'webhook', url: hook!.url, body: { id: lead!.id }, meta: { subjectType: 'lead', subjectId: lead!.id } },
      ]),
    );
    await statusBecomes(id!, 'retrying');
    expect(hook.requests).toHaveLength(1);

    hook.fallback = 200;
    expect(await runDeliveryNow(deps(), id!)).toEqual({ status: 'scheduled' });
    const now = await hook.waitFor((request) => request.reply === 200, 10_000);
    expect(header(now, DELIVERY_HEADER)).toBe(id);
    expect(header(now, ATTEMPT_HEADER)).toBe('2');
    await statusBecomes(id!, 'sent');
    expect((await rowOf(id!)).attempts).toBe(2);

    // Sent: nothing is scheduled any more, and an unknown id is not found.
    expect(await runDeliveryNow(deps(), id!)).toEqual({ status: 'not_retrying', current: 'sent' });
    expect(await runDeliveryNow(deps(), '00000000-0000-4000-8000-000000000000')).toEqual({ status: 'not_found' });
    expect(hook.requests).toHaveLength(2);
  });
});
