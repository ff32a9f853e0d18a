/*
 * What requests ask of the deliveries (built in src/server/compose.ts): the sales team's
 * "Reenviar" (./delivery-retry.ts) and, on Netlify, delivering what a request just committed
 * right after its answer (./immediate-delivery.ts). The engine that sends is `runtime.delivery`;
 * the service's shape is in ./deliveries-types.ts.
 */
import type { ServiceDeps } from '../service-deps';
import type { DeliveriesService } from './deliveries-types';
import { retryDelivery, retryFailedDeliveries } from './delivery-retry';
import { deliverAfterResponse } from './immediate-delivery';
import { runDeliveryNow } from './run-now';

export function createDeliveriesService(
  deps: Pick<ServiceDeps, 'db' | 'outbox' | 'now' | 'queue' | 'delivery'> & { config: Pick<ServiceDeps['config'], 'deployTarget'> },
): DeliveriesService {
  const { db, outbox, now } = deps;
  return {
    retry: (id) => retryDelivery({ db, outbox, now }, id),
    runNow: (id) =>
      runDeliveryNow({ db, boss: deps.queue.boss, wake: (kind) => deps.delivery.wake(kind), now }, id),
    retryFailed: () => retryFailedDeliveries({ db, outbox, now }),
    deliverAfterResponse: (waitUntil) => deliverAfterResponse(deps.config.deployTarget, waitUntil),
  };
}
