/*
 * The operator's probes of a runtime (built in src/server/compose.ts): readiness and health
 * (./health.ts) and the Prometheus metrics (./metrics.ts), each answering with the whole
 * Response for the request's Authorization header. Liveness needs no runtime (./liveness.ts).
 */
import type { DatabaseHandle } from '../db/client';
import type { ServiceDeps } from '../service-deps';
import { healthResponse, readinessResponse } from './health';
import { metricsResponse } from './metrics';

export interface OpsService {
  /** GET /api/health/ready. */
  readiness(authorization: string | null): Promise<Response>;
  /** GET /api/health. */
  health(authorization: string | null): Promise<Response>;
  /** GET /metrics (404 without METRICS_TOKEN). */
  metrics(authorization: string | null): Promise<Response>;
}

export function createOpsService(
  deps: Pick<ServiceDeps, 'db' | 'queue' | 'config' | 'ready'> & { database: Pick<DatabaseHandle, 'kind'> },
): OpsService {
  return {
    readiness: (authorization) => readinessResponse(deps, authorization),
    health: (authorization) => healthResponse(deps, authorization),
    metrics: (authorization) => metricsResponse(deps.db, deps.config.metricsToken, authorization),
  };
}
