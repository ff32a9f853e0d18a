/*
 * Liveness/readiness probe, also the warm-up request that boots the runtime right
 * after the server listens (scripts/start.mjs, tests/support/server.ts).
 */
import type { APIRoute } from 'astro';

export const prerender = false;

export const GET: APIRoute = ({ locals }) => {
  const ready = locals.runtime.ready();
  return Response.json(
    { status: ready ? 'ok' : 'starting', database: locals.runtime.database.kind },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
};
