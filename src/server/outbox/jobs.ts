/*
 * What the outbox hands the delivery engine: one pg-boss job per `deliveries` row, on the
 * queue of its kind, carrying only the row's id (the payload stays in the row, where
 * retention can clear it). The delivery engine (src/server/delivery) defines these queues
 * with its retry policy and fetches from them.
 */
import type { DeliveryKind } from '../db/schema';

export const DELIVERY_QUEUES: Record<DeliveryKind, string> = {
  email: 'deliveries-mail',
  webhook: 'deliveries-webhook',
};

export interface DeliveryJob {
  deliveryId: string;
}
