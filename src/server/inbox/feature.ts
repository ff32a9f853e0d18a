/*
 * The sales inbox's background work on the Node target (registered in src/server/runtime.ts):
 * the follow-ups' morning digest (./follow-up-digest.ts) as a pg-boss cron at 07:30 on
 * weekdays in São Paulo. pg-boss files each occurrence once across instances, and the
 * digest's delivery ids are per person and day, so a retried run sends nothing twice. On
 * Netlify the scheduled function follow-up-digest.mts runs it.
 */
import { describeError } from '../describe-error';
import { componentLogger, type Logger } from '../log/logger';
import type { Feature, Runtime } from '../runtime-types';
import { describeDigest, DIGEST_CRON, DIGEST_TIMEZONE, runFollowUpDigest, type DigestCounts } from './follow-up-digest';

export const DIGEST_QUEUE = 'follow-up-digest';

/** One logged digest run over the runtime's database, through its outbox. */
export async function digestPass(
  runtime: Pick<Runtime, 'db' | 'config' | 'now' | 'outbox'>,
  log: Logger = componentLogger('follow-up-digest'),
): Promise<DigestCounts> {
  const started = Date.now();
  const counts = await runFollowUpDigest({
    db: runtime.db,
    now: runtime.now,
    siteUrl: runtime.config.siteUrl,
    enqueue: (tx, items) => runtime.outbox.enqueueDeliveries(tx, items),
  });
  log.info(describeDigest(counts, Date.now() - started));
  return counts;
}

export const inboxFeature: Feature = {
  name: 'inbox',
  setup: (runtime) => {
    runtime.queue.defineWorker(DIGEST_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
      try {
        await digestPass(runtime);
      } catch (error) {
        componentLogger('follow-up-digest').error(`run failed: ${describeError(error)}`);
        throw error;
      }
    });
  },
  onStart: async (runtime) => {
    await runtime.queue.boss.schedule(DIGEST_QUEUE, DIGEST_CRON, null, { tz: DIGEST_TIMEZONE });
  },
};
