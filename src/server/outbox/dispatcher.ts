/*
 * The outbox's dispatcher: moves undispatched `deliveries` rows into pg-boss in batches. In
 * one transaction it inserts their jobs through pg-boss's Drizzle adapter and stamps
 * `dispatched_at`, so each row becomes exactly one job; rows are taken FOR UPDATE SKIP
 * LOCKED, so several instances never dispatch one row twice.
 *
 * Why not `boss.send(..., { db: fromDrizzle(tx) })` per job in the caller's transaction:
 * measured on PGlite, one pg-boss insert costs 7–11 ms (a large CTE statement planned every
 * time on a single-connection WASM database), so three per lead capped the lead action at
 * ~30/s. Batched, it is one insert per queue per batch, and the visitor's transaction is
 * two plain inserts.
 *
 * Webhook jobs carry their URL as pg-boss group (and group tier): the delivery engine limits
 * concurrent calls per URL by it and probes a paused URL with a single job.
 */
import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import { fromDrizzle, type DrizzleTransactionLike, type PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import { deliveries, type DeliveryKind } from '../db/schema/deliveries';
import { describeError } from '../describe-error';
import { DELIVERY_QUEUES, type DeliveryJob } from './jobs';
import type { Logger } from '../log/logger';
import type { Clock } from '../clock';

/** Deliveries moved into pg-boss per dispatcher transaction. */
const DISPATCH_BATCH = 200;
/** Delay between an enqueue and the dispatcher run it triggers (lets a burst share one batch). */
const KICK_DELAY_MS = 100;

export interface DispatcherDeps {
  db: Db;
  boss: PgBoss;
  now: Clock;
  log: Logger;
  /** Called after jobs of that kind were dispatched (wakes the local delivery lanes). */
  onDispatched: (kinds: Set<DeliveryKind>) => void;
}

/** Moves undispatched deliveries into pg-boss: on an interval, and shortly after each enqueue. */
export class Dispatcher {
  readonly #deps: DispatcherDeps;
  #running = false;
  #timer: NodeJS.Timeout | undefined;
  #kickTimer: NodeJS.Timeout | undefined;
  #dispatching: Promise<void> | undefined;
  #again = false;

  constructor(deps: DispatcherDeps) {
    this.#deps = deps;
  }

  start(intervalMs: number): void {
    this.#running = true;
    this.#timer = setInterval(() => void this.dispatch(), intervalMs);
  }

  async stop(): Promise<void> {
    this.#running = false;
    clearInterval(this.#timer);
    clearTimeout(this.#kickTimer);
    await this.#dispatching;
  }

  /** Wakes the dispatcher soon; many enqueues within the delay share one batch. */
  kick(): void {
    if (!this.#running || this.#kickTimer) return;
    this.#kickTimer = setTimeout(() => {
      this.#kickTimer = undefined;
      void this.dispatch();
    }, KICK_DELAY_MS);
  }

  /** Dispatches in batches until no undispatched row is left; calls never overlap. */
  dispatch(): Promise<void> {
    if (!this.#running) return Promise.resolve();
    if (this.#dispatching) {
      this.#again = true;
      return this.#dispatching;
    }
    this.#dispatching = (async () => {
      try {
        do {
          this.#again = false;
          while (this.#running) {
            const { count, kinds } = await this.#dispatchBatch();
            if (count > 0) this.#deps.onDispatched(kinds);
            if (count < DISPATCH_BATCH) break;
          }
        } while (this.#again && this.#running);
      } catch (error) {
        this.#deps.log.warn(`dispatch: ${describeError(error)}`);
      } finally {
        this.#dispatching = undefined;
      }
    })();
    return this.#dispatching;
  }

  async #dispatchBatch(): Promise<{ count: number; kinds: Set<DeliveryKind> }> {
    const { db, boss } = this.#deps;
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: deliveries.id, kind: deliveries.kind, target: deliveries.target })
        .from(deliveries)
        .where(isNull(deliveries.dispatchedAt))
        .orderBy(asc(deliveries.createdAt))
        .limit(DISPATCH_BATCH)
        .for('update', { skipLocked: true });
      const kinds = new Set<DeliveryKind>();
      if (rows.length === 0) return { count: 0, kinds };
      const pgboss = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
      const mail = rows.filter((row) => row.kind === 'email');
      // Webhooks and connectors: one queue, grouped by target.
      const hooks = rows.filter((row) => row.kind !== 'email');
      if (mail.length > 0) {
        kinds.add('email');
        await boss.insert(
          DELIVERY_QUEUES.email,
          mail.map((row) => ({ data: { deliveryId: row.id } satisfies DeliveryJob })),
          { db: pgboss },
        );
      }
      if (hooks.length > 0) {
        for (const row of hooks) kinds.add(row.kind);
        await boss.insert(
          DELIVERY_QUEUES.webhook,
          hooks.map((row) => ({
            data: { deliveryId: row.id } satisfies DeliveryJob,
            group: { id: row.target, tier: row.target },
          })),
          { db: pgboss },
        );
      }
      await tx
        .update(deliveries)
        .set({ dispatchedAt: this.#deps.now() })
        .where(
          and(
            inArray(
              deliveries.id,
              rows.map((row) => row.id),
            ),
            isNull(deliveries.dispatchedAt),
          ),
        );
      return { count: rows.length, kinds };
    });
  }
}
