/*
 * The job queue: pg-boss in the same database as the rows it delivers.
 *
 * Every outgoing e-mail or webhook call is a `deliveries` row plus a pg-boss job
 * pointing at it, both written inside the caller's Drizzle transaction (pg-boss's
 * Drizzle adapter), so a rolled-back insert leaves neither. Workers take one job
 * at a time (`batchSize: 1`: one throw must not fail unrelated jobs), send it,
 * and record every attempt on the row; a throw makes pg-boss retry with
 * exponential back-off.
 *
 * Other features use it through `enqueueMail(tx, message, meta)`, or register
 * their own queue with `defineWorker` before `start()`.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { ConstructorOptions, DrizzleTransactionLike, JobWithMetadata, WorkOptions } from 'pg-boss';
import type { DatabaseHandle, Db, DbOrTx } from '../db/client';
import { deliveries, type DeliveryKind } from '../db/schema';
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
}

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

export interface DeliveryJob {
  deliveryId: string;
}

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
  handler: Handler<any>;
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

  constructor(handle: DatabaseHandle, deps: JobQueueDeps) {
    this.#db = handle.db;
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
    this.#log = deps.log ?? ((line) => console.log(line));
    this.settings = deps.settings ?? DEFAULT_QUEUE_SETTINGS;
    const common: ConstructorOptions = { schedule: false, useListenNotify: true };
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
    this.#workers.push({ name, options, handler });
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
        for (const job of jobs) await handler(job);
      });
    }
    this.#started = true;
  }

  /** Stops fetching, lets running attempts finish (up to `timeoutMs`), then stops. */
  async stop(timeoutMs = 15_000): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }

  /**
   * Queues one e-mail inside the caller's transaction: a `deliveries` row and the job
   * that sends it commit or roll back with the caller's own writes.
   * @returns the delivery id.
   */
  async enqueueMail(tx: DbOrTx, message: MailMessage, meta: DeliveryMeta): Promise<string> {
    const target = Array.isArray(message.to) ? message.to.join(', ') : message.to;
    return this.#enqueue(tx, 'email', target, message, meta);
  }

  /** Queues one webhook POST of `body` (JSON) to `url` inside the caller's transaction. */
  async enqueueWebhook(tx: DbOrTx, url: string, body: object, meta: DeliveryMeta): Promise<string> {
    return this.#enqueue(tx, 'webhook', url, body, meta);
  }

  async #enqueue(tx: DbOrTx, kind: DeliveryKind, target: string, payload: object, meta: DeliveryMeta) {
    const id = randomUUID();
    await tx.insert(deliveries).values({
      id,
      kind,
      target,
      subjectType: meta.subjectType,
      subjectId: meta.subjectId ?? null,
      payload,
      createdAt: this.#now(),
      updatedAt: this.#now(),
    });
    const queue = kind === 'email' ? QUEUE_NAMES.mail : QUEUE_NAMES.webhook;
    const data: DeliveryJob = { deliveryId: id };
    await this.boss.send(queue, data, {
      db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql),
      ...(kind === 'webhook' ? { group: { id: target } } : {}),
    });
    return id;
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
