/*
 * The liveness probe's answer, apart from readiness (./health.ts): the request pipeline
 * answers it before anything else loads, so it imports nothing, and a new instance's
 * first probe pays for no database module.
 */
import { NEVER_CACHED } from '../http/cache-control';

export const LIVENESS_ROUTE = '/api/health/live';

export function livenessResponse(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': NEVER_CACHED } });
}
