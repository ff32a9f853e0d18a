/*
 * A fresh, migrated database for a test file, on every engine the run supports:
 * PGlite in memory always, PostgreSQL when TEST_DATABASE_URL is set, and that same
 * PostgreSQL through PgBouncer in transaction mode ('pgbouncer', Supabase's pooler
 * profile that Netlify functions use) when pgbouncer is installed too. On PostgreSQL
 * each call creates its own database (dropped at the end), so parallel runs and test
 * files never see each other's rows. A 'pgbouncer' database is created and migrated
 * directly, as a deploy does over DATABASE_MIGRATION_URL, and then used only through
 * the pooler (scripts/support/pgbouncer.ts says why it is strict).
 *
 * Under the integration suite every database is a copy of one migrated per engine for the
 * whole run (tests/integration/global-setup.ts); elsewhere (the chaos suite) each is created
 * and migrated here.
 *
 *   describe.each(engines)('%s', (engine) => {
 *     const t = useTestDatabase(engine);          // hooks: create, truncate between tests, drop
 *     it('…', async () => { await t.db.select()… });
 *   });
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { PGLITE_EXTENSIONS, openDatabase, type DatabaseHandle, type Db } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import * as schema from '~/server/db/schema';
import { acquirePgBouncer, pgBouncerMissingReason } from '../../scripts/support/pgbouncer';

export type Engine = 'pglite' | 'postgres' | 'pgbouncer';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated embedded database (PGlite's dumpDataDir), to load copies from. */
    pgliteTemplate?: string;
    /** A migrated database on TEST_DATABASE_URL's server, to copy with CREATE DATABASE … TEMPLATE. */
    postgresTemplate?: string;
  }
}

const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'];

/** TEST_ENGINES=pgbouncer (comma-separated) narrows a run to some engines, e.g. while fixing one. */
const only = process.env['TEST_ENGINES']?.split(',').map((name) => name.trim());

const available: Engine[] = [
  'pglite',
  ...(TEST_DATABASE_URL ? (['postgres'] as const) : []),
  ...(pgBouncerMissingReason() === undefined ? (['pgbouncer'] as const) : []),
];
const narrowed = (list: Engine[]) => list.filter((engine) => !only || only.includes(engine));

/**
 * Every engine of this run: PGlite; PostgreSQL when TEST_DATABASE_URL is set; PostgreSQL
 * through PgBouncer when pgbouncer is installed as well (TEST_PGBOUNCER=0 leaves it out). For
 * the files where a direct connection behaves differently from the pooler, such as the queue (woken by
 * LISTEN/NOTIFY directly, polling through the pooler), database errors, the outbox's retries.
 * The delivery engine and the lead pipeline above the queue run on `engines`: PGlite wakes its
 * workers by LISTEN as a direct connection does, the pooler polls, and the chaos suite drives
 * both through a server on a direct PostgreSQL connection.
 */
export const allEngines: Engine[] = narrowed(available);

/**
 * The engines most files run on: PGlite and one PostgreSQL — through PgBouncer when it is there,
 * since the pooler in transaction mode is the stricter profile (no session state between
 * statements) and runs the same SQL as a direct connection. Running every file on both
 * PostgreSQL paths cost CI minutes; the direct path stays covered by the files on allEngines,
 * the chaos suite and the servers the tests start with a direct DATABASE_URL.
 */
export const engines: Engine[] = narrowed(
  available.includes('pgbouncer') && !only ? available.filter((engine) => engine !== 'postgres') : available,
);

/** Whether `engine` is a PostgreSQL server (directly or through the pooler). */
export const isPostgres = (engine: Engine): boolean => engine !== 'pglite';

