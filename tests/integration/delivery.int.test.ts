/*
 * The delivery engine (src/server/delivery) through the outbox and the delivery service, on
 * PGlite and PostgreSQL through the pooler (`engines`, tests/support/db.ts): batches that really go out concurrently, isolation of a hanging or failing
 * target, the circuit breaker pausing and resuming a target without spending retries,
 * delivery ids on every webhook request, and the bounded drain for scheduled runs.
 * Real SMTP and HTTP receivers; only the retry delays are shortened.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryTargets } from '~/server/db/schema';
import type { DeliverySettings } from '~/server/delivery/settings';
import type { Logger } from '~/server/log/logger';
import { createMailer } from '~/server/mail';
import { ATTEMPT_HEADER, DELIVERY_HEADER, LEAD_HEADER, SIGNATURE_HEADER } from '~/server/webhooks';
import { engines, useTestDatabase, type TestDatabase } from '../support/db';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { logCapture, quietLog } from '../support/log';
import { until } from '../support/until';

const SECRET = 'segredo-de-entrega';
/** Immediate retries, a short idle poll, a breaker that reacts in seconds. */
const FAST: DeliverySettings = {
  retryLimit: 10,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.5,
  expireInSeconds: 30,
  breaker: { failures: 5, pauseSeconds: 2, maxPauseSeconds: 4 },
};

const header = (request: { headers: Record<string, string | string[] | undefined> }, name: string) =>
  request.headers[name.toLowerCase()] as string | undefined;

