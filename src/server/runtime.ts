/*
 * The server's long-lived parts, started once per process: owner-only umask → DATA_DIR
 * lock (and any too-open modes in it closed, see owner-only.ts) → database → migrations →
 * job queue and the workers features registered with it; stopped gracefully on SIGTERM/SIGINT.
 *
 * Astro's Node adapter loads middleware lazily, so `src/middleware.ts` awaits
 * `getRuntime()` on every request, and scripts/start.mjs and scripts/support/server.ts
 * send a warm-up `GET /api/health` as soon as the server listens: the lock is then
 * taken at start, and a second server on the same DATA_DIR exits at once with a
 * clear message instead of silently losing writes.
 *
 * The parts themselves are built in ./compose.ts (the composition root); their types are
 * in ./runtime-types.ts, which features import instead of this file, so no import circles
 * back here. The Netlify target boots the same parts without disk, lock or workers.
 *
 * HOW A FEATURE PLUGS IN
 * - Tables: add `src/server/db/schema/<feature>.ts`, re-export it from
 *   `schema/index.ts`, run `npm run db:generate`, commit the migration.
 * - A service: `createXService(deps: Pick<ServiceDeps, …>)` in your folder
 *   (src/server/service-deps.ts is the one shape: db, queue, outbox, delivery, sendMail,
 *   security, rateLimits, config, now, ready); values of one request (client address, user) are
 *   arguments of its methods. Build it in `composeServices` (./compose.ts) and name it in
 *   `Services` (./runtime-types.ts); routes and actions call `Astro.locals.runtime.x`,
 *   never a module-level instance. Keep no mutable state at module level: what lives as
 *   long as the runtime (a buffer, a cache) belongs to the service object.
 * - Mail: in your service's transaction call `deps.outbox.enqueueMail(tx, message,
 *   { subjectType: '<feature>', subjectId })`: the e-mail is sent by the delivery engine
 *   with retries and every attempt lands in `deliveries` (src/server/delivery).
 * - A public form's rate limit: `deps.rateLimits.allow('<form>', ip)` (./rate-limit.ts;
 *   add the form's name to RateLimitedForm).
 * - Background work: a `Feature` (./runtime-types.ts) in FEATURES below. `setup` calls
 *   `runtime.queue.defineWorker(name, options, handler)` (before the queue starts), as the
 *   LGPD feature does — or `defineQueue` and `attach` for a part that fetches its own jobs,
 *   as deliveries do (src/server/delivery/feature.ts); `onStart` runs after the queue started (replays, timers, sockets) and returns the
 *   function that undoes it, which the runtime calls at stop.
 * - Tests build services on their own database and queue (tests/support/db.ts and
 *   `composeServices`), never through this module.
 */
import { composeRuntime } from './compose';
import { ConfigError, loadConfig } from './config';
import { describeError } from './describe-error';
import { deployTargetFromEnv } from './deploy-target';
import { openDatabase, pgliteDirFor } from './db/client';
import { migrateDatabase } from './db/migrate';
import { deliveryFeature } from './delivery/feature';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './lock';
import { restrictToOwner, useOwnerOnlyUmask } from './owner-only';
import { oncePerProcess } from './process-once';
import { leadFeature } from './leads/feature';
import { blogFeature } from './blog/feature';
import { authFeature } from './auth/feature';
import { opsFeature } from './ops/feature';
import { componentLogger, requestContext } from './log/logger';
import { lgpdFeature } from './lgpd/feature';
import { analyticsFeature } from './analytics/feature';
import { inboxFeature } from './inbox/feature';
import type { Feature, Runtime, StopFeature } from './runtime-types';

/** Features with background work. Add yours here (see the header). */
const FEATURES: Feature[] = [
  deliveryFeature,
  leadFeature,
  blogFeature,
  authFeature,
  lgpdFeature,
  analyticsFeature,
  inboxFeature,
  opsFeature,
];

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
async function bootWithoutDisk(): Promise<Runtime> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, transactionPooler: true });
  const runtime: Runtime = {
    ...composeRuntime(config, database, { ready: () => true }),
    stop: () => database.close(),
  };
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
  let ready = false;
  let stopping = false;
  let retryTimer: NodeJS.Timeout | undefined;
  // What the features' starts opened, closed in reverse order at stop.
  const featureStops: StopFeature[] = [];

  // pg-boss's cron (the daily retention job, src/server/lgpd/feature.ts) runs in the long-lived Node process.
  const parts = composeRuntime(config, database, { ready: () => ready, cron: true });
  const { queue } = parts;
  const runtime: Runtime = {
    ...parts,
    stop: async () => {
      if (stopping) return;
      stopping = true;
      clearTimeout(retryTimer);
      for (const stopFeature of featureStops.splice(0).reverse()) await stopFeature().catch(() => undefined);
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
      const stopFeature = await feature
        .onStart?.(runtime)
        .catch((error: unknown) => componentLogger(feature.name).error(`start: ${describeError(error)}`));
      if (!stopFeature) continue;
      // Stopped while starting: close at once what would otherwise outlive the runtime.
      if (stopping) await stopFeature().catch(() => undefined);
      else featureStops.push(stopFeature);
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

/**
 * The process's runtime, booted on first call. Kept per process, not per module copy
 * (./process-once.ts): the dev server evaluates this module again after an edit, and a second
 * boot would find DATA_DIR locked by this same process. Until the dev server restarts, that
 * runtime keeps the services it was built with.
 */
export function getRuntime(): Promise<Runtime> {
  // Booted outside the request that happens to come first: timers and workers started here
  // must not carry that request's id into every later log line.
  return oncePerProcess('runtime', () =>
    requestContext.exit(boot).catch((error: unknown) => {
      // A ConfigError names each wrong variable and never its secret (src/server/config.ts): the
      // operator needs all of it; anything else is described without its values.
      log.fatal(`failed to start: ${error instanceof ConfigError ? error.message : describeError(error)}`);
      process.exit(1);
    }),
  );
}
