/*
 * Webhooks as a delivery transport (src/server/transport/transport.ts): the delivery engine
 * posts a queued `deliveries` row's body to its URL, signed, with the delivery id (the same
 * on every attempt), the lead id when the delivery is about a lead, and the attempt number.
 */
import type { Transport } from '../transport/transport';
import { postWebhook, WEBHOOK_TIMEOUT_MS, WebhookError, type WebhookOptions } from './index';

export function webhookTransport(options: WebhookOptions = {}): Transport {
  return {
    send: async (row) => {
      await postWebhook(row.target, row.payload, {
        ...options,
        deliveryId: row.id,
        leadId: row.subjectType === 'lead' ? (row.subjectId ?? undefined) : undefined,
        attempt: row.attempts + 1,
      });
      return 'sent';
    },
    // A WebhookError's reason names a status or a timeout, never the URL.
    describeFailure: (error) => ({
      reason: error instanceof WebhookError ? error.reason : errorName(error),
      outcome: 'failure',
      ...(error instanceof WebhookError && error.retryAfterMs !== undefined
        ? { retryAfterMs: error.retryAfterMs }
        : {}),
    }),
    timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
  };
}

function errorName(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return typeof code === 'string' ? code : typeof name === 'string' ? name : 'error';
}
