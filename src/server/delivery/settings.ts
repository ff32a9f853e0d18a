/*
 * The delivery policy: retries and back-off of the delivery queues, polling, concurrency per
 * instance and per target, pacing, the circuit breaker. One object, so a test or the
 * scheduled drain can shorten the whole policy at once.
 */
import type { DeliveryTiming } from '../config';
import { DEFAULT_BREAKER, type BreakerSettings } from './breaker';

export interface DeliverySettings {
  /** Retries after the first attempt. */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  retryDelayMaxSeconds?: number;
  /** Idle poll of the delivery lanes: retries coming due and other instances' jobs are seen within this. */
  pollingIntervalSeconds: number;
  /** An attempt still running after this is considered dead and retried. */
  expireInSeconds: number;
  /** How often the outbox's dispatcher looks for undispatched deliveries (it is also woken on enqueue). */
  dispatchIntervalMs?: number;
  /**
   * Least average time between job starts while visitors are submitting (within a second of
   * the last enqueue); otherwise jobs run unpaced. See src/server/outbox/pacer.ts.
   * Defaults to EMBEDDED_JOB_SPACING_MS on PGlite, 0 on PostgreSQL.
   */
  jobSpacingMs?: number;
  /** E-mails in flight per instance (default 10). */
  mailConcurrency?: number;
  /** Webhook calls in flight per instance, all URLs together (default 50). */
  webhookConcurrency?: number;
  /** Webhook calls in flight per URL across all instances (default 10). */
  perTargetConcurrency?: number;
  /** When a target is paused as a whole (default DEFAULT_BREAKER). */
  breaker?: BreakerSettings;
  /** 429s per target and UTC day waited out without spending attempts (default DEFAULT_RATE_LIMIT_WAITS_PER_DAY). */
  rateLimitWaitsPerDay?: number;
}

/**
 * 11 attempts; pg-boss waits between retryDelay·2ⁿ/2 and retryDelay·2ⁿ (n = retry number,
 * jittered), so 30 s base gives ≈ 1 min, 2 min, 4 min … capped at 1 h: at least 8 attempts
 * spread over well more than an hour (≈ 4 h 15 min at the least) before a delivery is given up.
 */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryBackoff: true,
  retryDelayMaxSeconds: 3600,
  pollingIntervalSeconds: 2,
  expireInSeconds: 60,
};

/**
 * The policy with an operator's timing (the DELIVERY_* variables, src/server/config.ts): the
 * defaults above unless set. Shorter values suit a staging or test deployment that must see
 * retries, expired attempts and a paused target within seconds, not minutes.
 */
export function deliverySettingsFor(timing: DeliveryTiming): DeliverySettings {
  return {
    ...DEFAULT_DELIVERY_SETTINGS,
    retryDelaySeconds: timing.retrySeconds,
    expireInSeconds: timing.expireSeconds,
    breaker: { ...DEFAULT_BREAKER, pauseSeconds: timing.breakerPauseSeconds },
  };
}
