/*
 * The lead feature's background work, registered in src/server/runtime.ts:
 * replay leads spooled while the database was unreachable, at start and then
 * every REPLAY_INTERVAL_MS while a spool file exists.
 */
import { describeError } from '../describe-error';
import { componentLogger } from '../log/logger';
import type { Feature, Runtime } from '../runtime';
import { replaySpool, type LeadServiceDeps } from './lead.service';
import { hasSpool } from './spool';

const REPLAY_INTERVAL_MS = 30_000;

const log = componentLogger('leads');

/** The lead service's dependencies, from the process runtime. */
export function leadDeps(runtime: Runtime): LeadServiceDeps {
  return {
    db: runtime.db,
    outbox: runtime.outbox,
    sendMail: runtime.sendMail,
    config: runtime.config,
    now: runtime.now,
  };
}

let timer: NodeJS.Timeout | undefined;

/** One replay pass; never throws, and logs errors only through describeError (no lead data in logs). */
async function replay(runtime: Runtime): Promise<void> {
  if (!runtime.ready() || !hasSpool(runtime.config.dataDir)) return;
  try {
    const count = await replaySpool(leadDeps(runtime));
    if (count > 0) log.info(`saved ${count} spooled lead(s)`);
  } catch (error) {
    log.error(`spool replay: ${describeError(error)}`);
  }
}

export const leadFeature: Feature = {
  name: 'leads',
  onStart: async (runtime) => {
    await replay(runtime);
    clearInterval(timer);
    timer = setInterval(() => void replay(runtime), REPLAY_INTERVAL_MS);
    timer.unref();
  },
  onStop: async () => {
    clearInterval(timer);
  },
};
