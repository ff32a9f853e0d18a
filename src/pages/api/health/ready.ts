/*
 * Readiness: 200/503 with a yes/no body; with the metrics token, the checks (database, migrations,
 * queue) and the oldest pending delivery (src/server/ops/health.ts).
 */
import type { APIRoute } from 'astro';

export const prerender = false;

export const GET: APIRoute = ({ locals, request }) =>
  locals.runtime.ops.readiness(request.headers.get('authorization'));
