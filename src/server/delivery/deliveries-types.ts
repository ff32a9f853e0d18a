/*
 * The shape of the deliveries service (./deliveries.service.ts), apart from it: the service
 * reaches the scheduled drain, which reaches the runtime's types, so src/server/runtime-types.ts
 * names the service through this type-only leaf and no import closes a circle.
 */
import type { RetryResult } from './delivery-retry';
import type { RunNowResult } from './run-now';

export interface DeliveriesService {
  /** One failed delivery of a lead back to the outbox. */
  retry(id: string): Promise<RetryResult>;
  /** One delivery waiting for its scheduled retry, attempted now ("Tentar agora"). */
  runNow(id: string): Promise<RunNowResult>;
  /** Every failed delivery of the leads back to the outbox. */
  retryFailed(): Promise<{ count: number }>;
  /**
   * Hands the delivery of what the request committed to Netlify's `context.waitUntil`
   * (./immediate-delivery.ts); nothing on other hosts or without it.
   */
  deliverAfterResponse(waitUntil: ((promise: Promise<unknown>) => void) | undefined): void;
}
