/*
 * The server's long-lived parts, started once per process: owner-only umask → DATA_DIR
 * lock (and any too-open modes in it closed, see owner-only.ts) → database → migrations →
 * job queue and the workers features registered with it; stopped gracefully on SIGTERM/SIGINT.
 *
 * Astro's Node adapter loads middleware lazily, so `src/middleware.ts` awaits
 * `getRuntime()` on every request, and scripts/start.mjs and tests/support/server.ts
 * send a warm-up `GET /api/health` as soon as the server listens: the lock is then
 * taken at start, and a second server on the same DATA_DIR exits at once with a
 * clear message instead of silently losing writes.
 *
 * HOW A FEATURE PLUGS IN
 * - Tables: add `src/server/db/schema/<feature>.ts`, re-export it from
 *   `schema/index.ts`, run `npm run db:generate`, commit the migration.
 * - Mail: in your service's transaction call `runtime.outbox.enqueueMail(tx, message,
 *   { subjectType: '<feature>', subjectId })`: the e-mail is sent by the delivery engine
 *   with retries and every attempt lands in `deliveries` (src/server/delivery).
 * - Own jobs: add an entry to FEATURES below whose `setup` calls
 *   `queue.defineWorker(name, options, handler)` (runs before the queue starts), as the LGPD
 *   feature does — or `defineQueue` and `attach` for a part that fetches its own jobs, as
 *   deliveries do (src/server/delivery/feature.ts); `onStart` runs after the queue started
 *   (e.g. replays, warm caches).
 * - Services take `{ db, outbox, config, now }` from here as arguments, never import
 *   this module themselves (tests build those deps from tests/support/db.ts).
 */
import { loadConfig, type Config } from './config';
import { describeError } from './describe-error';
import { deployTargetFromEnv } from './deploy-target';
import { openDatabase, pgliteDirFor, type DatabaseHandle, type Db } from './db/client';
import { migrateDatabase } from './db/migrate';
import { JobQueue } from './jobs/queue';
import { createDeliveries, deliveryFeature } from './delivery/feature';
import type { DeliveryService } from './delivery/delivery.service';
import type { Outbox } from './outbox/outbox';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './lock';
import { restrictToOwner, useOwnerOnlyUmask } from './owner-only';
import { createMailer, type SendMail } from './mail';
import { leadFeature } from './leads/feature';
import { blogFeature } from './blog/feature';
import { authFeature } from './auth';
import { opsFeature } from './ops/feature';
import { componentLogger, lineLogger, requestContext } from './log/logger';
import { lgpdFeature } from './lgpd/feature';

export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  queue: JobQueue;
  /** Where services queue e-mails and webhook calls, inside their own transaction. */
  outbox: Outbox;
  /** The delivery engine: bounded drains, paused targets. */
  delivery: DeliveryService;
  sendMail: SendMail;
  now: () => Date;
  /** False while the database cannot be reached (PostgreSQL down at start); retried in the background. */
  ready: () => boolean;
  stop: () => Promise<void>;
}

export interface Feature {
  name: string;
  /** Before the queue starts: define workers. */
  setup?: (runtime: Runtime) => void;
  /** After the queue started; errors are logged, never fatal. */
  onStart?: (runtime: Runtime) => Promise<void>;
  /** Before the queue stops. */
  onStop?: (runtime: Runtime) => Promise<void>;
}

/** Features with background work. Add yours here (see the header). */
const FEATURES: Feature[] = [deliveryFeature, leadFeature, blogFeature, authFeature, lgpdFeature, opsFeature];

const log = componentLogger('runtime');

const RETRY_START_MS = 5_000;

/**
 * An install from before DATA_DIR was owner-only (or a copy restored with open modes) is
 * closed at start. The log says how many entries changed, never which: names are enough
 * to tell what kind of data lies there.
 */
function closeDataDir(dataDir: string): void {
  const { fixed, failed } = restrictToOwner(dataDir);
  if (fixed > 0) log.warn(`DATA_DIR: ${fixed} files and folders were open to other users; now owner-only`);
  if (failed > 0) {
    log.error(
      `DATA_DIR: ${failed} files or folders could not be made owner-only (owned by another user?); check their permissions`,
    );
  }
}

