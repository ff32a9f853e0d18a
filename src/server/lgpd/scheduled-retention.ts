/*
 * The retention job on hosts without a long-lived process: Netlify's scheduled function
 * netlify/jobs/retention.mts calls this once a day for one pass of ./retention.ts
 * (./scheduled-pass.ts opens and closes the database); logs counts only.
 */
import { runScheduledPass, type ScheduledPassOptions } from '../scheduled-pass';
import { refreshRecent } from '../analytics/rollup';
import { describeRetention, runAnalyticsRetention, runRetention, type RetentionCounts } from './retention';

export function runScheduledRetention(
  env: Record<string, string | undefined>,
  options: ScheduledPassOptions = {},
): Promise<RetentionCounts> {
  return runScheduledPass(
    'retention',
    env,
    options,
    async (db, config, now) => {
      const counts = await runRetention(db, config.retention, now);
      await runAnalyticsRetention(db, config.analyticsEventDays, now);
      // No cron on this host: the daily pass closes yesterday's visit roll-up.
      await refreshRecent(db, now);
      return counts;
    },
    describeRetention,
  );
}
