/* Prometheus metrics behind METRICS_TOKEN (src/server/ops/metrics.ts; docs/operating.md "Metrics"). */
import type { APIRoute } from 'astro';
import { metricsResponse } from '~/server/ops/metrics';

export const prerender = false;

export const GET: APIRoute = ({ locals, request }) =>
  metricsResponse(locals.runtime.db, locals.runtime.config.metricsToken, request.headers.get('authorization'));