export interface TestDatabase {
  engine: Engine;
  handle: DatabaseHandle;
  db: Db;
  /** The PostgreSQL URL the handle uses (the pooler's on 'pgbouncer'). */
  url?: string;
  /** The database's own URL on PostgreSQL, bypassing any pooler (for migrations, admin). */
  directUrl?: string;
  /** Empties every application table and pg-boss's jobs. */
  truncate: () => Promise<void>;
  close: () => Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The embedded template's bytes, read once per worker process. */
let pgliteTemplateBytes: { file: string; bytes: Blob } | undefined;

/** A new in-memory embedded database: a copy of the run's migrated template, or migrated here without one. */
async function openPglite(): Promise<DatabaseHandle> {
  const file = inject('pgliteTemplate');
  if (!file) {
    const handle = await openDatabase({});
    await migrateDatabase(handle.db);
    return handle;
  }
  if (pgliteTemplateBytes?.file !== file) pgliteTemplateBytes = { file, bytes: new Blob([readFileSync(file)]) };
  // As openDatabase opens an in-memory database, with the data folder loaded from the template.
  const pglite = await PGlite.create('memory://', {
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: pgliteTemplateBytes.bytes,
  });
  return {
    db: drizzlePglite({ client: pglite, schema }) as unknown as Db,
    kind: 'pglite',
    pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Creates (a migrated copy of the run's template, or migrates) a throwaway database on `engine`. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let url: string | undefined;
  let directUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === 'postgres' || engine === 'pgbouncer') {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const name = `pilota_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const template = inject('postgresTemplate');
    await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    const parsed = new URL(TEST_DATABASE_URL);
    parsed.pathname = `/${name}`;
    directUrl = parsed.toString();
    dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (engine === 'pgbouncer') {
      if (!template) {
        const direct = await openDatabase({ databaseUrl: directUrl, maxConnections: 1 });
        await migrateDatabase(direct.db).finally(() => direct.close());
      }
      const { bouncer, release } = await acquirePgBouncer(TEST_DATABASE_URL);
      url = bouncer.urlFor(directUrl);
      handle = await openDatabase({ databaseUrl: url, transactionPooler: true });
      const drop = dropDatabase;
      dropDatabase = async () => {
        await drop();
        await release();
      };
    } else {
      url = directUrl;
      handle = await openDatabase({ databaseUrl: url, maxConnections: 5 });
      if (!template) await migrateDatabase(handle.db);
    }
  } else {
    handle = await openPglite();
  }

  /*
   * Emptying the tables before each test: DELETE in one transaction with foreign keys off
   * (session_replication_role), not TRUNCATE. A test leaves a few rows in a few of some 40
   * tables; TRUNCATE gives every table and index a new file, which cost PostgreSQL about a
   * third of a second a test on the 2-core machine, while deleting a handful of rows costs
   * milliseconds. The tables are listed each time from the catalog: pg-boss makes its schema
   * when a test first starts the queue.
   */
  const truncate = async () => {
    const { rows } = await execute(
      handle,
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition
          and (n.nspname = 'public' or (n.nspname = 'pgboss' and c.relname = 'job'))`,
    );
    const tables = rows.map((row) => String(row['name']));
    if (tables.length === 0) return;
    const statements = [
      'begin',
      'set local session_replication_role = replica',
      ...tables.map((table) => `delete from ${table}`),
      'commit',
    ].join(';\n');
    /*
     * A queue a test left running may hold row locks in these tables while the deletes take
     * theirs; PostgreSQL then aborts one side with "deadlock detected" (40P01). The emptying is
     * the one to try again: the queue's own transaction retries too.
     */
    for (let attempt = 1; ; attempt++) {
      try {
        // Several statements: PGlite's exec, or pg's simple query (one round trip).
        if (handle.pglite) await handle.pglite.exec(statements);
        else await execute(handle, statements);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  };

  return {
    engine,
    handle,
    db: handle.db,
    ...(url ? { url } : {}),
    ...(directUrl ? { directUrl } : {}),
    truncate,
    close: async () => {
      await handle.close();
      await dropDatabase();
    },
  };
}

/** Runs raw SQL on either engine (for assertions and housekeeping). */
export async function execute(handle: DatabaseHandle, text: string): Promise<{ rows: Record<string, unknown>[] }> {
  if (handle.pglite) return handle.pglite.query(text);
  const client = new pg.Client({ connectionString: handle.databaseUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Vitest hooks: a database per describe block, truncated before each test.
 * Read `db`/`handle` inside tests (they are set in beforeAll).
 */
export function useTestDatabase(engine: Engine): TestDatabase {
  const holder = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(holder, await createTestDatabase(engine));
  });
  beforeEach(async () => {
    await holder.truncate();
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}

/**
 * The application tables with a row that, read as text, contains `text`: where a value the
 * site must never keep (a client's address, say) would have ended up.
 */
export async function tablesHolding(db: Db, text: string): Promise<string[]> {
  const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
  const tables = rows(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  ).map((row) => String(row['name']));
  const holding: string[] = [];
  for (const table of tables) {
    const hit = await db.execute(
      sql`select 1 from ${sql.identifier(table)} as t where t::text like ${`%${text}%`} limit 1`,
    );
    if (rows(hit).length > 0) holding.push(table);
  }
  return holding;
}

/** Re-exported for tests that need the type. */
export type { Db };
