/*
 * `npm run db:seed-demo -- <N> [--yes]`: fills a database with N realistic demo leads for
 * trying and measuring the sales inbox (scripts/support/demo-leads.ts says what they look
 * like). Never runs by default, and it adds rows, never removes any.
 *
 * Where: DATABASE_URL (PostgreSQL) when set — a host other than this machine needs `--yes`,
 * so a production URL left in the shell is not filled by mistake; otherwise the embedded
 * database in DATA_DIR, which must not be in use: the script takes DATA_DIR's lock as the
 * server does (a second process writing PGlite's files loses data, DESIGN "Data") and
 * refuses while a server runs. It migrates the database first, so a fresh DATA_DIR works.
 */
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { loadConfig } from '../src/server/config';
import { openDatabase, pgliteDirFor, type Db } from '../src/server/db/client';
import { seedDemoLeads } from './support/demo-leads';
import { DataDirLockedError, lockDataDir } from '../src/server/lock';
import { restrictToOwner, useOwnerOnlyUmask } from '../src/server/owner-only';

const MAX_COUNT = 1_000_000;
const MIGRATIONS = 'src/server/db/migrations';

/** The server's migrations, read from the sources (src/server/db/migrate.ts bundles them for the build). */
async function migrate(db: Db): Promise<void> {
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  await internals.dialect.migrate(readMigrationFiles({ migrationsFolder: MIGRATIONS }), internals.session, {
    migrationsFolder: MIGRATIONS,
  });
}
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '']);

async function seed(databaseUrl: string | undefined, pgliteDir: string | undefined, count: number): Promise<void> {
  const handle = await openDatabase({ databaseUrl, pgliteDir, maxConnections: 2 });
  try {
    await migrate(handle.db);
    let reported = 0;
    const result = await seedDemoLeads(handle.db, { count }, (written) => {
      if (written - reported >= 10_000 || written === count) {
        reported = written;
        console.log(`… ${written.toLocaleString('pt-BR')} contatos`);
      }
    });
    console.log(
      `${result.leads.toLocaleString('pt-BR')} contatos de demonstração e ${result.statusChanges.toLocaleString('pt-BR')} mudanças de status em ${(result.ms / 1000).toFixed(1)} s. / ` +
        `${result.leads} demo leads, ${result.statusChanges} status changes in ${(result.ms / 1000).toFixed(1)} s.`,
    );
  } finally {
    await handle.close();
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const count = Number(args.find((arg) => !arg.startsWith('-')));
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
    console.error(`Uso / usage: npm run db:seed-demo -- <N de 1 a ${MAX_COUNT}> [--yes]`);
    return 2;
  }
  useOwnerOnlyUmask();
  const config = loadConfig();
  if (config.databaseUrl) {
    const host = new URL(config.databaseUrl).hostname;
    if (!LOCAL_HOSTS.has(host) && !args.includes('--yes')) {
      console.error(
        `DATABASE_URL aponta para ${host}: confirme com --yes que é um banco de testes. / ` +
          `DATABASE_URL points at ${host}: confirm with --yes that it is a test database.`,
      );
      return 2;
    }
    await seed(config.databaseUrl, undefined, count);
    return 0;
  }
  let lock;
  try {
    lock = await lockDataDir(config.dataDir, () => {
      console.error('Perdi o lock de DATA_DIR / lost the DATA_DIR lock');
      process.exit(1);
    });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(
      `${error.message}\nPare o servidor antes de gerar dados de demonstração. / Stop the server before seeding.`,
    );
    return 1;
  }
  try {
    restrictToOwner(config.dataDir);
    await seed(undefined, pgliteDirFor(config.dataDir), count);
  } finally {
    await lock.release();
    restrictToOwner(config.dataDir);
  }
  return 0;
}

process.exitCode = await main();
