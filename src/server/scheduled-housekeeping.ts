/*
 * Housekeeping on hosts without a long-lived process: Netlify's scheduled function
 * netlify/jobs/housekeeping.mts calls this every ten minutes for one pass of
 * ./housekeeping.ts (./scheduled-pass.ts opens and closes the database); PostgreSQL's
 * autovacuum gives the space back. Logs counts only.
 */
import { describeHousekeeping, runHousekeeping, type HousekeepingCounts } from './housekeeping';
import { runScheduledPass, type ScheduledPassOptions } from './scheduled-pass';

export function runScheduledHousekeeping(
  env: Record<string, string | undefined>,
  options: ScheduledPassOptions = {},
): Promise<HousekeepingCounts> {
  return runScheduledPass(
    'housekeeping',
    env,
    options,
    (db, _config, now) => runHousekeeping(db, undefined, now),
    describeHousekeeping,
  );
}
