/*
 * `npm run admin:grant -- <email> [--verify]`: makes an existing account admin. An account
 * that never confirmed its e-mail is refused (with its creation time, so the operator can
 * tell whether they created it) unless `--verify` is given — src/server/auth/admin-grant.ts
 * says why. Three ways, chosen in this order:
 *
 * 1. DATABASE_URL set (PostgreSQL): connect and update directly — PostgreSQL serves many
 *    processes at once.
 * 2. Embedded database with a server running: ask the server over its owner-only Unix
 *    socket in DATA_DIR. Never open the PGlite folder from here while a server holds it:
 *    a second process silently loses writes (DESIGN "Data").
 * 3. Embedded database with no server: take DATA_DIR's lock (so no server can start
 *    meanwhile), open the database, update, release.
 *
 * Runs with tsx (drizzle-kit's TypeScript runner) so it can use the server's own modules.
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { loadConfig } from '../src/server/config';
import { openDatabase, pgliteDirFor } from '../src/server/db/client';
import { DataDirLockedError, lockDataDir } from '../src/server/lock';
import { restrictToOwner, useOwnerOnlyUmask } from '../src/server/owner-only';
import { AccountNotFoundError, grantAdmin, type GrantResult } from '../src/server/auth/admin-grant';
import { adminSocketPath } from '../src/server/auth/admin-socket';
import { createSecurityLogger } from '../src/server/security/events';

class NoServerError extends Error {}

function viaSocket(socketPath: string, email: string, verify: boolean): Promise<GrantResult> {
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath, path: '/grant-admin', method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(body) as Record<string, unknown>;
          } catch {
            // reported below with the status
          }
          if (res.statusCode === 200) resolve(parsed as unknown as GrantResult);
          else if (res.statusCode === 404) reject(new AccountNotFoundError(email));
          else if (res.statusCode === 409) reject(new Error(String(parsed['error'])));
          else reject(new Error(`server answered ${res.statusCode}: ${String(parsed['error'] ?? body)}`));
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? new NoServerError(error.message) : error),
    );
    req.end(JSON.stringify({ email, verify }));
  });
}

async function direct(
  databaseUrl: string | undefined,
  pgliteDir: string | undefined,
  email: string,
  secret: string,
  how: string,
  verify: boolean,
) {
  const handle = await openDatabase({ databaseUrl, pgliteDir, maxConnections: 1 });
  try {
    return await grantAdmin(
      handle.db,
      email,
      createSecurityLogger({ db: handle.db, secret }),
      `cli:admin-grant (${how})`,
      { verify },
    );
  } finally {
    await handle.close();
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const email = args.find((arg) => !arg.startsWith('-'));
  const verify = args.includes('--verify');
  if (!email || !email.includes('@')) {
    console.error('Uso / usage: npm run admin:grant -- <email> [--verify]');
    return 2;
  }
  // What this creates in DATA_DIR (the folder, its secret, the lock) is owner-only, as the server's.
  useOwnerOnlyUmask();
  const config = loadConfig();
  const secret = config.authSecret ?? '';
  let result: GrantResult;
  try {
    if (config.databaseUrl) {
      result = await direct(config.databaseUrl, undefined, email, secret, 'PostgreSQL', verify);
    } else {
      try {
        result = await viaSocket(adminSocketPath(config.dataDir), email, verify);
      } catch (error) {
        if (!(error instanceof NoServerError)) throw error;
        // No server answering: hold DATA_DIR ourselves, or learn that a server is starting up.
        const lock = await lockDataDir(config.dataDir, () => {
          console.error('Perdi o lock de DATA_DIR / lost the DATA_DIR lock');
          process.exit(1);
        });
        try {
          // Holding DATA_DIR as the server would, close it as the server does at start.
          restrictToOwner(config.dataDir);
          // No database yet means no accounts yet; don't create an empty one here.
          if (!existsSync(pgliteDirFor(config.dataDir))) throw new AccountNotFoundError(email.trim().toLowerCase());
          result = await direct(undefined, pgliteDirFor(config.dataDir), email, secret, 'embedded, no server', verify);
        } finally {
          await lock.release();
        }
      }
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `${error.message}\nO servidor ainda está iniciando? Tente de novo em alguns segundos. / Is the server still starting? Retry in a few seconds.`,
      );
      return 1;
    }
    console.error((error as Error).message);
    return 1;
  }
  console.log(
    result.changed
      ? `${result.email} agora é administrador(a). / ${result.email} is now an admin.`
      : `${result.email} já era administrador(a). / ${result.email} already was an admin.`,
  );
  return 0;
}

process.exitCode = await main();
