/* Prometheus metrics behind METRICS_TOKEN (src/server/ops/metrics.ts; docs/operating.md "Metrics"). */
import type { APIRoute } from 'astro';

export const prerender = false;

export const GET: APIRoute = ({ locals, request }) => locals.runtime.ops.metrics(request.headers.get('authorization'));
