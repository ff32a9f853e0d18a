/*
 * drizzle-kit: `npm run db:generate` writes a new SQL migration from the schema
 * (commit it; never edit an applied one). The server applies migrations itself at
 * start-up; `npm run db:migrate` is for PostgreSQL deploys that migrate ahead of
 * time (DATABASE_URL), or for the embedded database while no server holds DATA_DIR.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from 'drizzle-kit';
import lockfile from 'proper-lockfile';
import { restrictToOwner, useOwnerOnlyUmask } from './src/server/owner-only';

const databaseUrl = process.env['DATABASE_URL'];
const dataDir = resolve(process.env['DATA_DIR'] ?? './data');

// Only `migrate` opens the database; `generate` just reads the schema.
if (!databaseUrl && process.argv.includes('migrate')) {
  // DATA_DIR is owner-only (src/server/owner-only.ts): so is what this run creates in it, and
  // the 0666 files PGlite gives a new database are closed when drizzle-kit is done.
  useOwnerOnlyUmask();
  mkdirSync(join(dataDir, 'db'), { recursive: true, mode: 0o700 });
  process.once('exit', () => restrictToOwner(dataDir));
  // The embedded database belongs to one process (see src/server/lock.ts): never open it under a running server.
  if (lockfile.checkSync(dataDir, { lockfilePath: join(dataDir, 'server.lock'), stale: 10_000, realpath: false })) {
    throw new Error(
      `Um servidor está usando ${dataDir}; pare-o antes de migrar (ele aplica as migrações ao iniciar).\n` +
        `A server is using ${dataDir}; stop it before migrating (it applies migrations at start-up).`,
    );
  }
}

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  ...(databaseUrl
    ? { dbCredentials: { url: databaseUrl } }
    : { driver: 'pglite', dbCredentials: { url: join(dataDir, 'db') } }),
});
