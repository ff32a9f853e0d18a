/*
 * The LGPD feature's background work on the Node target (registered in src/server/runtime.ts):
 * the retention job (./retention.ts) as a pg-boss cron, once a day at a quiet hour in São
 * Paulo. pg-boss files each occurrence once across instances, so several servers on one
 * PostgreSQL still run it once. On Netlify the scheduled function retention.mts runs it.
 */
import { describeError } from '../describe-error';
import { componentLogger, type Logger } from '../log/logger';
import type { Feature, Runtime } from '../runtime-types';
import { describeRetention, runAnalyticsRetention, runRetention, type RetentionCounts } from './retention';

export const RETENTION_QUEUE = 'lgpd-retention';
/** 03:30 every day, São Paulo time. */
export const RETENTION_CRON = '30 3 * * *';
export const RETENTION_TIMEZONE = 'America/Sao_Paulo';

/** One logged retention pass over the runtime's database. */
export async function retentionPass(
  runtime: Pick<Runtime, 'db' | 'config' | 'now'>,
  log: Logger = componentLogger('retention'),
): Promise<RetentionCounts> {
  const started = Date.now();
  const counts = await runRetention(runtime.db, runtime.config.retention, runtime.now());
  log.info(describeRetention(counts, Date.now() - started));
  const events = await runAnalyticsRetention(runtime.db, runtime.config.analyticsEventDays, runtime.now());
  log.info(`${events} visit events deleted`);
  return counts;
}

export const lgpdFeature: Feature = {
  name: 'lgpd',
  setup: (runtime) => {
    runtime.queue.defineWorker(RETENTION_QUEUE, { pollingIntervalSeconds: 10 }, async () => {
      try {
        await retentionPass(runtime);
      } catch (error) {
        componentLogger('retention').error(`run failed: ${describeError(error)}`);
        throw error;
      }
    });
  },
  onStart: async (runtime) => {
    await runtime.queue.boss.schedule(RETENTION_QUEUE, RETENTION_CRON, null, { tz: RETENTION_TIMEZONE });
  },
};
