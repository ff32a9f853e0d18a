/*
 * The retention job on hosts without a long-lived process: Netlify's scheduled function
 * netlify/functions/retention.mts calls this once a day for one pass of ./retention.ts
 * (./scheduled-pass.ts opens and closes the database); logs counts only.
 */
import { runScheduledPass, type ScheduledPassOptions } from '../scheduled-pass';
import { describeRetention, runRetention, type RetentionCounts } from './retention';

export function runScheduledRetention(
  env: Record<string, string | undefined>,
  options: ScheduledPassOptions = {},
): Promise<RetentionCounts> {
  return runScheduledPass(
    env,
    options,
    (db, config, now) => runRetention(db, config.retention, now),
    describeRetention,
  );
}
