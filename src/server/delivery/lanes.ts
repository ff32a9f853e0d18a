/*
 * The delivery engine's lanes (./engine.ts): a lane's state, its waiting room, and what it
 * asks of pg-boss and the database when it takes jobs.
 */
import { inArray } from 'drizzle-orm';
import type { FetchOptions } from 'pg-boss';
import type { Db } from '../db/client';
import { deliveries, type DeliveryKind } from '../db/schema/deliveries';
import type { TargetBreaker } from './breaker';

/** A lane's waiting room: woken by a freed slot, new work, a resume, or a stop. */
export class Wakeup {
  #waiters = new Set<() => void>();

  wait(ms: number, until: () => boolean = () => true): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!until()) return;
        this.#waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          this.#waiters.delete(check);
          resolve();
        },
        Math.max(0, ms),
      );
      this.#waiters.add(check);
    });
  }

  /** Wakes waiters whose condition now holds. */
  notify(): void {
    for (const check of [...this.#waiters]) check();
  }
}

export interface Lane {
  kind: DeliveryKind;
  queue: string;
  max: number;
  inFlight: number;
  /** Slots freed since the last fetch. */
  freed: number;
  /** New jobs may be due (dispatched here, or a pause ended). */
  kicked: boolean;
  wakeup: Wakeup;
}

export interface Run {
  /** False once the run must stop taking jobs. */
  taking: () => boolean;
  stopped: boolean;
  draining: boolean;
  attempts: Set<Promise<void>>;
  counts: { attempted: number; delivered: number; failed: number };
}

/**
 * The fetch of `batchSize` due jobs for a lane. Webhook jobs carry their URL as pg-boss group:
 * at most `perTarget` active per URL across instances, one for a URL being probed, none for
 * a paused one.
 */
export function fetchOptions(lane: Lane, batchSize: number, breaker: TargetBreaker, perTarget: number): FetchOptions {
  const options: FetchOptions = { batchSize };
  if (lane.kind === 'webhook') {
    const { paused, probing } = breaker.webhookTargets();
    // Jobs are dispatched with their URL as group tier too, so a probed URL can be limited to one.
    options.groupConcurrency =
      probing.length > 0
        ? { default: perTarget, tiers: Object.fromEntries(probing.map((url) => [url, 1])) }
        : perTarget;
    if (paused.length > 0) options.ignoreGroups = paused;
  }
  return options;
}

/** The rows of the jobs a lane took, in one statement. */
export function loadRows(db: Db, ids: string[]) {
  return db
    .select({
      id: deliveries.id,
      kind: deliveries.kind,
      target: deliveries.target,
      subjectType: deliveries.subjectType,
      subjectId: deliveries.subjectId,
      payload: deliveries.payload,
      status: deliveries.status,
      attempts: deliveries.attempts,
    })
    .from(deliveries)
    .where(inArray(deliveries.id, ids));
}
