/*
 * One attempt of one delivery through its transport (./transport.ts), reduced to what the
 * engine records: the row's new status, the error for the `deliveries` row, a reason for
 * logs and the breaker's `delivery_targets` row, and whether the outcome says anything about
 * the target's health (for the circuit breaker).
 *
 * Every transport's failure passes here, so here both texts go through the one sanitizer
 * (src/lib/error-text.ts): a transport's own message may quote its URL with credentials, a
 * mail server's the recipient, a CRM's answer the lead's e-mail, percent-encoded or not.
 */
import { DELIVERY_ERROR_MAX } from '~/lib/delivery-display';
import { safeErrorText } from '~/lib/error-text';
import type { AttemptOutcome } from '../transport/transport';
import type { DeliveryRow, FailureDescription, Transports } from '../transport/transport';

export type { DeliveryRow, MisconfiguredFailure, Transports } from '../transport/transport';

export type AttemptResult =
  | { ok: true; status: 'sent' | 'logged'; outcome: AttemptOutcome }
  | ({ ok: false; error: string } & FailureDescription);

export async function attemptDelivery(row: DeliveryRow, transports: Transports): Promise<AttemptResult> {
  const transport = transports[row.kind];
  try {
    return { ok: true, status: await transport.send(row), outcome: 'success' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failure = transport.describeFailure(error);
    return {
      ok: false,
      error: safeErrorText(message).slice(0, DELIVERY_ERROR_MAX),
      ...failure,
      reason: safeErrorText(failure.reason).slice(0, 200),
    };
  }
}
