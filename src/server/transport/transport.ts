/*
 * What the delivery engine asks of a transport, and nothing more: send one delivery's
 * payload, and say of a failure what may be logged and whether it tells anything about the
 * target's health. The transports live with their protocols (src/server/mail/transport.ts,
 * src/server/webhooks/transport.ts, src/server/connectors/transports.ts) and are handed to
 * the engine by the delivery feature (src/server/delivery/feature.ts), so the engine never
 * names SMTP or HTTP. This contract sits below all of them so none imports the engine.
 */
import type { Delivery, DeliveryKind } from '../db/schema/deliveries';

/** How one attempt bears on its target's circuit breaker (src/server/delivery/breaker.ts). */
export type AttemptOutcome = 'success' | 'failure' | 'neutral';

export type DeliveryRow = Pick<
  Delivery,
  'id' | 'kind' | 'target' | 'subjectType' | 'subjectId' | 'payload' | 'status' | 'attempts'
>;

export interface Transport {
  /** Sends `row.payload` to `row.target` (attempt number `row.attempts + 1`); throws on failure. */
  send: (row: DeliveryRow) => Promise<'sent' | 'logged'>;
  /**
   * A failure reduced to a reason safe for logs (a status or an error code, never an address
   * or a URL) and its weight for the circuit breaker: 'neutral' when it says nothing about
   * the target itself (a rejected recipient).
   */
  describeFailure: (error: unknown) => FailureDescription;
  /** Longest one attempt may take, when the transport bounds it (a bounded drain keeps this much margin). */
  timeoutMs?: number | undefined;
  /** Releases pooled connections; called when the delivery engine stops. */
  close?: () => void;
}

export type Transports = Record<DeliveryKind, Transport>;

export interface FailureDescription {
  reason: string;
  outcome: Exclude<AttemptOutcome, 'success'>;
  /** The receiver refused this payload itself (a validation error): retrying cannot help, so it fails now. */
  permanent?: boolean;
  /** A 429 asked for this long without calls (its Retry-After): the delivery waits it out without spending an attempt (src/server/delivery/rate-limit-waits.ts) and its target pauses as long. */
  retryAfterMs?: number;
  /** The receiver refused our credentials or account (a 401/403): the team is alerted once (src/server/ops/config-alert.ts). */
  misconfigured?: boolean;
}

/** A delivery that failed for a configuration error, for the team's alert. */
export interface MisconfiguredFailure {
  kind: DeliveryKind;
  /** The pt-BR hint naming the variable to fix (the delivery's last error). */
  error: string;
}
