/*
 * The job queue: pg-boss in the same database as the rows it delivers, and the one
 * object services use to send anything out.
 *
 * - Writers call `enqueueMail` / `enqueueWebhook` / `enqueueDeliveries` inside their own
 *   transaction: a `deliveries` row per message (src/server/outbox), moved into pg-boss
 *   by the dispatcher after commit.
 * - The delivery engine (src/server/delivery) takes due jobs in batches, sends them
 *   concurrently with a limit per target and a circuit breaker per target, records every
 *   attempt on its row, and lets pg-boss retry failures with exponential back-off.
 * - `drainDue({ deadlineMs })` runs the same engine bounded in time, for hosts without a
 *   long-lived process (a scheduled function); `workers: false` keeps a server from
 *   delivering continuously.
 *
 * Other features may register their own pg-boss queue with `defineWorker` before `start()`.
 */
import { PgBoss, fromPglite } from 'pg-boss';
import type { ConstructorOptions, JobWithMetadata, WorkOptions } from 'pg-boss';
import type { DatabaseHandle, Db, DbOrTx } from '../db/client';
import type { DeliveryTarget } from '../db/schema';
import { describeError, maskMessage } from '../describe-error';
import { lineLogger } from '../log/logger';
import { DEFAULT_BREAKER, TargetBreaker, type BreakerSettings, type TargetState } from '../delivery/breaker';
import { DeliveryEngine, type DrainResult } from '../delivery/engine';
import { Pacer } from '../delivery/pacer';
import { Settler } from '../delivery/settle';
import type { MailMessage, SendMail } from '../mail';
import { Dispatcher, insertDeliveries, type DeliveryMeta, type DeliveryRequest } from '../outbox/outbox';
import { WEBHOOK_TIMEOUT_MS, type WebhookOptions } from '../webhooks';

export type { DeliveryJob, DrainResult } from '../delivery/engine';
export type { DeliveryMeta, DeliveryRequest } from '../outbox/outbox';

/** Retry, polling and concurrency policy of the delivery queues. */
export interface QueueSettings {
  /** Retries after the first attempt. */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  retryDelayMaxSeconds?: number;
  /** Idle poll of the delivery lanes: retries coming due and other instances' jobs are seen within this. */
  pollingIntervalSeconds: number;
  /** An attempt still running after this is considered dead and retried. */
  expireInSeconds: number;
  /** How often the dispatcher looks for undispatched deliveries (it is also woken on enqueue). */
  dispatchIntervalMs?: number;
  /**
   * Least average time between job starts while visitors are submitting (within a second of
   * the last enqueue); otherwise jobs run unpaced. See src/server/delivery/pacer.ts.
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
}

/** ≤ 50 job starts per second on the embedded database while leads are coming in (rounds of 5 every 100 ms). */
export const EMBEDDED_JOB_SPACING_MS = 20;

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

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export const QUEUE_NAMES = { mail: 'deliveries-mail', webhook: 'deliveries-webhook' } as const;

export interface JobQueueDeps {
  sendMail: SendMail;
  webhook?: WebhookOptions;
  settings?: QueueSettings;
  now?: () => Date;
  log?: (line: string) => void;
  /** Deliver continuously once started (default). Off: only `drainDue` delivers. */
  workers?: boolean;
  /** Run pg-boss's cron here, so `boss.schedule()` entries send their jobs: the Node server does (default off). */
  cron?: boolean;
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
  readonly #deps: JobQueueDeps;
  readonly #now: () => Date;
  readonly #workers: WorkerDefinition[] = [];
  readonly #pacer: Pacer;
  readonly #breaker: TargetBreaker;
  readonly #settler: Settler;
  readonly #engine: DeliveryEngine;
  readonly #dispatcher: Dispatcher;
  #started = false;

  constructor(handle: DatabaseHandle, deps: JobQueueDeps) {
    const db: Db = handle.db;
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
    const log = deps.log ?? lineLogger('warn');
    this.settings = deps.settings ?? DEFAULT_QUEUE_SETTINGS;
    // A transaction-mode pooler (Netlify + Supabase) drops LISTEN with the transaction: poll there.
    const common: ConstructorOptions = { schedule: deps.cron === true, useListenNotify: !handle.transactionPooler };
    this.boss =
      handle.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(handle.pglite!), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: handle.databaseUrl!, max: 4, application_name: 'pilota-jobs' });
    // pg-boss sometimes emits a plain copy of an error: only its masked first line is kept then.
    this.boss.on('error', (error: unknown) =>
      log(
        `[jobs] ${error instanceof Error ? describeError(error) : maskMessage(String((error as Error | null)?.message))}`,
      ),
    );

