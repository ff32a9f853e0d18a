/*
 * Housekeeping on hosts without a long-lived process: Netlify's scheduled function
 * netlify/functions/housekeeping.mts calls this every ten minutes. Opens the Netlify target's
 * database (DATABASE_URL through the transaction-mode pooler), runs one pass of
 * ./housekeeping.ts and closes; PostgreSQL's autovacuum gives the space back. Throws
 * ConfigError naming a missing variable before touching the database; logs counts only.
 */
import { parseConfig } from './config';
import { openDatabase } from './db/client';
import { describeHousekeeping, runHousekeeping, type HousekeepingCounts } from './housekeeping';
import { lineLogger } from './log/logger';

export interface ScheduledHousekeepingOptions {
  now?: Date;
  log?: (line: string) => void;
}

export async function runScheduledHousekeeping(
  env: Record<string, string | undefined>,
  options: ScheduledHousekeepingOptions = {},
): Promise<HousekeepingCounts> {
  const log = options.log ?? lineLogger('info');
  const config = parseConfig({ ...env, DEPLOY_TARGET: 'netlify' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, transactionPooler: true });
  try {
    const started = Date.now();
    const counts = await runHousekeeping(database.db, undefined, options.now ?? new Date());
    log(describeHousekeeping(counts, Date.now() - started));
    return counts;
  } finally {
    await database.close().catch(() => undefined);
  }
}
