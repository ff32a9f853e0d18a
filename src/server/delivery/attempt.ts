/*
 * One attempt of one delivery through its transport (./transport.ts), reduced to what the
 * engine records: the row's new status, the error for the `deliveries` row, a reason safe
 * for logs (no addresses, no URLs), and whether the outcome says anything about the
 * target's health (for the circuit breaker).
 */
import type { AttemptOutcome } from '../transport/transport';
import type { DeliveryRow, FailureDescription, Transports } from '../transport/transport';

export type { DeliveryRow, Transports } from '../transport/transport';

export type AttemptResult =
  | { ok: true; status: 'sent' | 'logged'; outcome: AttemptOutcome }
  | ({ ok: false; error: string } & FailureDescription);

export async function attemptDelivery(row: DeliveryRow, transports: Transports): Promise<AttemptResult> {
  const transport = transports[row.kind];
  try {
    return { ok: true, status: await transport.send(row), outcome: 'success' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: message.slice(0, 2000), ...transport.describeFailure(error) };
  }
}