    const queues = { email: QUEUE_NAMES.mail, webhook: QUEUE_NAMES.webhook };
    this.#pacer = new Pacer(this.settings.jobSpacingMs ?? (handle.kind === 'pglite' ? EMBEDDED_JOB_SPACING_MS : 0));
    this.#breaker = new TargetBreaker(db, this.settings.breaker ?? DEFAULT_BREAKER, log);
    this.#settler = new Settler({ db, boss: this.boss, now: this.#now, busy: () => this.#pacer.busy(), log });
    this.#engine = new DeliveryEngine({
      db,
      boss: this.boss,
      queues,
      transports: { sendMail: deps.sendMail, webhook: deps.webhook },
      breaker: this.#breaker,
      pacer: this.#pacer,
      settler: this.#settler,
      settings: {
        mailConcurrency: this.settings.mailConcurrency ?? 10,
        webhookConcurrency: this.settings.webhookConcurrency ?? 50,
        perTargetConcurrency: this.settings.perTargetConcurrency ?? 10,
        pollingIntervalSeconds: this.settings.pollingIntervalSeconds,
        attemptTimeoutMs: deps.webhook?.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      },
      now: this.#now,
      log,
    });
    this.#dispatcher = new Dispatcher({
      db,
      boss: this.boss,
      queues,
      now: this.#now,
      log,
      onDispatched: (kinds) => {
        for (const kind of kinds) this.#engine.wake(kind);
      },
    });
  }

  /**
   * Registers a queue and its worker; call before `start()`. Handlers get one job at
   * a time with its metadata (retryCount, retryLimit) and throw to be retried.
   */
  defineWorker<T extends object>(name: string, options: WorkOptions, handler: Handler<T>): void {
    if (this.#started) throw new Error(`defineWorker(${name}) after start()`);
    this.#workers.push({ name, options, handler: handler as Handler<object> });
  }

  /** Installs or migrates pg-boss's tables, creates the queues, and starts dispatching and delivering. */
  async start(): Promise<void> {
    await this.boss.start();
    const { retryLimit, retryDelaySeconds, retryBackoff, retryDelayMaxSeconds, expireInSeconds } = this.settings;
    const policy = {
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff,
      expireInSeconds,
      ...(retryDelayMaxSeconds ? { retryDelayMax: retryDelayMaxSeconds } : {}),
    };
    // The delivery engine polls and is woken in-process; only other workers listen for NOTIFY.
    const queues = [
      ...Object.values(QUEUE_NAMES).map((name) => ({ name, notify: false })),
      ...this.#workers.map(({ name }) => ({ name, notify: true })),
    ];
    for (const { name, notify } of queues) {
      if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, { ...policy, notify });
      else await this.boss.createQueue(name, { ...policy, notify });
      // pg-boss looks a queue up on first use through its own connection and caches it. On PGlite
      // that is the one connection, so a first use inside our dispatch or settle transaction would
      // wait for the transaction itself: look every queue up now, outside any transaction.
      await this.boss.getJobById(name, NIL_UUID);
    }
    for (const { name, options, handler } of this.#workers) {
      await this.boss.work(name, { ...options, batchSize: 1, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) await handler(job as JobWithMetadata<object>);
      });
    }
    this.#started = true;
    this.#dispatcher.start(this.settings.dispatchIntervalMs ?? 1_000);
    await this.#dispatcher.dispatch();
    await this.#breaker.refresh();
    if (this.#deps.workers !== false) this.#engine.start();
  }

  /** Stops dispatching and fetching, lets running attempts finish (up to `timeoutMs`), then stops. */
  async stop(timeoutMs = 15_000): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#dispatcher.stop();
    await this.#engine.stop(timeoutMs);
    this.#settler.close();
    await this.#breaker.close();
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    this.#deps.sendMail.close?.();
  }

  /** Started and not stopped since: dispatching, and delivering unless constructed with `workers: false`. */
  get running(): boolean {
    return this.#started;
  }

  /** Moves undispatched deliveries into pg-boss now (it also runs on an interval and after enqueues). */
  dispatch(): Promise<void> {
    return this.#dispatcher.dispatch();
  }

  /**
   * Delivers due jobs for at most `deadlineMs` milliseconds: stops taking new ones once less
   * than one attempt's timeout is left, waits for those in flight, records them, returns.
   * For a scheduled function on hosts without a long-lived process (see README).
   */
  async drainDue({ deadlineMs }: { deadlineMs: number }): Promise<DrainResult> {
    if (!this.#started) throw new Error('drainDue() before start()');
    await this.#dispatcher.dispatch();
    return this.#engine.drain({ deadlineMs });
  }

  /** Every delivery target ever paused by its circuit breaker, with its state now. */
  targetStates(): Promise<(DeliveryTarget & { state: TargetState })[]> {
    return this.#breaker.list();
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
    this.#pacer.noteEnqueue();
    // The caller's transaction has not committed yet; the dispatcher picks the rows up after.
    this.#dispatcher.kick();
    return ids;
  }
}