/**
 * Netlify functions have no lasting disk and no life between requests: no DATA_DIR lock,
 * no embedded database, no spool, no migrations (a deploy applies them over
 * DATABASE_MIGRATION_URL, scripts/netlify-build.ts) and no workers or timers. PostgreSQL is
 * reached through Supabase's transaction-mode pooler; the deliveries a request writes wait
 * in the database for a delivery run.
 */
/** What both boots share: the configuration, the database and the services built once on them. */
function services(config: Config, database: DatabaseHandle, cron = false): Omit<Runtime, 'ready' | 'stop'> {
  const sendMail = createMailer(config, lineLogger('info'));
  // pg-boss's own errors are logged with the deliveries', as they always were.
  const deliveryLog = lineLogger('warn', 'deliveries');
  const queue = new JobQueue(database, { cron, log: deliveryLog });
  const { outbox, delivery } = createDeliveries(database, queue, {
    sendMail,
    webhook: { secret: config.webhookSecret },
    log: deliveryLog,
  });
  return { config, database, db: database.db, queue, outbox, delivery, sendMail, now: () => new Date() };
}

async function bootWithoutDisk(): Promise<Runtime> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, transactionPooler: true });
  const runtime: Runtime = { ...services(config, database), ready: () => true, stop: () => database.close() };
  for (const feature of FEATURES) feature.setup?.(runtime);
  return runtime;
}

async function boot(): Promise<Runtime> {
  if (deployTargetFromEnv(process.env) === 'netlify') return bootWithoutDisk();
  // Before loadConfig: it may create DATA_DIR and the secret in it.
  useOwnerOnlyUmask();
  const config = loadConfig();
  let lock: DataDirLock;
  try {
    lock = await lockDataDir(config.dataDir, (error) => {
      log.fatal(`lost the lock on ${config.dataDir}: ${error.message}; stopping to protect the data`);
      process.exit(1);
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      log.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  closeDataDir(config.dataDir);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirFor(config.dataDir),
  });
  // pg-boss's cron (the daily retention job, src/server/lgpd/feature.ts) runs in the long-lived Node process.
  const shared = services(config, database, true);
  const { queue } = shared;

  let ready = false;
  let stopping = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const runtime: Runtime = {
    ...shared,
    ready: () => ready,
    stop: async () => {
      if (stopping) return;
      stopping = true;
      clearTimeout(retryTimer);
      for (const feature of FEATURES) await feature.onStop?.(runtime).catch(() => undefined);
      await queue.stop().catch((error: unknown) => log.error(`queue stop: ${describeError(error)}`));
      await database.close().catch(() => undefined);
      await lock.release();
    },
  };

  for (const feature of FEATURES) feature.setup?.(runtime);

  const start = async () => {
    try {
      await migrateDatabase(database.db);
      await queue.start();
      ready = true;
      log.info(`${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'} ready`);
    } catch (error) {
      // Only PostgreSQL can be unreachable; leads meanwhile go to the spool (degraded mode).
      log.error(`database not available yet (${describeError(error)}); retrying in ${RETRY_START_MS / 1000} s`);
      if (!stopping) retryTimer = setTimeout(() => void start(), RETRY_START_MS);
      return;
    }
    for (const feature of FEATURES) {
      await feature
        .onStart?.(runtime)
        .catch((error: unknown) => componentLogger(feature.name).error(`start: ${describeError(error)}`));
    }
  };
  await start();

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info(`${signal}: stopping workers and closing the database…`);
      void runtime.stop().finally(() => process.exit(0));
    });
  }
  return runtime;
}

let runtimePromise: Promise<Runtime> | undefined;

/** The process's runtime, booted on first call. */
export function getRuntime(): Promise<Runtime> {
  // Booted outside the request that happens to come first: timers and workers started here
  // must not carry that request's id into every later log line.
  runtimePromise ??= requestContext.exit(boot).catch((error: unknown) => {
    log.fatal(`failed to start: ${describeError(error)}`);
    process.exit(1);
  });
  return runtimePromise;
}
