/*
 * Health probes (docs/operating.md, "Health"):
 * - liveness, GET /api/health/live: the process answers HTTP. Nothing else is asked — not
 *   even whether the runtime has finished starting (the middleware answers it before
 *   waiting for the runtime), so a slow start or a database outage never gets a healthy
 *   process restarted.
 * - readiness, GET /api/health/ready (and /api/health, which the start-up warm-up and older
 *   probes call): 200 when this instance can take traffic — database reachable, migrations
 *   applied, delivery queue running — else 503. The age of the oldest pending delivery is
 *   reported but does not make the instance unready (another instance would have the same
 *   backlog); the backlog alert covers it (./alerts.ts).
 *
 * What is missing, the database engine and the backlog are for the operator: they tell an
 * attacker which engine to aim at and when deliveries are stuck. Anyone gets the status
 * code and a yes/no body; the detail needs the metrics token (`Authorization: Bearer
 * METRICS_TOKEN`, ./metrics.ts), and without METRICS_TOKEN set nobody gets it over HTTP.
 */
import { sql } from 'drizzle-orm';
import journal from '../db/migrations/meta/_journal.json';
import type { DatabaseHandle } from '../db/client';
import type { ServiceDeps } from '../service-deps';
import { oldestPendingSeconds } from './delivery-stats';
import { NEVER_CACHED } from '../http/cache-control';
import { carriesMetricsToken } from './metrics';

export { LIVENESS_ROUTE, livenessResponse } from './liveness';

const NO_STORE = { 'Cache-Control': NEVER_CACHED };
/** A probe must answer quickly even when the database does not. */
const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  status: 'ok' | 'starting' | 'unavailable';
  database: 'pglite' | 'postgres';
  checks: {
    database: boolean;
    migrations: boolean;
    /** 'scheduled': a host without a long-lived process delivers from a scheduled function. */
    queue: boolean | 'scheduled';
  };
  oldestPendingDeliverySeconds: number | null;
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('health check timed out')), CHECK_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

const LATEST_MIGRATION_AT = Math.max(...journal.entries.map((entry) => entry.when));

/** Whether the newest migration of this build is recorded (drizzle's own test, src/server/db/migrate.ts). */
async function migrationsApplied(runtime: Pick<ServiceDeps, 'db'>): Promise<boolean> {
  const result = (await runtime.db.execute(
    sql`select max(created_at)::float8 as latest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { latest: number | null }[] };
  return Number(result.rows[0]?.latest ?? 0) >= LATEST_MIGRATION_AT;
}

export async function readiness(
  runtime: Pick<ServiceDeps, 'db' | 'queue' | 'config' | 'ready'> & { database: Pick<DatabaseHandle, 'kind'> },
): Promise<Readiness> {
  const scheduled = runtime.config.deployTarget === 'netlify';
  const checks: Readiness['checks'] = {
    database: false,
    migrations: false,
    queue: scheduled ? 'scheduled' : runtime.queue.running,
  };
  let oldest: number | null = null;
  try {
    await withTimeout(runtime.db.execute(sql`select 1`));
    checks.database = true;
    checks.migrations = await withTimeout(migrationsApplied(runtime));
    oldest = await withTimeout(oldestPendingSeconds(runtime.db));
  } catch {
    // Reported as the failed check; the runtime logs the database's own errors.
  }
  const ready = runtime.ready() && checks.database && checks.migrations && checks.queue !== false;
  return {
    ready,
    status: ready ? 'ok' : runtime.ready() ? 'unavailable' : 'starting',
    database: runtime.database.kind,
    checks,
    oldestPendingDeliverySeconds: oldest === null ? null : Math.round(oldest),
  };
}

type ProbedRuntime = Parameters<typeof readiness>[0];

/** Whether this probe may see the detail: it carries the metrics token. */
function mayReadDetail(runtime: ProbedRuntime, authorization: string | null): boolean {
  return carriesMetricsToken(runtime.config.metricsToken, authorization);
}

/**
 * GET /api/health/ready: `{"ready":true}` (200) or `{"ready":false}` (503); the whole report
 * (checks, engine, backlog) with the metrics token.
 */
export async function readinessResponse(runtime: ProbedRuntime, authorization: string | null): Promise<Response> {
  const { ready, ...detail } = await readiness(runtime);
  const body = mayReadDetail(runtime, authorization) ? detail : { ready };
  return Response.json(body, { status: ready ? 200 : 503, headers: NO_STORE });
}

/** GET /api/health: readiness's status code with a short status; the engine too with the metrics token. */
export async function healthResponse(runtime: ProbedRuntime, authorization: string | null): Promise<Response> {
  const { ready, status, database } = await readiness(runtime);
  const short = { status: status === 'ok' ? 'ok' : 'starting' };
  const body = mayReadDetail(runtime, authorization) ? { ...short, database } : short;
  return Response.json(body, { status: ready ? 200 : 503, headers: NO_STORE });
}
