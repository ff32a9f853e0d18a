/*
 * The delivery path as the server builds it (src/server/runtime.ts), for integration tests:
 * a job queue with the outbox and the delivery service registered on it. Services get
 * `stack.outbox`; `stack.delivery` drains and lists paused targets; start and stop go
 * through the queue, as in the server.
 */
import type { DatabaseHandle } from '~/server/db/client';
import { createDeliveries, registerDeliveries, type Deliveries, type DeliveryDeps } from '~/server/delivery/feature';
import { JobQueue } from '~/server/jobs/queue';

export interface DeliveryStack extends Deliveries {
  queue: JobQueue;
  start: () => Promise<void>;
  stop: (timeoutMs?: number) => Promise<void>;
}

export function deliveryStack(handle: DatabaseHandle, deps: DeliveryDeps & { cron?: boolean }): DeliveryStack {
  const queue = new JobQueue(handle, { ...(deps.log ? { log: deps.log } : {}), cron: deps.cron ?? false });
  const deliveries = createDeliveries(handle, queue, deps);
  registerDeliveries(deliveries, queue);
  return { ...deliveries, queue, start: () => queue.start(), stop: (timeoutMs) => queue.stop(timeoutMs) };
}
