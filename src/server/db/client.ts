/*
 * One way to open the database: PGlite persisted in `$DATA_DIR/db` by default,
 * node-postgres when a PostgreSQL URL is given. Both are driven through the same
 * Drizzle `pg-core` API, so services never know which one they got.
 *
 * Through a transaction-mode pooler (Supabase's on port 6543, which Netlify functions
 * use) each transaction — or lone statement — may run on a different server connection.
 * What works there: unnamed statements (node-postgres and Drizzle name a statement only
 * when asked, and nothing here asks), transactions, and locks taken inside one. What does
 * not: named prepared statements, session state (SET, session advisory locks, temp
 * tables) and LISTEN/NOTIFY; `handle.transactionPooler` tells the queue to poll instead.
 * scripts/support/pgbouncer.ts runs the integration suite through such a pooler.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { OwnerOnlyNodeFS } from './owner-only-fs';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { describeError } from '../describe-error';
import { componentLogger } from '../log/logger';
import { restrictToOwner } from '../owner-only';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database itself or an open transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** Set on the embedded database: the queue talks to it directly. */
  pglite?: PGlite;
  /** Set on PostgreSQL: the connection string, for the queue's own pool. */
  databaseUrl?: string;
  /** Reached through a transaction-mode pooler: no LISTEN/NOTIFY, no session state. */
  transactionPooler?: boolean;
  close: () => Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when absent the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database's files; absent means in memory (tests). */
  pgliteDir?: string | undefined;
  /** Pool size on PostgreSQL (default 10; POOLED_MAX_CONNECTIONS through a pooler). */
  maxConnections?: number;
  /** The URL is a transaction-mode pooler (see the header). */
  transactionPooler?: boolean;
}

/**
 * Connections per process through a transaction-mode pooler: a function instance serves one
 * request at a time, and the pooler multiplexes every instance onto a few server connections.
 */
export const POOLED_MAX_CONNECTIONS = 2;

/**
 * Extensions the embedded database loads: pg_trgm backs the sales inbox's substring search
 * (migration 0009 creates its index when the extension is available). Open an embedded
 * database with these wherever it will be written to, or its trigram index cannot be kept.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** The embedded database's folder inside DATA_DIR. */
export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'db');
}

/** Opens (does not migrate) the database. Close it with `handle.close()`. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pooled = options.transactionPooler === true;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? (pooled ? POOLED_MAX_CONNECTIONS : 10),
      // A frozen function instance should not hold pooler slots for long.
      ...(pooled ? { idleTimeoutMillis: 5_000 } : {}),
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', (error) => componentLogger('db').error(`idle PostgreSQL client error: ${describeError(error)}`));
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      databaseUrl: options.databaseUrl,
      ...(pooled ? { transactionPooler: true } : {}),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true, mode: 0o700 });
  // On disk, every file PGlite creates is owner-only from the start (./owner-only-fs.ts); the walk
  // closes what an install made before that rule left open.
  const pglite = await PGlite.create({
    extensions: PGLITE_EXTENSIONS,
    ...(options.pgliteDir ? { fs: new OwnerOnlyNodeFS(options.pgliteDir) } : { dataDir: 'memory://' }),
  });
  if (options.pgliteDir) restrictToOwner(options.pgliteDir);
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
