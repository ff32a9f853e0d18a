/*
 * `npm run db:backup -- [file]`: a backup of the embedded database (PGlite in DATA_DIR), safe
 * while the server runs. Default file: backups/pilota-db-<date>.tar.gz (folder 0700, file
 * 0600: it holds every lead). How it is taken is src/server/ops/backup.ts:
 *
 * 1. a server running on DATA_DIR: asked over its owner-only socket (DATA_DIR/ops.sock) to
 *    dump its own database — never read the PGlite folder from here while a server writes it;
 * 2. no server: take DATA_DIR's lock (so none starts meanwhile), open the database, dump it.
 *
 * The archive is opened in memory and its rows counted before it is kept. With DATABASE_URL
 * (PostgreSQL) this refuses: use pg_dump or the provider's backups.
 *
 * Runs with tsx so it can use the server's own modules (as admin:grant does).
 */
import { chmodSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { parseConfig } from '../src/server/config';
import { pgliteDirFor } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/lock';
import { backupFromServer, dumpDatabase, NoServerError, verifyArchive } from '../src/server/ops/backup';
import { lockDataDirOrExit, refusePostgres, runScript, SERVER_STARTING_HINT } from './embedded-db-script';

async function dumpWithoutServer(dataDir: string): Promise<Buffer> {
  const lock = await lockDataDirOrExit(dataDir);
  try {
    const pglite = await PGlite.create(pgliteDirFor(dataDir));
    try {
      return await dumpDatabase(pglite);
    } finally {
      await pglite.close();
    }
  } finally {
    await lock.release();
  }
}

function defaultFile(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[:]/g, '-');
  return join('backups', `pilota-db-${stamp}.tar.gz`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log('Uso / usage: npm run db:backup -- [arquivo.tar.gz]');
    return 0;
  }
  const config = parseConfig(process.env);
  const advice = {
    pt: 'faça o backup do PostgreSQL com pg_dump (ou os backups do provedor)',
    en: 'back up PostgreSQL with pg_dump (or your provider’s backups)',
    script: 'db:backup',
  };
  if (refusePostgres(config, advice)) return 1;
  if (!existsSync(join(pgliteDirFor(config.dataDir), 'PG_VERSION'))) {
    console.error(`Nenhum banco embutido em ${config.dataDir} / no embedded database in ${config.dataDir}`);
    return 1;
  }
  const target = resolve(args.find((arg) => !arg.startsWith('-')) ?? defaultFile());
  if (existsSync(target)) {
    console.error(`${target} já existe / already exists`);
    return 1;
  }

  let archive: Buffer;
  let how = 'from the running server';
  try {
    archive = await backupFromServer(config.dataDir);
  } catch (error) {
    if (!(error instanceof NoServerError)) throw error;
    how = 'directly (no server running)';
    try {
      archive = await dumpWithoutServer(config.dataDir);
    } catch (lockError) {
      if (!(lockError instanceof DataDirLockedError)) throw lockError;
      console.error(`${lockError.message}\n${SERVER_STARTING_HINT}`);
      return 1;
    }
  }

  const summary = await verifyArchive(archive);
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  // Written beside the target and renamed: a backup cut short never looks like a finished one.
  const partial = `${target}.partial`;
  writeFileSync(partial, archive, { mode: 0o600, flag: 'wx' });
  chmodSync(partial, 0o600);
  renameSync(partial, target);
  console.log(
    `Backup: ${target} (${archive.length} bytes, ${how}): ${summary.leads} leads, ` +
      `${summary.implementationRequests} implementation requests, ${summary.deliveries} deliveries.`,
  );
  return 0;
}

await runScript(main);
