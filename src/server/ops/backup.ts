/*
 * Backups of the embedded database (`npm run db:backup` / `npm run db:restore`,
 * docs/operating.md "Backups and restore").
 *
 * A PGlite folder belongs to one process (DESIGN "Data"): copying its files while the server
 * writes them gives a torn copy, and opening them from a second process loses writes. So:
 * - with a server running, the backup asks it over an owner-only Unix socket in DATA_DIR
 *   (`ops.sock`, like admin.sock), and the server dumps its own database: PGlite's
 *   `dumpDataDir` runs between two queries (it holds the query lock for a few hundred ms,
 *   no longer: compression happens afterwards, off that lock), and what it copies is a
 *   crash-consistent image — every committed transaction is in the write-ahead log, which
 *   PostgreSQL replays on restore, and an open one is rolled back;
 * - with no server, the CLI takes DATA_DIR's lock (src/server/lock.ts) and dumps itself;
 * - a restore always takes the lock, so it refuses while a server runs.
 *
 * A backup is a gzip'd tar of the PGlite data folder (PGlite's own format, what `loadDataDir`
 * reads), written owner-only (0600): it holds every lead. Before a backup is kept it is
 * opened in memory and its leads counted, so a file that would not restore is never
 * mistaken for a backup.
 */
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { describeError } from '../describe-error';
import { componentLogger } from '../log/logger';
import { listenOwnerOnly } from '../owner-only';

export const OPS_SOCKET_FILE = 'ops.sock';

export function opsSocketPath(dataDir: string): string {
  return join(dataDir, OPS_SOCKET_FILE);
}

const gzipAsync = promisify(gzip);

/** A gzip'd tar of the database's folder, taken between two queries. */
export async function dumpDatabase(pglite: PGlite): Promise<Buffer> {
  // Uncompressed inside PGlite's lock (fast), compressed outside it on libuv's threads.
  const tar = await pglite.dumpDataDir('none');
  return gzipAsync(Buffer.from(await tar.arrayBuffer()), { level: 6 });
}

export interface BackupSummary {
  leads: number;
  implementationRequests: number;
  deliveries: number;
}

/** Opens an archive in memory and counts what it holds; throws when it is not a usable database. */
export async function verifyArchive(archive: Buffer): Promise<BackupSummary> {
  const db = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(archive)]) });
  try {
    const { rows } = await db.query<{ leads: number; requests: number; deliveries: number }>(`
      select (select count(*) from contatos)::int as leads,
             (select count(*) from solicitacoes_implementacao)::int as requests,
             (select count(*) from deliveries)::int as deliveries`);
    const row = rows[0]!;
    return { leads: row.leads, implementationRequests: row.requests, deliveries: row.deliveries };
  } finally {
    await db.close();
  }
}

/** Writes an archive into an empty database folder (`$DATA_DIR/db`); the caller holds the lock. */
export async function restoreArchive(archive: Buffer, pgliteDir: string): Promise<void> {
  const db = await PGlite.create(pgliteDir, { loadDataDir: new Blob([new Uint8Array(archive)]) });
  await db.close();
}

export interface OpsSocket {
  path: string;
  close: () => Promise<void>;
}

/**
 * The running server's side: `POST /backup` answers the archive. Owner-only from the
 * start (umask while it is created, then 0600), so only the user running the server can ask.
 */
export async function startOpsSocket(deps: { dataDir: string; pglite: PGlite }): Promise<OpsSocket> {
  const log = componentLogger('backup');
  const path = opsSocketPath(deps.dataDir);
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    const startedAt = performance.now();
    dumpDatabase(deps.pglite).then(
      (archive) => {
        log.info(
          { bytes: archive.length, ms: Math.round(performance.now() - startedAt) },
          'database dumped for a backup',
        );
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': archive.length }).end(archive);
      },
      (error: unknown) => {
        log.error(`backup failed: ${describeError(error)}`);
        res.writeHead(500, { 'content-type': 'text/plain' }).end(describeError(error));
      },
    );
  });
  return listenOwnerOnly(server, path);
}

/** Thrown by `backupFromServer` when no server listens on the socket. */
export class NoServerError extends Error {
  override name = 'NoServerError';
}

/** The CLI's side: asks the running server for an archive. */
export function backupFromServer(dataDir: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: opsSocketPath(dataDir), path: '/backup', method: 'POST' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(`the server could not dump the database (${res.statusCode}): ${body.toString('utf8')}`));
      });
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? new NoServerError(error.message) : error),
    );
    req.end();
  });
}
