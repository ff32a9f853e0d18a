/*
 * The job queue: pg-boss in the same database as the rows it delivers.
 *
 * Every outgoing e-mail or webhook call is a `deliveries` row written inside the
 * caller's Drizzle transaction, so a rolled-back insert leaves nothing to send.
 * A dispatcher then moves undispatched rows into pg-boss in batches: in one
 * transaction it inserts their jobs through pg-boss's Drizzle adapter and stamps
 * `dispatched_at`, so each row becomes exactly one job (transactional outbox).
 *
 * Why not `boss.send(..., { db: fromDrizzle(tx) })` per job in the caller's
 * transaction: measured on PGlite, one pg-boss insert costs 7–11 ms (a large
 * CTE statement planned every time on a single-connection WASM database), so
 * three per lead capped the lead action at ~30/s. Batched, it is one insert per
 * queue per batch, and the visitor's transaction is two plain inserts.
 *
 * Workers take one job at a time (`batchSize: 1`: one throw must not fail
 * unrelated jobs), send it, and record every attempt on the row; a throw makes
 * pg-boss retry with exponential back-off.
 *
 * Other features use it through `enqueueMail(tx, message, meta)`, or register
 * their own queue with `defineWorker` before `start()`.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { ConstructorOptions, DrizzleTransactionLike, JobWithMetadata, WorkOptions } from 'pg-boss';
import { bulkInsert } from '../db/bulk';
import type { DatabaseHandle, Db, DbOrTx } from '../db/client';
import { deliveries } from '../db/schema';
import type { MailMessage, SendMail } from '../mail';
import { postWebhook, type WebhookOptions } from '../webhooks';

/** Retry and polling policy of the delivery queues. */
export interface QueueSettings {
  /** Retries after the first attempt. */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  retryDelayMaxSeconds?: number;
  /** Backstop poll; new jobs also wake workers at once through LISTEN/NOTIFY. */
  pollingIntervalSeconds: number;
  /** An attempt still running after this is considered dead and retried. */
  expireInSeconds: number;
  /** How often the dispatcher looks for undispatched deliveries (it is also woken on enqueue). */
  dispatchIntervalMs?: number;
  /**
   * Least time between the starts of two jobs (all workers together) while visitors are
   * submitting, i.e. within a second of the last enqueue; otherwise jobs run unpaced. The
   * embedded database has one connection and each job's fetch + completion costs pg-boss
   * two commits (~10 ms) on it: unpaced, a backlog of deliveries would starve visitors'
   * requests during a burst. Defaults to EMBEDDED_JOB_SPACING_MS on PGlite, 0 on PostgreSQL.
   */
  jobSpacingMs?: number;
}

/** ≤ 10 job starts per second on the embedded database while leads are coming in. */
export const EMBEDDED_JOB_SPACING_MS = 100;
const BUSY_WINDOW_MS = 1_000;

/**
 * 11 attempts; pg-boss waits between retryDelay·2ⁿ/2 and retryDelay·2ⁿ (n = retry number,
 * jittered), so 30 s base gives ≈ 1 min, 2 min, 4 min … capped at 1 h: at least 8 attempts
 * spread over well more than an hour (≈ 4 h 15 min at the least) before a delivery is given up.
 */
export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryBackoff: true,
  retryDelayMaxSeconds: 3600,
  pollingIntervalSeconds: 2,
  expireInSeconds: 60,
};

export const QUEUE_NAMES = { mail: 'deliveries-mail', webhook: 'deliveries-webhook' } as const;

/** Deliveries moved into pg-boss per dispatcher transaction. */
const DISPATCH_BATCH = 200;
/** Delay between an enqueue and the dispatcher run it triggers (lets a burst share one batch). */
const KICK_DELAY_MS = 100;

export interface DeliveryJob {
  deliveryId: string;
}

export type DeliveryRequest =
  | { kind: 'email'; message: MailMessage; meta: DeliveryMeta }
  | { kind: 'webhook'; url: string; body: object; meta: DeliveryMeta };

/** What a delivery is about, for listing a lead's (or request's) deliveries. */
export interface DeliveryMeta {
  subjectType: string;
  subjectId?: string | undefined;
}

export interface JobQueueDeps {
  sendMail: SendMail;
  webhook?: WebhookOptions;
  settings?: QueueSettings;
  now?: () => Date;
  log?: (line: string) => void;
}

