/*
 * Readiness under its original name: the warm-up request that boots the runtime right after
 * the server listens (scripts/serve.mjs, scripts/support/server.ts) and existing probes. 200 when
 * ready, 503 otherwise, with a short status (the engine only with the metrics token); the full
 * report is at /api/health/ready and liveness at /api/health/live (src/server/ops/health.ts).
 */
import type { APIRoute } from 'astro';

export const prerender = false;

export const GET: APIRoute = ({ locals, request }) => locals.runtime.ops.health(request.headers.get('authorization'));
