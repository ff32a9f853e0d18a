/*
 * Before the integration files run (in parallel worker processes): one migrated database per
 * engine, which every test database is then copied from (tests/support/db.ts), instead of
 * each describe block creating and migrating its own — a fresh embedded database costs
 * several seconds to initialise and migrate, a copy of this one under one.
 *
 * - PGlite: an in-memory database migrated and dumped to a file (PGlite's `dumpDataDir`);
 *   each test database is loaded from it (`loadDataDir`).
 * - PostgreSQL (TEST_DATABASE_URL): a database migrated here, copied with
 *   `CREATE DATABASE … TEMPLATE`; no connection is left open on it, which the copy requires.
 *
 * Both are made with the same `migrateDatabase` the server runs at start, from the same
 * migration files, so a copy is what a fresh migrated database would be.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function pgliteTemplate(dir: string): Promise<string> {
  const handle = await openDatabase({});
  try {
    await migrateDatabase(handle.db);
    const dump = await handle.pglite!.dumpDataDir('none');
    const file = join(dir, 'pglite-template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await handle.close();
  }
}

async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `pilota_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
  await migrateDatabase(handle.db).finally(() => handle.close());
  return name;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'pilota-db-template-'));
  const adminUrl = process.env['TEST_DATABASE_URL'];
  const [pglite, postgres] = await Promise.all([
    pgliteTemplate(dir),
    adminUrl ? postgresTemplate(adminUrl) : Promise.resolve(undefined),
  ]);
  project.provide('pgliteTemplate', pglite);
  if (postgres) project.provide('postgresTemplate', postgres);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgres) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${postgres} WITH (FORCE)`);
  };
}