type Handler<T> = (job: JobWithMetadata<T>) => Promise<unknown>;
interface WorkerDefinition {
  name: string;
  options: WorkOptions;
  handler: Handler<object>;
}

export class JobQueue {
  readonly boss: PgBoss;
  readonly settings: QueueSettings;
  readonly #db: Db;
  readonly #deps: JobQueueDeps;
  readonly #now: () => Date;
  readonly #log: (line: string) => void;
  readonly #workers: WorkerDefinition[] = [];
  #started = false;
  #dispatchTimer: NodeJS.Timeout | undefined;
  #dispatching: Promise<void> | undefined;
  #dispatchAgain = false;
  #kickTimer: NodeJS.Timeout | undefined;
  readonly #jobSpacingMs: number;
  #nextJobAt = 0;
  #lastEnqueueAt = 0;

  constructor(handle: DatabaseHandle, deps: JobQueueDeps) {
    this.#db = handle.db;
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
    this.#log = deps.log ?? ((line) => console.log(line));
    this.settings = deps.settings ?? DEFAULT_QUEUE_SETTINGS;
    this.#jobSpacingMs = this.settings.jobSpacingMs ?? (handle.kind === 'pglite' ? EMBEDDED_JOB_SPACING_MS : 0);
    // A transaction-mode pooler (Netlify + Supabase) drops LISTEN with the transaction: poll there.
    const common: ConstructorOptions = { schedule: false, useListenNotify: !handle.transactionPooler };
    this.boss =
      handle.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(handle.pglite!), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: handle.databaseUrl!, max: 4, application_name: 'pilota-jobs' });
    this.boss.on('error', (error) => this.#log(`[jobs] ${error.message}`));

    // The same interval with NOTIFY active: retries become due without any notification.
    const poll = {
      pollingIntervalSeconds: this.settings.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: this.settings.pollingIntervalSeconds,
    };
    this.defineWorker<DeliveryJob>(QUEUE_NAMES.mail, { ...poll, localConcurrency: 2 }, (job) => this.#deliver(job));
    // Several slots, at most two per URL: a hanging receiver never holds up the others.
    this.defineWorker<DeliveryJob>(
      QUEUE_NAMES.webhook,
      { ...poll, localConcurrency: 6, localGroupConcurrency: 2 },
      (job) => this.#deliver(job),
    );
  }

  /**
   * Registers a queue and its worker; call before `start()`. Handlers get one job at
   * a time with its metadata (retryCount, retryLimit) and throw to be retried.
   */
  defineWorker<T extends object>(name: string, options: WorkOptions, handler: Handler<T>): void {
    if (this.#started) throw new Error(`defineWorker(${name}) after start()`);
    this.#workers.push({ name, options, handler: handler as Handler<object> });
  }

  /** Installs or migrates pg-boss's tables, creates the queues and starts the workers. */
  async start(): Promise<void> {
    await this.boss.start();
    const { retryLimit, retryDelaySeconds, retryBackoff, retryDelayMaxSeconds, expireInSeconds } = this.settings;
    const policy = {
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff,
      expireInSeconds,
      notify: true,
      ...(retryDelayMaxSeconds ? { retryDelayMax: retryDelayMaxSeconds } : {}),
    };
    for (const { name } of this.#workers) {
      if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, policy);
      else await this.boss.createQueue(name, policy);
    }
    for (const { name, options, handler } of this.#workers) {
      await this.boss.work(name, { ...options, batchSize: 1, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) {
          await this.#pace();
          await handler(job as JobWithMetadata<object>);
        }
      });
    }
    this.#started = true;
    const interval = this.settings.dispatchIntervalMs ?? 1_000;
    this.#dispatchTimer = setInterval(() => void this.dispatch(), interval);
    await this.dispatch();
  }

  /** Stops dispatching and fetching, lets running attempts finish (up to `timeoutMs`), then stops. */
  async stop(timeoutMs = 15_000): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    clearInterval(this.#dispatchTimer);
    clearTimeout(this.#kickTimer);
    await this.#dispatching;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }

  /**
   * Moves undispatched deliveries into pg-boss, in batches, until none is left.
   * Runs on an interval and shortly after each enqueue; calls never overlap.
   */
  dispatch(): Promise<void> {
    if (!this.#started) return Promise.resolve();
    if (this.#dispatching) {
      this.#dispatchAgain = true;
      return this.#dispatching;
    }
    this.#dispatching = (async () => {
      try {
        do {
          this.#dispatchAgain = false;
          while (this.#started && (await this.#dispatchBatch()) === DISPATCH_BATCH);
        } while (this.#dispatchAgain && this.#started);
      } catch (error) {
        this.#log(`[jobs] dispatch: ${(error as Error).message}`);
      } finally {
        this.#dispatching = undefined;
      }
    })();
    return this.#dispatching;
  }

  async #dispatchBatch(): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: deliveries.id, kind: deliveries.kind, target: deliveries.target })
        .from(deliveries)
        .where(isNull(deliveries.dispatchedAt))
        .orderBy(asc(deliveries.createdAt))
        .limit(DISPATCH_BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      const db = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
      const mail = rows.filter((row) => row.kind === 'email');
      const hooks = rows.filter((row) => row.kind === 'webhook');
      if (mail.length > 0) {
        await this.boss.insert(
          QUEUE_NAMES.mail,
          mail.map((row) => ({ data: { deliveryId: row.id } satisfies DeliveryJob })),
          { db },
        );
      }
      if (hooks.length > 0) {
        await this.boss.insert(
          QUEUE_NAMES.webhook,
          hooks.map((row) => ({ data: { deliveryId: row.id } satisfies DeliveryJob, group: { id: row.target } })),
          { db },
        );
      }
      await tx
        .update(deliveries)
        .set({ dispatchedAt: this.#now() })
        .where(
          and(
            inArray(
              deliveries.id,
              rows.map((row) => row.id),
            ),
            isNull(deliveries.dispatchedAt),
          ),
        );
      return rows.length;
    });
  }

  /** Waits for this job's turn (see QueueSettings.jobSpacingMs). */
  async #pace(): Promise<void> {
    if (this.#jobSpacingMs <= 0) return;
    const now = Date.now();
    if (now - this.#lastEnqueueAt > BUSY_WINDOW_MS) {
      this.#nextJobAt = now;
      return;
    }
    const at = Math.max(now, this.#nextJobAt);
    this.#nextJobAt = at + this.#jobSpacingMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  /** Wakes the dispatcher soon; many enqueues within the delay share one batch. */
  #kick(): void {
    if (!this.#started || this.#kickTimer) return;
    this.#kickTimer = setTimeout(() => {
      this.#kickTimer = undefined;
      void this.dispatch();
    }, KICK_DELAY_MS);
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
    const now = this.#now();
    const rows = items.map((item) => ({
      id: randomUUID(),
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
    await bulkInsert(tx, deliveries, rows);
    this.#lastEnqueueAt = Date.now();
    // The caller's transaction has not committed yet; the dispatcher picks the rows up after.
    this.#kick();
    return rows.map((row) => row.id);
  }

  /** One attempt of one delivery; throws (so pg-boss retries) when it did not go through. */
  async #deliver(job: JobWithMetadata<DeliveryJob>): Promise<void> {
    const [row] = await this.#db.select().from(deliveries).where(eq(deliveries.id, job.data.deliveryId));
    // Already done: the process died after sending but before pg-boss recorded completion.
    if (!row || row.status === 'sent' || row.status === 'logged') return;
    const attempts = row.attempts + 1;
    const attemptAt = this.#now();
    try {
      let status: 'sent' | 'logged' = 'sent';
      if (row.kind === 'email') {
        const result = await this.#deps.sendMail(row.payload as MailMessage);
        if (result.transport === 'log') status = 'logged';
      } else {
        await postWebhook(row.target, row.payload, this.#deps.webhook);
      }
      await this.#db
        .update(deliveries)
        .set({ status, attempts, lastAttemptAt: attemptAt, deliveredAt: this.#now(), updatedAt: this.#now() })
        .where(eq(deliveries.id, row.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = job.retryCount >= job.retryLimit;
      await this.#db
        .update(deliveries)
        .set({
          status: final ? 'failed' : 'retrying',
          attempts,
          lastError: message.slice(0, 2000),
          lastAttemptAt: attemptAt,
          updatedAt: this.#now(),
        })
        .where(eq(deliveries.id, row.id));
      this.#log(
        `[jobs] ${row.kind} to ${row.target} failed (attempt ${attempts}${final ? ', giving up' : ', will retry'}): ${message}`,
      );
      throw error;
    }
  }
}
