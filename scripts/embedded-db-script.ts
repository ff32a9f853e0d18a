/*
 * What db:backup and db:restore share: both work on DATA_DIR's embedded database by hand,
 * so both refuse when DATABASE_URL points at PostgreSQL (its own tools do that job), hold
 * DATA_DIR's lock the way the server does (and stop at once if they lose it, rather than
 * write beside a server that took over), and turn any failure into exit code 1 with the
 * message alone — never a stack trace with paths and values in it.
 */
import type { Config } from '../src/server/config';
import { lockDataDir, type DataDirLock } from '../src/server/lock';

/** Said when taking the lock fails because a server holds it or is starting. */
export const SERVER_STARTING_HINT =
  'O servidor ainda está iniciando? Tente de novo em alguns segundos. / Is the server still starting? Retry in a few seconds.';

/**
 * True (after saying what to use instead) when `config` names a PostgreSQL server.
 * @example if (refusePostgres(config, { pt: 'faça o backup … com pg_dump', en: 'back up … with pg_dump', script: 'db:backup' })) return 1;
 */
export function refusePostgres(config: Config, advice: { pt: string; en: string; script: string }): boolean {
  if (!config.databaseUrl) return false;
  console.error(
    `DATABASE_URL está definido: ${advice.pt}.\n` +
      `DATABASE_URL is set: ${advice.en}; ${advice.script} is for the embedded database.`,
  );
  return true;
}

/** DATA_DIR's lock, as the server takes it; losing it ends the process with code 1. */
export function lockDataDirOrExit(dataDir: string): Promise<DataDirLock> {
  return lockDataDir(dataDir, () => {
    console.error('Perdi o lock de DATA_DIR / lost the DATA_DIR lock');
    process.exit(1);
  });
}

/** Runs the script's `main` and sets the exit code it returns; a failure prints its message only. */
export async function runScript(main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
