/*
 * Liveness: the process answers. The middleware answers this route itself before waiting for
 * the runtime (src/middleware.ts); this file gives the route its pattern and answers the same.
 */
import type { APIRoute } from 'astro';
import { livenessResponse } from '~/server/ops';

export const prerender = false;

export const GET: APIRoute = () => livenessResponse();
