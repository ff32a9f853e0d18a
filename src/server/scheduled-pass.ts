/*
 * One pass of a periodic job on hosts without a long-lived process (Netlify's scheduled
 * functions): opens the Netlify target's database (DATABASE_URL through the transaction-mode
 * pooler), runs the pass, logs its counts and closes. Throws ConfigError naming a missing
 * variable before touching the database.
 */
import { parseConfig, type Config } from './config';
import { openDatabase, type Db } from './db/client';
import { lineLogger } from './log/logger';

export interface ScheduledPassOptions {
  now?: Date;
  log?: (line: string) => void;
}

export async function runScheduledPass<Counts>(
  env: Record<string, string | undefined>,
  options: ScheduledPassOptions,
  pass: (db: Db, config: Config, now: Date) => Promise<Counts>,
  describe: (counts: Counts, elapsedMs: number) => string,
): Promise<Counts> {
  const log = options.log ?? lineLogger('info');
  const config = parseConfig({ ...env, DEPLOY_TARGET: 'netlify' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, transactionPooler: true });
  try {
    const started = Date.now();
    const counts = await pass(database.db, config, options.now ?? new Date());
    log(describe(counts, Date.now() - started));
    return counts;
  } finally {
    await database.close().catch(() => undefined);
  }
}
