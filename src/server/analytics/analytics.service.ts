/*
 * The visit-counting service of a runtime (built in src/server/compose.ts): the beacon's
 * ingest (./ingest.ts) and the freshness of today's roll-up for the reports (./rollup.ts).
 */
import type { ServiceDeps } from '../service-deps';
import { lineLogger } from '../log/logger';
import { createAnalyticsIngest, type AnalyticsIngest } from './ingest';
import { refreshRecent } from './rollup';

/** An opened report refreshes today's roll-up when the last refresh is older than this. */
export const FRESH_MS = 5_000;

export interface AnalyticsService extends AnalyticsIngest {
  /** Writes buffered events and refreshes yesterday's and today's roll-ups unless done within FRESH_MS. */
  freshen(): Promise<void>;
}

export function createAnalyticsService(
  deps: Pick<ServiceDeps, 'db' | 'now' | 'ready' | 'log'> & { config: Pick<ServiceDeps['config'], 'deployTarget'> },
): AnalyticsService {
  const ingest = createAnalyticsIngest({
    db: deps.db,
    now: deps.now,
    ready: deps.ready,
    log: deps.log ?? lineLogger('warn', 'analytics'),
    // A Netlify function may be frozen after it answers: nothing buffered would ever be written.
    writeThrough: deps.config.deployTarget === 'netlify',
  });
  let refreshed = 0;
  let running: Promise<void> | null = null;
  return {
    ...ingest,
    async freshen() {
      const at = deps.now().getTime();
      if (running) return running;
      if (at - refreshed < FRESH_MS) return;
      running = ingest
        .flush()
        .then(() => refreshRecent(deps.db, deps.now()))
        .then(() => {
          refreshed = at;
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
  };
}
