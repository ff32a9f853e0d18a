/*
 * `npm run db:restore -- <file> [--force]`: puts a backup made by `npm run db:backup` back as
 * the embedded database of DATA_DIR (docs/operating.md, "Restore drill").
 *
 * - Refuses while a server runs on DATA_DIR: it takes DATA_DIR's lock first, as the server
 *   does, and holds it until the restored database has been opened and counted.
 * - Refuses to replace an existing database unless --force; the old one is then kept beside
 *   it as db.before-restore-<date>, never deleted.
 * - The archive is checked (opened in memory, rows counted) before anything is touched.
 * With DATABASE_URL (PostgreSQL) this refuses: use pg_restore / psql.
 */
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { parseConfig } from '../src/server/config';
import { pgliteDirFor } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/lock';
import { restrictToOwner, useOwnerOnlyUmask } from '../src/server/owner-only';
import { restoreArchive, verifyArchive } from '../src/server/ops/backup';
import { lockDataDirOrExit, refusePostgres, runScript } from './embedded-db-script';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith('-'));
  const force = args.includes('--force');
  if (!file) {
    console.error('Uso / usage: npm run db:restore -- <arquivo.tar.gz> [--force]');
    return 2;
  }
  const config = parseConfig(process.env);
  const advice = {
    pt: 'restaure o PostgreSQL com pg_restore/psql',
    en: 'restore PostgreSQL with pg_restore/psql',
    script: 'db:restore',
  };
  if (refusePostgres(config, advice)) return 1;
  const archive = readFileSync(resolve(file));
  const expected = await verifyArchive(archive);

  useOwnerOnlyUmask();
  let lock;
  try {
    lock = await lockDataDirOrExit(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(
      `${error.message}\nPare o servidor antes de restaurar. / Stop the server before restoring: db:restore refuses while it runs.`,
    );
    return 1;
  }
  try {
    const pgliteDir = pgliteDirFor(config.dataDir);
    if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
      if (!force) {
        console.error(
          `${pgliteDir} já tem um banco; use --force para substituí-lo (o atual fica guardado ao lado).\n` +
            `${pgliteDir} already holds a database; pass --force to replace it (the current one is kept beside it).`,
        );
        return 1;
      }
      const aside = `${pgliteDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(pgliteDir, aside);
      console.log(`Banco atual guardado em / current database kept at ${aside}`);
    }
    await restoreArchive(archive, pgliteDir);
    restrictToOwner(config.dataDir);
    const db = await PGlite.create(pgliteDir);
    try {
      const { rows } = await db.query<{ leads: number }>('select count(*)::int as leads from contatos');
      if (rows[0]?.leads !== expected.leads) {
        throw new Error(`restored database has ${rows[0]?.leads} leads, the backup ${expected.leads}`);
      }
    } finally {
      await db.close();
    }
  } finally {
    await lock.release();
  }
  console.log(
    `Restaurado / restored into ${config.dataDir}: ${expected.leads} leads, ` +
      `${expected.implementationRequests} implementation requests, ${expected.deliveries} deliveries. Start the server.`,
  );
  return 0;
}

await runScript(main);
