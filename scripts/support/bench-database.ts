/*
 * A bench's own database: thrown away after the run, so a bench never measures or changes
 * the data of a real one.
 */
import { randomBytes } from 'node:crypto';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase, pgliteDirFor, type DatabaseHandle } from '../../src/server/db/client';

/** A throwaway database on the DATABASE_URL server, or an embedded one in `dataDir`. */
export async function freshDatabase(
  dataDir: string,
  serverUrl: string | undefined,
): Promise<{ url?: string; open: () => Promise<DatabaseHandle>; drop: () => Promise<void> }> {
  if (!serverUrl) {
    return { open: () => openDatabase({ pgliteDir: pgliteDirFor(dataDir) }), drop: async () => {} };
  }
  const name = `pilota_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => openDatabase({ databaseUrl: url.toString(), maxConnections: 10 }),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/**
 * The committed migrations, as the server applies them at start (src/server/db/migrate.ts
 * bundles the same files through Vite, which tsx does not have).
 */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  const internals = handle.db as unknown as { dialect: PgDialect; session: PgSession };
  const migrationsFolder = 'src/server/db/migrations';
  await internals.dialect.migrate(readMigrationFiles({ migrationsFolder }), internals.session, { migrationsFolder });
}
