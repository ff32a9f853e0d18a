/*
 * drizzle-kit: `npm run db:generate` writes a new SQL migration from the schema
 * (commit it; never edit an applied one). The server applies migrations itself at
 * start-up; `npm run db:migrate` is for PostgreSQL deploys that migrate ahead of
 * time (DATABASE_URL), or for the embedded database while no server holds DATA_DIR.
 */
import { join } from 'node:path';
import { defineConfig } from 'drizzle-kit';

const databaseUrl = process.env['DATABASE_URL'];

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  ...(databaseUrl
    ? { dbCredentials: { url: databaseUrl } }
    : { driver: 'pglite', dbCredentials: { url: join(process.env['DATA_DIR'] ?? './data', 'db') } }),
});
