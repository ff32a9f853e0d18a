/*
 * What the outbox hands the delivery engine: one pg-boss job per `deliveries` row, on the
 * queue of its kind, carrying only the row's id (the payload stays in the row, where
 * retention can clear it). The delivery engine (src/server/delivery) defines these queues
 * with its retry policy and fetches from them.
 */
import type { DeliveryKind } from '../db/schema/deliveries';

export const DELIVERY_QUEUES: Record<DeliveryKind, string> = {
  email: 'deliveries-mail',
  webhook: 'deliveries-webhook',
  // Connectors are HTTP calls like webhooks: same lane, same per-target limit and breaker.
  rdstation: 'deliveries-webhook',
  hubspot: 'deliveries-webhook',
  pipedrive: 'deliveries-webhook',
};

/** The engine's lane of a kind: e-mail, or HTTP (webhooks and connectors). */
export const laneOf = (kind: DeliveryKind): 'email' | 'webhook' => (kind === 'email' ? 'email' : 'webhook');

export interface DeliveryJob {
  deliveryId: string;
}
