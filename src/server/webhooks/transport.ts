/*
 * Webhooks as a delivery transport (src/server/transport/transport.ts): the delivery engine
 * posts a queued `deliveries` row's body to its URL, signed, with the delivery id (the same
 * on every attempt), the lead id when the delivery is about a lead, and the attempt number.
 *
 * A plain webhook's non-2xx answer is retried (the delivery contract, docs/operating.md). A
 * ZAP-format target (./zap.ts) is a CRM bound by Grupo ZAP's contract, which has it answer 4xx
 * to a lead it cannot take: 401/403 means our Basic credentials are wrong or missing, 400/422 a
 * lead without what the contract requires (clientListingId first); retrying cannot help, so the
 * delivery fails at once with a pt-BR reason naming the variable to check.
 */
import { connectorErrorMessages as m } from '~/messages/inbox/deliveries';
import type { Transport } from '../transport/transport';
import { postWebhook, WEBHOOK_TIMEOUT_MS, WebhookError, type WebhookOptions } from './index';

/** A ZAP-format CRM's refusal that no retry can change. */
class ZapRefusal extends Error {
  override name = 'ZapRefusal';
  constructor(
    message: string,
    readonly reason: string,
    readonly misconfigured: boolean,
  ) {
    super(message);
  }
}

function zapRefusal(error: unknown): ZapRefusal | undefined {
  if (!(error instanceof WebhookError) || error.status === undefined) return undefined;
  const { status } = error;
  if (status === 401 || status === 403) {
    return new ZapRefusal(m.misconfigured(m.zapService, status, 'LEAD_WEBHOOK_ZAP_BASIC_AUTH'), error.reason, true);
  }
  if (status === 400 || status === 422) {
    return new ZapRefusal(m.rejected(m.zapService, m.zapContract(status)), error.reason, false);
  }
  return undefined;
}

export function webhookTransport(options: WebhookOptions = {}): Transport {
  return {
    send: async (row) => {
      try {
        await postWebhook(row.target, row.payload, {
          ...options,
          deliveryId: row.id,
          leadId: row.subjectType === 'lead' ? (row.subjectId ?? undefined) : undefined,
          attempt: row.attempts + 1,
        });
      } catch (error) {
        throw (options.zapUrls?.includes(row.target) ? zapRefusal(error) : undefined) ?? error;
      }
      return 'sent';
    },
    // A WebhookError's reason names a status or a timeout, never the URL.
    describeFailure: (error) => {
      if (error instanceof ZapRefusal) {
        return { reason: error.reason, outcome: 'neutral', permanent: true, misconfigured: error.misconfigured };
      }
      return {
        reason: error instanceof WebhookError ? error.reason : errorName(error),
        outcome: 'failure',
        ...(error instanceof WebhookError && error.retryAfterMs !== undefined
          ? { retryAfterMs: error.retryAfterMs }
          : {}),
      };
    },
    timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
  };
}

function errorName(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return typeof code === 'string' ? code : typeof name === 'string' ? name : 'error';
}
