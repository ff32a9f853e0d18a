/*
 * The delivery side of the outbox: defines the delivery queues with their retry policy,
 * and runs the engine (./engine.ts) over them with the circuit breaker (./breaker.ts) and
 * batched recording of attempts (./settle.ts). It registers with the job queue the way any
 * feature does (./feature.ts); the queue itself knows nothing of deliveries.
 *
 * - Continuously, while the queue runs (a long-lived server), unless built with
 *   `workers: false`.
 * - Bounded, `drainDue({ deadlineMs })`, for hosts without a long-lived process (the
 *   Netlify scheduled and background drains, ./scheduled-drain.ts).
 */
import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import type { DeliveryKind, DeliveryTarget } from '../db/schema/deliveries';
import type { JobQueue, QueueDefinition } from '../jobs/queue';
import { DELIVERY_QUEUES, laneOf } from '../outbox/jobs';
import type { Outbox } from '../outbox/outbox';
import { DEFAULT_BREAKER, TargetBreaker, type TargetState } from './breaker';
import { DeliveryEngine, type DrainResult, type EngineDeps } from './engine';
import { DEFAULT_RATE_LIMIT_WAITS_PER_DAY } from './rate-limit-waits';
import { Settler } from './settle';
import type { DeliverySettings } from './settings';
import type { Transports } from '../transport/transport';
import type { Logger } from '../log/logger';
import type { Clock } from '../clock';

export interface DeliveryServiceDeps {
  db: Db;
  /** The job queue's pg-boss: the engine fetches and settles delivery jobs there. */
  boss: PgBoss;
  /** Whose dispatches wake the engine, and whose pace it keeps. */
  outbox: Outbox;
  transports: Transports;
  settings: DeliverySettings;
  now: Clock;
  log: Logger;
  /** Deliver continuously while the queue runs (default). Off: only `drainDue` delivers. */
  workers?: boolean | undefined;
  /** The team's alert when a delivery fails for a configuration error (src/server/ops/config-alert.ts). */
  onMisconfigured?: EngineDeps['onMisconfigured'];
}

export class DeliveryService {
  readonly settings: DeliverySettings;
  readonly #deps: DeliveryServiceDeps;
  readonly #breaker: TargetBreaker;
  readonly #settler: Settler;
  readonly #engine: DeliveryEngine;
  #started = false;

  constructor(deps: DeliveryServiceDeps) {
    const { db, boss, outbox, transports, settings, now, log } = deps;
    this.#deps = deps;
    this.settings = settings;
    this.#breaker = new TargetBreaker(db, settings.breaker ?? DEFAULT_BREAKER, log);
    this.#settler = new Settler({ db, boss, now, busy: () => outbox.pacer.busy(), log });
    this.#engine = new DeliveryEngine({
      db,
      boss,
      transports,
      breaker: this.#breaker,
      pacer: outbox.pacer,
      settler: this.#settler,
      settings: {
        mailConcurrency: settings.mailConcurrency ?? 10,
        webhookConcurrency: settings.webhookConcurrency ?? 50,
        perTargetConcurrency: settings.perTargetConcurrency ?? 10,
        pollingIntervalSeconds: settings.pollingIntervalSeconds,
        attemptTimeoutMs: Math.max(0, ...Object.values(transports).map((transport) => transport.timeoutMs ?? 0)),
        rateLimitWaitsPerDay: settings.rateLimitWaitsPerDay ?? DEFAULT_RATE_LIMIT_WAITS_PER_DAY,
      },
      now,
      log,
      onMisconfigured: deps.onMisconfigured,
    });
    outbox.onDispatched((kinds) => {
      for (const kind of kinds) this.#engine.wake(laneOf(kind));
    });
  }

  /**
   * Defines the delivery queues (retry policy from the settings; the engine polls and is
   * woken in-process, so no NOTIFY) and runs the engine while `queue` runs. Before `queue.start()`.
   */
  register(queue: JobQueue): void {
    const { retryLimit, retryDelaySeconds, retryBackoff, retryDelayMaxSeconds, expireInSeconds } = this.settings;
    const definition: QueueDefinition = {
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff,
      expireInSeconds,
      ...(retryDelayMaxSeconds ? { retryDelayMax: retryDelayMaxSeconds } : {}),
      notify: false,
    };
    for (const name of new Set(Object.values(DELIVERY_QUEUES))) queue.defineQueue(name, definition);
    queue.attach({ name: 'deliveries', start: () => this.#start(), stop: (timeoutMs) => this.#stop(timeoutMs) });
  }

  /**
   * Delivers due jobs for at most `deadlineMs` milliseconds: stops taking new ones once less
   * than one attempt's timeout is left, waits for those in flight, records them, returns.
   * For a scheduled function on hosts without a long-lived process (docs/operating.md, "Deliveries").
   */
  async drainDue({ deadlineMs }: { deadlineMs: number }): Promise<DrainResult> {
    if (!this.#started) throw new Error('drainDue() before the queue started');
    await this.#deps.outbox.dispatch();
    return this.#engine.drain({ deadlineMs });
  }

  /**
   * A job of this kind was pulled forward ("Tentar agora", ./run-now.ts): the breaker re-reads
   * the pauses that request may have ended, and the lane fetches at once.
   */
  async wake(kind: DeliveryKind): Promise<void> {
    await this.#breaker.refresh();
    this.#engine.wake(laneOf(kind));
  }

  /** Every delivery target ever paused by its circuit breaker, with its state now. */
  targetStates(): Promise<(DeliveryTarget & { state: TargetState })[]> {
    return this.#breaker.list();
  }

  async #start(): Promise<void> {
    this.#started = true;
    await this.#breaker.refresh();
    if (this.#deps.workers !== false) this.#engine.start();
  }

  /** Stops fetching, lets attempts in flight finish and be recorded (up to `timeoutMs`), closes the transports. */
  async #stop(timeoutMs: number): Promise<void> {
    this.#started = false;
    await this.#engine.stop(timeoutMs);
    this.#settler.close();
    await this.#breaker.close();
    for (const transport of Object.values(this.#deps.transports)) transport.close?.();
  }
}
