/*
 * Visit counting's background work (registered in src/server/runtime.ts): a pg-boss cron
 * refreshes yesterday's and today's roll-ups every minute, so a visit or a lead shows in
 * the reports within about a minute, and an opened report need not wait for a refresh
 * (./analytics.service.ts `freshen`); buffered events are written
 * when the runtime stops. pg-boss files each minute's job once across instances. On
 * Netlify (no cron) the reports refresh on opening and the daily retention pass closes
 * yesterday (src/server/lgpd/scheduled-retention.ts).
 */
import { describeError } from '../describe-error';
import { componentLogger } from '../log/logger';
import type { Feature } from '../runtime-types';
import { refreshLeadRollups } from '../inbox/lead-rollup';

export const ROLLUP_QUEUE = 'analytics-rollup';
export const ROLLUP_CRON = '* * * * *';

export const analyticsFeature: Feature = {
  name: 'analytics',
  setup: (runtime) => {
    runtime.queue.defineWorker(
      ROLLUP_QUEUE,
      { pollingIntervalSeconds: 10 },
      async () => {
        try {
          await runtime.analytics.freshen({ force: true });
          // The sales reports rebuild changed days before reading; doing it here keeps a burst
          // of pipeline moves from landing on whoever opens them next (src/server/inbox/lead-rollup.ts).
          await refreshLeadRollups(runtime.db);
        } catch (error) {
          componentLogger('analytics').error(`roll-up failed: ${describeError(error)}`);
          throw error;
        }
      },
      // A missed minute is made up by the next one: no retries piling up.
      { retryLimit: 0, expireInSeconds: 60 },
    );
  },
  onStart: async (runtime) => {
    await runtime.queue.boss.schedule(ROLLUP_QUEUE, ROLLUP_CRON);
  },
  onStop: (runtime) => runtime.analytics.stop(),
};
