/*
 * A step of the request pipeline (src/middleware.ts) that keeps two promises for every
 * on-demand route and action:
 * - a body the server cannot read is answered 400 (413/415) with a pt-BR message before
 *   anything parses it (malformed-body.ts);
 * - a database error nobody caught reaches Astro's error log only as its class, code and
 *   table (describe-error.ts): Astro prints what is thrown, and Drizzle's message lists
 *   every parameter of the failed query.
 * Structurally typed so src/server needs no Astro import.
 */
import { isDrizzleQueryError, sqlState } from '../db/errors';
import { describeError } from '../describe-error';
import { malformedBodyResponse } from './malformed-body';

export interface SafeRequestContext {
  request: Request;
  url: URL;
  isPrerendered: boolean;
}

/** A database error's safe twin, with the original's stack frames (they hold no values) for debugging. */
export function withoutValues(error: unknown): unknown {
  if (!isDrizzleQueryError(error) && !sqlState(error)) return error;
  const safe = new Error(describeError(error));
  safe.name = 'DatabaseError';
  const frames = error instanceof Error ? (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)) : [];
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  return safe;
}

export async function safeRequest(context: SafeRequestContext, next: () => Promise<Response>): Promise<Response> {
  // Prerendered pages have no request body (nor a request, at build time).
  if (context.isPrerendered) return next();
  const refused = await malformedBodyResponse(context.request, context.url);
  if (refused) return refused;
  try {
    return await next();
  } catch (error) {
    throw withoutValues(error);
  }
}
