/*
 * Request pipeline: a short sequence of named handlers. Each feature adds its own
 * (e.g. auth guards) to the list; keep them small and put the work in src/server.
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { getRuntime, type Runtime } from '~/server/runtime';

declare global {
  namespace App {
    interface Locals {
      /** Database, queue and config of this process (src/server/runtime.ts). */
      runtime: Runtime;
    }
  }
}

/** Makes sure the runtime (lock, database, queue) is up before anything else runs. */
const withRuntime = defineMiddleware(async (context, next) => {
  context.locals.runtime = await getRuntime();
  return next();
});

export const onRequest = sequence(withRuntime);
