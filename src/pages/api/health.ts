/*
 * Readiness under its original name: the warm-up request that boots the runtime right after
 * the server listens (scripts/serve.mjs, tests/support/server.ts) and existing probes. 200 when
 * ready, 503 otherwise, with the short body it always had; the full report is at
 * /api/health/ready and liveness at /api/health/live (src/server/ops/health.ts).
 */
import type { APIRoute } from 'astro';
import { healthResponse } from '~/server/ops/health';

export const prerender = false;

export const GET: APIRoute = ({ locals }) => healthResponse(locals.runtime);
