/* Readiness: database reachable, migrations applied, queue running, oldest pending delivery (src/server/ops/health.ts). */
import type { APIRoute } from 'astro';
import { readinessResponse } from '~/server/ops/health';

export const prerender = false;

export const GET: APIRoute = ({ locals }) => readinessResponse(locals.runtime);
