/*
 * The transactional outbox of deliveries: the one way services send anything out.
 *
 * Every outgoing e-mail or webhook call is a `deliveries` row written inside the caller's
 * Drizzle transaction (`enqueueMail`, `enqueueWebhook`, `enqueueDeliveries`), so a
 * rolled-back insert leaves nothing to send. After commit the dispatcher (./dispatcher.ts)
 * moves new rows into pg-boss, shortly after each enqueue and on an interval; the delivery
 * engine (src/server/delivery), told of every dispatch through `onDispatched`, sends them.
 * Enqueues also set the pace of delivery work on the embedded database (./pacer.ts).
 *
 * Registered with the job queue like any feature (src/server/delivery/feature.ts): the
 * dispatcher runs while the queue does. Unstarted (a Netlify request), rows simply wait in
 * the database for the next delivery run.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { bulkInsert } from '../db/bulk';
import type { Db, DbOrTx } from '../db/client';
import { deliveries, type ConnectorKind, type DeliveryKind } from '../db/schema/deliveries';
import type { JobQueue } from '../jobs/queue';
import type { MailMessage } from '../mail';
import { Dispatcher } from './dispatcher';
import { Pacer } from './pacer';
import type { Logger } from '../log/logger';
import { type Clock, systemClock } from '../clock';

export type DeliveryRequest = (
  | { kind: 'email'; message: MailMessage; meta: DeliveryMeta }
  | { kind: 'webhook'; url: string; body: object; meta: DeliveryMeta }
  /** A connector's call (src/server/connectors): `url` is its endpoint, never with a secret. */
  | { kind: ConnectorKind; url: string; body: object; meta: DeliveryMeta }
) & {
  /**
   * The delivery's id when the caller fixes it (e.g. `webhookDeliveryId`); a random one
   * otherwise. A delivery whose id is already stored is not queued again.
   */
  id?: string | undefined;
};

/** What a delivery is about, for listing a lead's (or request's) deliveries. */
export interface DeliveryMeta {
  subjectType: string;
  subjectId?: string | undefined;
}

/**
 * Writes the rows of `items` in the caller's transaction (one statement); an id already
 * stored (or twice in `items`) is skipped, so enqueueing a fixed id is idempotent.
 * @returns the delivery ids, in order.
 */
export async function insertDeliveries(tx: DbOrTx, items: DeliveryRequest[], now: Date): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = items.map((item) => ({
    id: item.id ?? randomUUID(),
    kind: item.kind,
    target:
      item.kind === 'email'
        ? Array.isArray(item.message.to)
          ? item.message.to.join(', ')
          : item.message.to
        : item.url,
    subjectType: item.meta.subjectType,
    subjectId: item.meta.subjectId ?? null,
    payload: item.kind === 'email' ? item.message : item.body,
    createdAt: now,
    updatedAt: now,
  }));
  await bulkInsert(tx, deliveries, rows, { onConflictDoNothing: deliveries.id });
  return rows.map((row) => row.id);
}

/**
 * Rewrites, in the caller's transaction, the stored copy of the e-mails about `meta` to
 * `target` that are no longer waiting (sent, logged or given up): e.g. to drop a link that
 * stopped working. One still waiting keeps its payload, or it could not be sent.
 */
export async function rewriteSentMail(
  tx: DbOrTx,
  meta: { subjectType: string; subjectId: string },
  target: string,
  rewrite: (message: MailMessage) => MailMessage,
): Promise<void> {
  const sent = await tx
    .select({ id: deliveries.id, payload: deliveries.payload })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.subjectType, meta.subjectType),
        eq(deliveries.subjectId, meta.subjectId),
        eq(deliveries.target, target),
        inArray(deliveries.status, ['sent', 'logged', 'failed']),
      ),
    );
  for (const delivery of sent) {
    await tx
      .update(deliveries)
      .set({ payload: rewrite(delivery.payload as MailMessage) })
      .where(eq(deliveries.id, delivery.id));
  }
}

export interface OutboxDeps {
  db: Db;
  /** The job queue's pg-boss, whose tables the dispatcher inserts jobs into. */
  boss: PgBoss;
  now?: Clock;
  log: Logger;
  /** Least average time between delivery job starts while visitors are submitting (./pacer.ts); 0: unpaced. */
  jobSpacingMs: number;
  /** How often the dispatcher looks for undispatched deliveries (it is also woken on enqueue; default 1 s). */
  dispatchIntervalMs?: number | undefined;
}

export class Outbox {
  /** Shared with the delivery engine, which takes work at its pace. */
  readonly pacer: Pacer;
  readonly #now: Clock;
  readonly #dispatcher: Dispatcher;
  readonly #dispatchIntervalMs: number;
  readonly #listeners: ((kinds: Set<DeliveryKind>) => void)[] = [];

  constructor(deps: OutboxDeps) {
    this.#now = deps.now ?? systemClock;
    this.pacer = new Pacer(deps.jobSpacingMs);
    this.#dispatchIntervalMs = deps.dispatchIntervalMs ?? 1_000;
    this.#dispatcher = new Dispatcher({
      db: deps.db,
      boss: deps.boss,
      now: this.#now,
      log: deps.log,
      onDispatched: (kinds) => {
        for (const listener of this.#listeners) listener(kinds);
      },
    });
  }

  /** Dispatches while `queue` runs (and once at its start); call before `queue.start()`. */
  register(queue: JobQueue): void {
    queue.attach({
      name: 'outbox',
      start: async () => {
        this.#dispatcher.start(this.#dispatchIntervalMs);
        await this.#dispatcher.dispatch();
      },
      stop: () => this.#dispatcher.stop(),
    });
  }

  /** Calls `listener` after jobs of those kinds were dispatched by this process. */
  onDispatched(listener: (kinds: Set<DeliveryKind>) => void): void {
    this.#listeners.push(listener);
  }

  /** Moves undispatched deliveries into pg-boss now (it also runs on an interval and after enqueues). */
  dispatch(): Promise<void> {
    return this.#dispatcher.dispatch();
  }

  /**
   * Queues one e-mail inside the caller's transaction: a `deliveries` row and the job
   * that sends it commit or roll back with the caller's own writes.
   * @returns the delivery id.
   */
  async enqueueMail(tx: DbOrTx, message: MailMessage, meta: DeliveryMeta): Promise<string> {
    const [id] = await this.enqueueDeliveries(tx, [{ kind: 'email', message, meta }]);
    return id!;
  }

  /** Queues one webhook POST of `body` (JSON) to `url` inside the caller's transaction. */
  async enqueueWebhook(tx: DbOrTx, url: string, body: object, meta: DeliveryMeta): Promise<string> {
    const [id] = await this.enqueueDeliveries(tx, [{ kind: 'webhook', url, body, meta }]);
    return id!;
  }

  /** Several deliveries in one statement (same guarantees as enqueueMail/enqueueWebhook). */
  async enqueueDeliveries(tx: DbOrTx, items: DeliveryRequest[]): Promise<string[]> {
    if (items.length === 0) return [];
    const ids = await insertDeliveries(tx, items, this.#now());
    this.pacer.noteEnqueue();
    // The caller's transaction has not committed yet; the dispatcher picks the rows up after.
    this.#dispatcher.kick();
    return ids;
  }
}
