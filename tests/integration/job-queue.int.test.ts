/*
 * The job queue alone (src/server/jobs/queue.ts), on every engine: a feature's worker gets
 * the jobs sent to its queue, attached parts start after the queues exist and stop before
 * pg-boss, and nothing about deliveries exists unless the delivery feature registers it.
 */
import { describe, expect, it } from 'vitest';
import { JobQueue } from '~/server/jobs/queue';
import { DELIVERY_QUEUES } from '~/server/outbox/jobs';
import { engines, useTestDatabase, type TestDatabase } from '../support/db';
import { quietLog } from '../support/log';

describe.each(engines)('job queue on %s', (engine) => {
  const t: TestDatabase = useTestDatabase(engine);

  it("runs a feature's worker and its attached parts, and knows nothing of deliveries", async () => {
    const queue = new JobQueue(t.handle, { log: quietLog });
    const seen: number[] = [];
    const order: string[] = [];
    queue.defineWorker<{ n: number }>('test-echo', { pollingIntervalSeconds: 0.5 }, async (job) => {
      seen.push(job.data.n);
    });
    queue.attach({
      name: 'part',
      start: async () => {
        // The queues exist by the time a part starts.
        order.push((await queue.boss.getQueue('test-echo')) ? 'start after queues' : 'start before queues');
      },
      stop: async () => {
        order.push(queue.running ? 'stop while running' : 'stop');
      },
    });
    await queue.start();
    try {
      expect(queue.running).toBe(true);
      expect(order).toEqual(['start after queues']);
      expect(() => queue.defineQueue('too-late')).toThrow(/after start/);
      await queue.send('test-echo', { n: 7 });
      await expect.poll(() => seen, { timeout: 15_000, interval: 100 }).toEqual([7]);
      expect(await queue.boss.getQueue(DELIVERY_QUEUES.email)).toBeNull();
      expect(await queue.boss.getQueue(DELIVERY_QUEUES.webhook)).toBeNull();
    } finally {
      await queue.stop(2_000);
    }
    expect(order).toEqual(['start after queues', 'stop']);
    expect(queue.running).toBe(false);
  });
});
