/*
 * The lead feature's background work, registered in src/server/runtime.ts:
 * replay leads spooled while the database was unreachable, at start and then
 * every REPLAY_INTERVAL_MS while a spool file exists. The interval belongs to the
 * runtime that started it (cleared by the stop `onStart` returns).
 */
import { describeError } from '../describe-error';
import { componentLogger } from '../log/logger';
import type { Feature, Runtime } from '../runtime-types';
import { hasSpool } from './spool';

const REPLAY_INTERVAL_MS = 30_000;

const log = componentLogger('leads');

/** One replay pass; never throws, and logs errors only through describeError (no lead data in logs). */
async function replay(runtime: Runtime): Promise<void> {
  if (!runtime.ready() || !hasSpool(runtime.config.dataDir)) return;
  try {
    const count = await runtime.leads.replaySpool();
    if (count > 0) log.info(`saved ${count} spooled lead(s)`);
  } catch (error) {
    log.error(`spool replay: ${describeError(error)}`);
  }
}

export const leadFeature: Feature = {
  name: 'leads',
  onStart: async (runtime) => {
    await replay(runtime);
    const timer = setInterval(() => void replay(runtime), REPLAY_INTERVAL_MS);
    timer.unref();
    return async () => clearInterval(timer);
  },
};
