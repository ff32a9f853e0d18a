/*
 * The morning digest on hosts without a long-lived process: Netlify's scheduled function
 * netlify/jobs/follow-up-digest.mts calls this on weekday mornings for one run of
 * ./follow-up-digest.ts (../scheduled-pass.ts opens and closes the database). No outbox runs
 * there: the deliveries are written as rows, which the scheduled drain sends within a minute.
 */
import { insertDeliveries } from '../outbox/outbox';
import { runScheduledPass, type ScheduledPassOptions } from '../scheduled-pass';
import { describeDigest, runFollowUpDigest, type DigestCounts } from './follow-up-digest';

export function runScheduledDigest(
  env: Record<string, string | undefined>,
  options: ScheduledPassOptions = {},
): Promise<DigestCounts> {
  return runScheduledPass(
    'follow-up-digest',
    env,
    options,
    (db, config, now) =>
      runFollowUpDigest({
        db,
        now: () => now,
        siteUrl: config.siteUrl,
        enqueue: (tx, items) => insertDeliveries(tx, items, now),
      }),
    describeDigest,
  );
}
