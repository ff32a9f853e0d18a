/*
 * Operations: health probes, metrics, delivery alerts and backups. Routes reach the probes
 * as `Astro.locals.runtime.ops` (./ops.service.ts); liveness answers before the runtime
 * loads, so it is exported here and imports nothing.
 */
export { LIVENESS_ROUTE, livenessResponse } from './liveness';
export type { OpsService } from './ops.service';
export type { Readiness } from './health';
