/*
 * One attempt of one delivery through its transport (SMTP/Resend or an HTTP POST),
 * reduced to what the engine records: the row's new status, the error for the
 * `deliveries` row, a reason safe for logs (no addresses, no URLs), and whether the
 * outcome says anything about the target's health (for the circuit breaker).
 */
import type { Delivery } from '../db/schema';
import { isMessageLevelMailError, type MailMessage, type SendMail } from '../mail';
import { postWebhook, WebhookError, type WebhookOptions } from '../webhooks';
import type { AttemptOutcome } from './breaker';

export type DeliveryRow = Pick<
  Delivery,
  'id' | 'kind' | 'target' | 'subjectType' | 'subjectId' | 'payload' | 'status' | 'attempts'
>;

export interface Transports {
  sendMail: SendMail;
  webhook?: WebhookOptions | undefined;
}

export type AttemptResult =
  | { ok: true; status: 'sent' | 'logged'; outcome: AttemptOutcome }
  | { ok: false; error: string; reason: string; outcome: AttemptOutcome };

export async function attemptDelivery(row: DeliveryRow, transports: Transports): Promise<AttemptResult> {
  try {
    if (row.kind === 'email') {
      const result = await transports.sendMail(row.payload as MailMessage);
      return { ok: true, status: result.transport === 'log' ? 'logged' : 'sent', outcome: 'success' };
    }
    await postWebhook(row.target, row.payload, {
      ...transports.webhook,
      deliveryId: row.id,
      leadId: row.subjectType === 'lead' ? (row.subjectId ?? undefined) : undefined,
      attempt: row.attempts + 1,
    });
    return { ok: true, status: 'sent', outcome: 'success' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: message.slice(0, 2000),
      reason: safeReason(error),
      outcome: row.kind === 'email' && isMessageLevelMailError(error) ? 'neutral' : 'failure',
    };
  }
}

/** What went wrong, for a log line: a status or an error code, never an address or a URL. */
function safeReason(error: unknown): string {
  if (error instanceof WebhookError) return error.reason;
  const { code, responseCode, name } = (error ?? {}) as { code?: unknown; responseCode?: unknown; name?: unknown };
  const head = typeof code === 'string' ? code : typeof name === 'string' ? name : 'error';
  return typeof responseCode === 'number' ? `${head} ${responseCode}` : head;
}
