/*
 * The shared delivery path (src/server/outbox, then src/server/delivery over the job queue):
 * jobs written in the caller's transaction, real SMTP and HTTP receivers, retries recorded
 * in `deliveries`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '~/server/db/schema';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '~/server/delivery/settings';
import { DELIVERY_QUEUES } from '~/server/outbox/jobs';
import { createMailer } from '~/server/mail';
import { allEngines, useTestDatabase, type TestDatabase } from '../support/db';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { until } from '../support/until';
import { quietLog } from '../support/log';

/** Immediate retries and fast polling: the retry path runs in seconds, not hours. */
const FAST: DeliverySettings = {
  retryLimit: 4,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.5,
  expireInSeconds: 30,
  // Immediate retries fail many times a second while a server is down: a paused target resumes within 2 s.
  breaker: { failures: 10, pauseSeconds: 1, maxPauseSeconds: 2 },
};

describe('production retry policy', () => {
  it('makes at least 8 attempts spread over at least an hour', () => {
    const { retryLimit, retryDelaySeconds, retryBackoff } = DEFAULT_DELIVERY_SETTINGS;
    expect(retryLimit + 1).toBeGreaterThanOrEqual(8);
    expect(retryBackoff).toBe(true);
    // pg-boss waits at least half of retryDelay·2ⁿ before retry n (jitter between ½ and 1).
    let minimumSpan = 0;
    for (let n = 1; n <= retryLimit; n++) minimumSpan += Math.min(retryDelaySeconds * 2 ** n * 0.5, 3600);
    expect(minimumSpan).toBeGreaterThanOrEqual(3600);
  });
});

describe.each(allEngines)('delivery queue on %s', (engine) => {
  const t: TestDatabase = useTestDatabase(engine);
  let smtp: CaptureSmtp;
  let ok: Receiver;
  let stack: DeliveryStack | undefined;

  beforeAll(async () => {
    smtp = await startCaptureSmtp();
    ok = await startReceiver();
  });
  afterEach(async () => {
    await stack?.stop(2_000);
    stack = undefined;
    smtp.messages.length = 0;
    ok.requests.length = 0;
  });
  afterAll(async () => {
    await smtp.stop();
    await ok.close();
  });

  async function startQueue(settings = FAST) {
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ smtpUrl: smtp.url, mailFrom: 'Pilota <nao-responda@pilota.example>' }),
      webhook: { secret: 'segredo', timeoutMs: 1_000 },
      settings,
      log: quietLog,
    });
    await stack.start();
    return stack;
  }

  it('sends an e-mail queued in a committed transaction and records the attempt', async () => {
    const q = await startQueue();
    const id = await t.db.transaction((tx) =>
      q.outbox.enqueueMail(tx, { to: 'equipe@pilota.example', subject: 'Olá', text: 'Corpo' }, { subjectType: 'test' }),
    );
    const mail = await smtp.waitFor((m) => m.subject === 'Olá');
    expect(mail.envelopeTo).toEqual(['equipe@pilota.example']);
    expect(mail.text?.trim()).toBe('Corpo');
    const row = await until(async () => {
      const [r] = await t.db.select().from(deliveries).where(eq(deliveries.id, id));
      return r?.status === 'sent' ? r : undefined;
    });
    expect(row).toMatchObject({ kind: 'email', target: 'equipe@pilota.example', attempts: 1, lastError: null });
    expect(row.deliveredAt).toBeInstanceOf(Date);
  });

  it('leaves neither a job nor a delivery when the transaction rolls back', async () => {
    const q = await startQueue();
    await expect(
      t.db.transaction(async (tx) => {
        await q.outbox.enqueueMail(tx, { to: 'a@b.example', subject: 'Nunca', text: 'x' }, { subjectType: 'test' });
        await q.outbox.enqueueWebhook(tx, ok.url, { a: 1 }, { subjectType: 'test' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await t.db.select().from(deliveries)).toEqual([]);
    expect(await q.queue.boss.findJobs(DELIVERY_QUEUES.email)).toEqual([]);
    expect(await q.queue.boss.findJobs(DELIVERY_QUEUES.webhook)).toEqual([]);
    // A mail committed after it goes out through the same running workers: by then anything the
    // rolled-back transaction could have left would have gone out too.
    await t.db.transaction((tx) =>
      q.outbox.enqueueMail(tx, { to: 'a@b.example', subject: 'Depois', text: 'x' }, { subjectType: 'test' }),
    );
    await smtp.waitFor((mail) => mail.subject === 'Depois');
    expect(smtp.messages.map((mail) => mail.subject)).toEqual(['Depois']);
    expect(ok.requests).toEqual([]);
  });

  it('retries an e-mail while SMTP is down and delivers it when SMTP is back', async () => {
    await smtp.stop();
    const q = await startQueue({ ...FAST, retryLimit: 50 });
    const id = await t.db.transaction((tx) =>
      q.outbox.enqueueMail(tx, { to: 'x@pilota.example', subject: 'Depois', text: 'y' }, { subjectType: 'test' }),
    );
    const failed = await until(async () => {
      const [r] = await t.db.select().from(deliveries).where(eq(deliveries.id, id));
      return r && r.attempts >= 1 && r.status === 'retrying' ? r : undefined;
    });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(smtp.messages).toEqual([]);
    await smtp.start();
    await smtp.waitFor((m) => m.subject === 'Depois', 20_000);
    const sent = await until(async () => {
      const [r] = await t.db.select().from(deliveries).where(eq(deliveries.id, id));
      return r?.status === 'sent' ? r : undefined;
    });
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
  });

  it('marks a delivery failed once its retries are used up', async () => {
    const dead = await startReceiver({ fallback: 500 });
    try {
      const q = await startQueue({ ...FAST, retryLimit: 2 });
      const id = await t.db.transaction((tx) =>
        q.outbox.enqueueWebhook(tx, dead.url, { n: 1 }, { subjectType: 'test' }),
      );
      const row = await until(async () => {
        const [r] = await t.db.select().from(deliveries).where(eq(deliveries.id, id));
        return r?.status === 'failed' ? r : undefined;
      });
      expect(row.attempts).toBe(3);
      expect(row.lastError).toMatch(/answered 500/);
      expect(dead.requests).toHaveLength(3);
    } finally {
      await dead.close();
    }
  });

  it('a hanging URL does not hold up another URL', async () => {
    const hang = await startReceiver({ fallback: 'hang' });
    try {
      const q = await startQueue();
      await t.db.transaction(async (tx) => {
        for (let i = 0; i < 4; i++) await q.outbox.enqueueWebhook(tx, hang.url, { i }, { subjectType: 'test' });
        await q.outbox.enqueueWebhook(tx, ok.url, { i: 'ok' }, { subjectType: 'test' });
      });
      const started = Date.now();
      await ok.waitFor((r) => (r.json as { i: string }).i === 'ok', 5_000);
      expect(Date.now() - started).toBeLessThan(900);
    } finally {
      await hang.close();
    }
  });
});
