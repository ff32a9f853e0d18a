/*
 * Applies the committed drizzle-kit migrations with drizzle's own migrator.
 *
 * The SQL files are bundled into the server at build time (import.meta.glob)
 * rather than read from disk: the built server then runs from any folder, with
 * or without the sources next to it, and tests use the very same files.
 */
import { createHash } from 'node:crypto';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import journal from './migrations/meta/_journal.json';

const sqlFiles = import.meta.glob<string>('./migrations/*.sql', { query: '?raw', import: 'default', eager: true });

interface MigrationMeta {
  /** The file's name without .sql, e.g. "0023_phone_digits". */
  tag: string;
  sql: string[];
  bps: boolean;
  folderMillis: number;
  hash: string;
}

/** The migrations in journal order, in the shape drizzle's `readMigrationFiles` produces. */
export function bundledMigrations(): MigrationMeta[] {
  return journal.entries.map((entry) => {
    const query = sqlFiles[`./migrations/${entry.tag}.sql`];
    if (query === undefined) throw new Error(`migration ${entry.tag}.sql is missing from the bundle`);
    return {
      tag: entry.tag,
      sql: query.split('--> statement-breakpoint'),
      bps: entry.breakpoints,
      folderMillis: entry.when,
      hash: createHash('sha256').update(query).digest('hex'),
    };
  });
}

/** Brings the schema up to date; safe to run on every start (applied migrations are skipped). */
export async function migrateDatabase(db: Db): Promise<void> {
  // `dialect` and `session` are public at runtime but hidden from the types.
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  await internals.dialect.migrate(bundledMigrations(), internals.session, {
    migrationsFolder: '(bundled)',
  });
}