describe.each(engines)('delivery engine on %s', (engine) => {
  const t: TestDatabase = useTestDatabase(engine);
  let smtp: CaptureSmtp;
  let stack: DeliveryStack | undefined;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    smtp = await startCaptureSmtp();
  });
  afterEach(async () => {
    await stack?.stop(2_000);
    stack = undefined;
    smtp.messages.length = 0;
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });
  afterAll(async () => {
    await smtp.stop();
  });

  async function receiver(options: Parameters<typeof startReceiver>[0] = {}) {
    const started = await startReceiver(options);
    receivers.push(started);
    return started;
  }

  function newQueue(
    settings: DeliverySettings = FAST,
    extra: { workers?: boolean; timeoutMs?: number; smtpUrl?: string; log?: Logger } = {},
  ) {
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ smtpUrl: extra.smtpUrl ?? smtp.url, mailFrom: 'Pilota <nao-responda@pilota.example>' }),
      webhook: { secret: SECRET, timeoutMs: extra.timeoutMs ?? 1_500 },
      settings,
      log: extra.log ?? quietLog,
      ...(extra.workers === undefined ? {} : { workers: extra.workers }),
    });
    return stack;
  }

  /** `count` webhooks to `url` (and optionally as many e-mails) in one committed transaction. */
  async function enqueue(q: DeliveryStack, url: string, count: number, subjectId = 'lead-1') {
    return t.db.transaction((tx) =>
      q.outbox.enqueueDeliveries(
        tx,
        Array.from({ length: count }, (_, i) => ({
          kind: 'webhook' as const,
          url,
          body: { id: subjectId, n: i },
          meta: { subjectType: 'lead', subjectId },
        })),
      ),
    );
  }

  it('100 queued webhooks all arrive within a few seconds, several at a time', async () => {
    const hook = await receiver();
    let open = 0;
    let mostAtOnce = 0;
    // Hold each request briefly so overlapping ones are visible.
    hook.onRequest = () => {
      open++;
      mostAtOnce = Math.max(mostAtOnce, open);
      setTimeout(() => open--, 50);
    };
    const q = newQueue();
    await q.start();
    const started = Date.now();
    await enqueue(q, hook.url, 100);
    await until(() => (hook.requests.length >= 100 ? true : undefined), 10_000);
    const elapsed = Date.now() - started;
    // One at a time with a 2 s poll after each fetch took minutes; batches take about a second.
    expect(elapsed).toBeLessThan(5_000);
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(new Set(hook.requests.map((r) => header(r, DELIVERY_HEADER))).size).toBe(100);
    const rows = await until(async () => {
      const list = await t.db.select().from(deliveries);
      return list.every((row) => row.status === 'sent') ? list : undefined;
    });
    expect(rows).toHaveLength(100);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });

  it('a hanging receiver delays neither the other URL nor the e-mail', async () => {
    const hang = await receiver({ fallback: 'hang' });
    const ok = await receiver();
    const q = newQueue(FAST, { timeoutMs: 5_000 });
    await q.start();
    // The hanging URL's deliveries are older, so they are first in line.
    await enqueue(q, hang.url, 40);
    await hang.waitFor(() => true, 5_000);
    const started = Date.now();
    await enqueue(q, ok.url, 30);
    await t.db.transaction((tx) =>
      q.outbox.enqueueMail(tx, { to: 'equipe@pilota.example', subject: 'Ao lado', text: 'x' }, { subjectType: 'test' }),
    );
    await until(() => (ok.requests.length >= 30 ? true : undefined), 4_000);
    await smtp.waitFor((mail) => mail.subject === 'Ao lado', 4_000);
    // Well within the hanging receiver's 5 s timeout: nothing waited for it.
    expect(Date.now() - started).toBeLessThan(4_000);
    // It holds no more than its per-target share of slots.
    expect(hang.requests.length).toBeLessThanOrEqual(10);
  });

  it('pauses a continuously failing target as a whole, without spending retries, and resumes it', async () => {
    const down = await receiver({ fallback: 500 });
    const ok = await receiver();
    const q = newQueue({ ...FAST, breaker: { failures: 5, pauseSeconds: 4, maxPauseSeconds: 8 } });
    await q.start();
    const ids = await enqueue(q, down.url, 30);
    // Five failures in a row pause it: its row (and targetStates) say so.
    const paused = await until(async () => {
      const [row] = await t.db.select().from(deliveryTargets).where(eq(deliveryTargets.target, down.url));
      return row?.pausedUntil && row.pausedUntil > new Date() ? row : undefined;
    }, 10_000);
    expect(paused).toMatchObject({ kind: 'webhook', pauses: 1, lastError: 'answered 500' });
    expect(paused.consecutiveFailures).toBeGreaterThanOrEqual(5);
    expect((await q.delivery.targetStates()).find((s) => s.target === down.url)?.state).toBe('paused');
    const triedWhenPaused = down.requests.length;
    expect(triedWhenPaused).toBeLessThan(30);
    // While it is paused nothing goes to it, and other targets flow.
    await enqueue(q, ok.url, 5);
    await until(() => (ok.requests.length >= 5 ? true : undefined), 3_000);
    expect(down.requests.length).toBe(triedWhenPaused);
    // Its deliveries kept their retries: the attempts recorded are exactly the requests it got.
    const recorded = async () =>
      (await t.db.select().from(deliveries).where(eq(deliveries.target, down.url))).reduce(
        (sum, row) => sum + row.attempts,
        0,
      );
    await until(async () => ((await recorded()) === triedWhenPaused ? true : undefined), 3_000);
    expect((await t.db.select().from(deliveries).where(eq(deliveries.status, 'failed'))).length).toBe(0);
    // The receiver recovers; after the pause one probe goes out, succeeds, and the rest follow.
    down.fallback = 200;
    await until(async () => {
      const rows = await t.db.select().from(deliveries).where(eq(deliveries.target, down.url));
      return rows.every((row) => row.status === 'sent') ? rows : undefined;
    }, 15_000);
    const resumed = await until(async () => {
      const [row] = await t.db.select().from(deliveryTargets).where(eq(deliveryTargets.target, down.url));
      return row?.pauses === 0 ? row : undefined;
    });
    expect(resumed.pausedUntil).toBeNull();
    expect((await q.delivery.targetStates()).find((s) => s.target === down.url)?.state).toBe('closed');
    // Every one of them arrived once with a 200, none was given up.
    const delivered = down.requests.filter((r) => r.reply === 200).map((r) => header(r, DELIVERY_HEADER));
    expect(new Set(delivered)).toEqual(new Set(ids));
  });

  it('a target still failing after its pause is paused again, for longer', async () => {
    const down = await receiver({ fallback: 500 });
    const q = newQueue();
    await q.start();
    await enqueue(q, down.url, 20);
    const first = await until(async () => {
      const [row] = await t.db.select().from(deliveryTargets).where(eq(deliveryTargets.target, down.url));
      return row?.pauses === 1 ? row : undefined;
    }, 10_000);
    const second = await until(async () => {
      const [row] = await t.db.select().from(deliveryTargets).where(eq(deliveryTargets.target, down.url));
      return row && row.pauses >= 2 ? row : undefined;
    }, 10_000);
    // One probe decided it, and the second pause is twice the first. Counted by arrival after
    // the first pause ended: a request already in flight when the breaker opened may land late.
    const probes = down.requests.filter(
      (r) =>
        Date.parse(r.receivedAt) >= first.pausedUntil!.getTime() &&
        Date.parse(r.receivedAt) < second.updatedAt.getTime() + 1,
    );
    expect(probes).toHaveLength(1);
    const length = (row: typeof first) => row.pausedUntil!.getTime() - row.updatedAt.getTime();
    expect(length(second)).toBeGreaterThanOrEqual(length(first) * 2 - 100);
  });

  it('pauses all mail while the SMTP server is down and sends everything once it is back', async () => {
    const down = await startCaptureSmtp();
    await down.stop();
    try {
      const q = newQueue(FAST, { smtpUrl: down.url });
      await q.start();
      await t.db.transaction(async (tx) => {
        for (let i = 0; i < 12; i++) {
          await q.outbox.enqueueMail(
            tx,
            { to: `p${i}@pilota.example`, subject: `Fila ${i}`, text: 'x' },
            { subjectType: 'test' },
          );
        }
      });
      const paused = await until(async () => {
        const [row] = await t.db.select().from(deliveryTargets).where(eq(deliveryTargets.kind, 'email'));
        return row?.pauses === 1 ? row : undefined;
      }, 10_000);
      expect(paused.target).toBe('*');
      expect((await q.delivery.targetStates()).find((s) => s.kind === 'email')?.state).toBe('paused');
      await down.start();
      await until(() => (down.messages.length >= 12 ? true : undefined), 15_000);
      expect(new Set(down.messages.map((m) => m.subject)).size).toBe(12);
      await until(async () => {
        const [row] = await t.db.select().from(deliveryTargets).where(eq(deliveryTargets.kind, 'email'));
        return row?.pauses === 0 ? row : undefined;
      });
      const rows = await until(async () => {
        const list = await t.db.select().from(deliveries);
        return list.every((row) => row.status === 'sent') ? list : undefined;
      });
      expect(rows.every((row) => row.attempts >= 1 && row.attempts <= 11)).toBe(true);
    } finally {
      await stack?.stop(2_000);
      stack = undefined;
      await down.stop();
    }
  });

  it('failure and pause log lines name a target without its URL path or a recipient', async () => {
    const { log: deliveryLog, lines } = logCapture('deliveries');
    const down = await receiver({ fallback: 500 });
    const tokenUrl = `${down.url}/zap/123456/s3cr3t-t0ken`;
    // An SMTP port nobody listens on: every e-mail attempt fails.
    const q = newQueue(FAST, { smtpUrl: 'smtp://127.0.0.1:1', log: deliveryLog });
    await q.start();
    await enqueue(q, tokenUrl, 6);
    await t.db.transaction((tx) =>
      q.outbox.enqueueMail(
        tx,
        { to: 'ana.souza@example.com', subject: 'Ana Souza', text: 'x' },
        { subjectType: 'test' },
      ),
    );
    await until(() => (lines.some((line) => line.includes('paused')) ? true : undefined), 10_000);
    await until(() => (lines.some((line) => line.startsWith('[deliveries] e-mail:')) ? true : undefined), 10_000);
    const log = lines.join('\n');
    expect(log).toContain(`webhook ${new URL(down.url).origin} #`);
    expect(log).toMatch(/attempt 1 failed \(answered 500\), will retry/);
    for (const secret of ['/zap/', '123456', 's3cr3t-t0ken', 'ana.souza@example.com', 'Ana Souza']) {
      expect(log).not.toContain(secret);
    }
  });

  it('every webhook request carries its delivery id (the same on a retry), the lead id, and a valid signature', async () => {
    const hook = await receiver({ script: [500, 'hang', 503] });
    const q = newQueue(FAST, { timeoutMs: 1_000 });
    await q.start();
    const [id] = await t.db.transaction((tx) =>
      q.outbox.enqueueDeliveries(tx, [
        {
          kind: 'webhook',
          url: hook.url,
          body: { id: 'lead-42', nome: 'Ana' },
          meta: { subjectType: 'lead', subjectId: 'lead-42' },
        },
      ]),
    );
    await until(() => (hook.requests.some((r) => r.reply === 200) ? true : undefined), 15_000);
    expect(hook.requests.map((r) => r.reply)).toEqual([500, 'hang', 503, 200]);
    for (const [index, request] of hook.requests.entries()) {
      expect(header(request, DELIVERY_HEADER)).toBe(id);
      expect(header(request, LEAD_HEADER)).toBe('lead-42');
      expect(header(request, ATTEMPT_HEADER)).toBe(String(index + 1));
      expect((request.json as { id: string }).id).toBe('lead-42');
      expect(header(request, SIGNATURE_HEADER)).toBe(
        `sha256=${createHmac('sha256', SECRET).update(request.body).digest('hex')}`,
      );
    }
    const [row] = await until(async () => {
      const list = await t.db.select().from(deliveries).where(eq(deliveries.id, id!));
      return list[0]?.status === 'sent' ? list : undefined;
    });
    expect(row!.attempts).toBe(4);
  });

  it('drainDue delivers the due backlog within its time budget and returns', async () => {
    const hook = await receiver();
    // Workers off: as on a host where only a scheduled function delivers.
    const q = newQueue(FAST, { workers: false });
    await q.start();
    await enqueue(q, hook.url, 60);
    await t.db.transaction((tx) =>
      q.outbox.enqueueMail(tx, { to: 'equipe@pilota.example', subject: 'Drenado', text: 'x' }, { subjectType: 'test' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(hook.requests).toHaveLength(0);
    const started = Date.now();
    const result = await q.delivery.drainDue({ deadlineMs: 10_000 });
    expect(result).toMatchObject({ attempted: 61, delivered: 61, failed: 0, stoppedBy: 'idle' });
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(hook.requests).toHaveLength(60);
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Drenado']);
    const rows = await t.db.select().from(deliveries);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('drainDue stops taking jobs once the deadline is too close for another attempt', async () => {
    // Every call hangs until the 1 s timeout, one at a time: 50 would need 50 s.
    const slow = await receiver({ fallback: 'hang' });
    const q = newQueue({ ...FAST, perTargetConcurrency: 1 }, { workers: false, timeoutMs: 1_000 });
    await q.start();
    await enqueue(q, slow.url, 50);
    const started = Date.now();
    const result = await q.delivery.drainDue({ deadlineMs: 3_000 });
    const elapsed = Date.now() - started;
    expect(result.stoppedBy).toBe('deadline');
    expect(elapsed).toBeLessThanOrEqual(3_500);
    expect(result.attempted).toBeGreaterThanOrEqual(1);
    expect(result.attempted).toBeLessThanOrEqual(3);
    expect(slow.requests.length).toBe(result.attempted);
  });
});
