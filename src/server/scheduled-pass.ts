/*
 * One pass of a periodic job on hosts without a long-lived process (Netlify's scheduled
 * functions): opens the Netlify target's database (DATABASE_URL through the transaction-mode
 * pooler), runs the pass, logs its counts and closes. Throws ConfigError naming a missing
 * variable before touching the database.
 */
import { parseConfig, type Config } from './config';
import { openDatabase, type Db } from './db/client';
import { componentLogger, type Logger } from './log/logger';
import { systemClock } from './clock';

export interface ScheduledPassOptions {
  now?: Date;
  /** Where the counts line goes (tests capture it); the pass's component logger otherwise. */
  log?: Logger;
}

export async function runScheduledPass<Counts>(
  component: string,
  env: Record<string, string | undefined>,
  options: ScheduledPassOptions,
  pass: (db: Db, config: Config, now: Date) => Promise<Counts>,
  describe: (counts: Counts, elapsedMs: number) => string,
): Promise<Counts> {
  const log = options.log ?? componentLogger(component);
  const config = parseConfig({ ...env, DEPLOY_TARGET: 'netlify' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, transactionPooler: true });
  try {
    const started = Date.now();
    const counts = await pass(database.db, config, options.now ?? systemClock());
    log.info(describe(counts, Date.now() - started));
    return counts;
  } finally {
    await database.close().catch(() => undefined);
  }
}
