/*
 * The retention job on hosts without a long-lived process: Netlify's scheduled function
 * netlify/functions/retention.mts calls this once a day. Opens the Netlify target's
 * database (DATABASE_URL through the transaction-mode pooler), runs one pass of
 * ./retention.ts and closes. Throws ConfigError naming a missing variable before touching
 * the database; logs counts only.
 */
import { parseConfig } from '../config';
import { openDatabase } from '../db/client';
import { lineLogger } from '../log/logger';
import { describeRetention, runRetention, type RetentionCounts } from './retention';

export interface ScheduledRetentionOptions {
  now?: Date;
  log?: (line: string) => void;
}

export async function runScheduledRetention(
  env: Record<string, string | undefined>,
  options: ScheduledRetentionOptions = {},
): Promise<RetentionCounts> {
  const log = options.log ?? lineLogger('info');
  const config = parseConfig({ ...env, DEPLOY_TARGET: 'netlify' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, transactionPooler: true });
  try {
    const started = Date.now();
    const counts = await runRetention(database.db, config.retention, options.now ?? new Date());
    log(describeRetention(counts, Date.now() - started));
    return counts;
  } finally {
    await database.close().catch(() => undefined);
  }
}
