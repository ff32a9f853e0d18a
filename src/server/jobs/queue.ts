/*
 * The job queue: pg-boss in the same database as the rows its jobs are about, and nothing
 * more. It knows no feature: features register with it before `start()` (see the header of
 * src/server/runtime.ts), the way the outbox and the delivery engine do (src/server/delivery/
 * feature.ts):
 *
 * - `defineQueue(name, options)`: a queue with its retry policy, created or updated at start.
 * - `defineWorker(name, options, handler)`: a queue and a pg-boss worker that hands the
 *   handler one job at a time (throw to have it retried).
 * - `attach(part)`: a part that fetches or writes jobs on its own terms (the outbox's
 *   dispatcher, the delivery engine's lanes), started once every queue exists, stopped
 *   before pg-boss.
 *
 * `send` queues one job from anywhere; `boss` is there for what this wrapper does not cover
 * (cron schedules, maintenance, inserting jobs inside a caller's transaction).
 */
import { PgBoss, fromPglite } from 'pg-boss';
import type { ConstructorOptions, JobWithMetadata, QueueOptions, SendOptions, WorkOptions } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { describeError, safeFirstLine } from '../describe-error';
import { componentLogger, type Logger } from '../log/logger';

/** A queue's retry and expiry policy (pg-boss's names), plus whether its workers are woken by NOTIFY. */
export type QueueDefinition = Pick<
  QueueOptions,
  'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax' | 'expireInSeconds'
> & {
  /** Wake this process's pg-boss workers by LISTEN/NOTIFY (default true); off for queues fetched by a part. */
  notify?: boolean;
};

/**
 * The policy of a queue defined without one: 11 attempts, back-off from 30 s capped at 1 h,
 * an attempt still running after 60 s is retried.
 */
export const DEFAULT_QUEUE_DEFINITION: QueueDefinition = {
  retryLimit: 10,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 60,
};

/** Something that lives as long as the queue runs: started in the order attached, and stopped in it too. */
export interface QueuePart {
  name: string;
  start: () => Promise<void>;
  /** Stop taking work, let work in flight finish for up to `timeoutMs`. */
  stop: (timeoutMs: number) => Promise<void>;
}

export interface JobQueueDeps {
  log?: Logger;
  /** Run pg-boss's cron here, so `boss.schedule()` entries send their jobs: the Node server does (default off). */
  cron?: boolean;
  /**
   * How often pg-boss's supervision fails expired attempts so they are retried (pg-boss's
   * default, 60 s, when unset); an expiry shorter than that would otherwise wait for it.
   */
  superviseIntervalSeconds?: number;
}

type Handler<T> = (job: JobWithMetadata<T>) => Promise<unknown>;
interface WorkerDefinition {
  name: string;
  options: WorkOptions;
  handler: Handler<object>;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export class JobQueue {
  readonly boss: PgBoss;
  readonly #log: Logger;
  readonly #queues = new Map<string, QueueDefinition>();
  readonly #workers: WorkerDefinition[] = [];
  readonly #parts: QueuePart[] = [];
  #started = false;

  constructor(handle: DatabaseHandle, deps: JobQueueDeps = {}) {
    this.#log = deps.log ?? componentLogger('jobs');
    // A transaction-mode pooler (Netlify + Supabase) drops LISTEN with the transaction: poll there.
    const common: ConstructorOptions = {
      schedule: deps.cron === true,
      useListenNotify: !handle.transactionPooler,
      ...(deps.superviseIntervalSeconds ? { superviseIntervalSeconds: deps.superviseIntervalSeconds } : {}),
    };
    this.boss =
      handle.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(handle.pglite!), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: handle.databaseUrl!, max: 4, application_name: 'pilota-jobs' });
    // pg-boss sometimes emits a plain copy of an error: only its masked first line is kept then.
    this.boss.on('error', (error: unknown) =>
      this.#log.warn(
        `${error instanceof Error ? describeError(error) : safeFirstLine(String((error as Error | null)?.message))}`,
      ),
    );
  }

  /** Registers a queue with its policy (DEFAULT_QUEUE_DEFINITION when none); call before `start()`. */
  defineQueue(name: string, definition: QueueDefinition = DEFAULT_QUEUE_DEFINITION): void {
    this.#beforeStart(`defineQueue(${name})`);
    this.#queues.set(name, definition);
  }

  /**
   * Registers a queue and its worker; call before `start()`. Handlers get one job at
   * a time with its metadata (retryCount, retryLimit) and throw to be retried.
   */
  defineWorker<T extends object>(
    name: string,
    options: WorkOptions,
    handler: Handler<T>,
    definition: QueueDefinition = DEFAULT_QUEUE_DEFINITION,
  ): void {
    this.defineQueue(name, definition);
    this.#workers.push({ name, options, handler: handler as Handler<object> });
  }

  /** Registers a part started with the queue and stopped with it; call before `start()`. */
  attach(part: QueuePart): void {
    this.#beforeStart(`attach(${part.name})`);
    this.#parts.push(part);
  }

  /** Installs or migrates pg-boss's tables, creates or updates the queues, starts the workers, then the parts. */
  async start(): Promise<void> {
    await this.boss.start();
    for (const [name, { notify = true, ...policy }] of this.#queues) {
      if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, { ...policy, notify });
      else await this.boss.createQueue(name, { ...policy, notify });
      // pg-boss looks a queue up on first use through its own connection and caches it. On PGlite
      // that is the one connection, so a first use inside a caller's transaction (the outbox's
      // dispatch, the engine's settling) would wait for the transaction itself: look every queue
      // up now, outside any transaction.
      await this.boss.getJobById(name, NIL_UUID);
    }
    for (const { name, options, handler } of this.#workers) {
      await this.boss.work(name, { ...options, batchSize: 1, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) await handler(job as JobWithMetadata<object>);
      });
    }
    this.#started = true;
    for (const part of this.#parts) await part.start();
  }

  /** Stops the parts (each lets its work in flight finish, up to `timeoutMs`), then pg-boss's workers and pg-boss. */
  async stop(timeoutMs = 15_000): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    for (const part of this.#parts) {
      await part
        .stop(timeoutMs)
        .catch((error: unknown) => this.#log.warn(`stopping ${part.name}: ${describeError(error)}`));
    }
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }

  /** Started and not stopped since. */
  get running(): boolean {
    return this.#started;
  }

  /** Queues one job on a defined queue. @returns its id, or null when a singleton option dropped it. */
  send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, options);
  }

  #beforeStart(what: string): void {
    if (this.#started) throw new Error(`${what} after start()`);
  }
}
