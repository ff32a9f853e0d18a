/*
 * Deliveries: the engine that sends the outbox's e-mails and webhooks with retries and a
 * circuit breaker, and the team's re-sends. Requests reach it as `Astro.locals.runtime.deliveries`
 * (./deliveries.service.ts); this file is what they may import.
 */
export type { DeliveriesService } from './deliveries-types';
export type { RetryResult } from './delivery-retry';
