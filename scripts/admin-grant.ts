/*
 * `npm run admin:grant -- <email> [--role admin|vendas|editor|user]`: gives an existing
 * account a team role — admin unless `--role` says otherwise (access-policy.ts says what each
 * opens; `user` takes the role away). It never confirms an e-mail: an unconfirmed account gets
 * the role and a mailed link to choose its password, and the role takes effect once the
 * mailbox's holder uses it (src/server/auth/admin-grant.ts says why). Three ways, chosen in
 * this order:
 *
 * 1. DATABASE_URL set (PostgreSQL): connect and update directly — PostgreSQL serves many
 *    processes at once; the link goes into the outbox, which the running server sends.
 * 2. Embedded database with a server running: ask the server over its owner-only Unix
 *    socket in DATA_DIR. Never open the PGlite folder from here while a server holds it:
 *    a second process silently loses writes (DESIGN "Data").
 * 3. Embedded database with no server: take DATA_DIR's lock (so no server can start
 *    meanwhile), open the database, update, release; the link waits in the outbox until
 *    the server starts.
 *
 * Runs with tsx (drizzle-kit's TypeScript runner) so it can use the server's own modules.
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { loadConfig } from '../src/server/config';
import { DataDirLockedError, lockDataDir } from '../src/server/lock';
import { restrictToOwner, useOwnerOnlyUmask } from '../src/server/owner-only';
import {
  AccountNotFoundError,
  awaitingConfirmationMessage,
  grantAdmin,
  isUserRole,
  type GrantResult,
} from '../src/server/auth/admin-grant';
import { USER_ROLES, type UserRole } from '../src/lib/team-roles';
import { adminSocketPath } from '../src/server/auth/admin-socket';
import { systemClock } from '../src/server/clock';

class NoServerError extends Error {}

function viaSocket(socketPath: string, email: string, role: UserRole): Promise<GrantResult> {
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
          else if (res.statusCode === 409 || res.statusCode === 400) reject(new Error(String(parsed['error'])));
          else reject(new Error(`server answered ${res.statusCode}: ${String(parsed['error'] ?? body)}`));
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? new NoServerError(error.message) : error),
    );
    req.end(JSON.stringify({ email, role }));
  });
}

async function direct(
  databaseUrl: string | undefined,
  pgliteDir: string | undefined,
  email: string,
  config: { siteUrl: string; authSecret: string | undefined },
  how: string,
  role: UserRole,
) {
  // Loaded only on this path: asking a running server over its socket needs none of them, and
  // the database drivers and Better Auth are most of this script's start-up time.
  const [{ openDatabase }, { createAuth, mailPasswordLinkAsOperator }, { insertDeliveries }, { createSecurityLogger }] =
    await Promise.all([
      import('../src/server/db/client'),
      import('../src/server/auth/auth'),
      import('../src/server/outbox/outbox'),
      import('../src/server/security/events'),
    ]);
  const handle = await openDatabase({ databaseUrl, pgliteDir, maxConnections: 1 });
  try {
    const security = createSecurityLogger({ db: handle.db, secret: config.authSecret ?? '' });
    // The server's own Better Auth on this database: the link is the one sign-up mails, queued
    // in the outbox for the server's delivery workers.
    const auth = createAuth({
      db: handle.db,
      outbox: {
        enqueueMail: async (tx, message, meta) =>
          (await insertDeliveries(tx, [{ kind: 'email', message, meta }], new Date()))[0]!,
      },
      config,
      security,
      now: systemClock,
    });
    return await grantAdmin(handle.db, email, security, `cli:admin-grant (${how})`, {
      role,
      mailPasswordLink: (address) => mailPasswordLinkAsOperator(auth, address),
    });
  } finally {
    await handle.close();
  }
}

function grantMessage({ email, role, changed, awaitsConfirmation, accountName, createdAt }: GrantResult): string {
  if (awaitsConfirmation) return awaitingConfirmationMessage(email, new Date(createdAt), accountName, role);
  if (role === 'admin') {
    return changed
      ? `${email} agora é administrador(a). / ${email} is now an admin.`
      : `${email} já era administrador(a). / ${email} already was an admin.`;
  }
  if (role === 'user') {
    return changed
      ? `${email} não tem mais papel na equipe. / ${email} no longer has a team role.`
      : `${email} já não tinha papel na equipe. / ${email} had no team role.`;
  }
  return changed
    ? `${email} agora tem o papel ${role}. / ${email} now has the role ${role}.`
    : `${email} já tinha o papel ${role}. / ${email} already had the role ${role}.`;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const usage = `Uso / usage: npm run admin:grant -- <email> [--role ${USER_ROLES.filter((r) => r !== 'user').join('|')}|user]`;
  // `--role vendas` or `--role=vendas`; the value after a bare --role is not the e-mail.
  const roleAt = args.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  const roleArg = roleAt < 0 ? 'admin' : args[roleAt]!.includes('=') ? args[roleAt]!.split('=')[1] : args[roleAt + 1];
  const email = args.find(
    (arg, index) => !arg.startsWith('-') && !(roleAt >= 0 && index === roleAt + 1 && !args[roleAt]!.includes('=')),
  );
  if (args.includes('--verify')) {
    console.error(
      '--verify não existe: o admin:grant nunca confirma um e-mail. Rode sem ele: uma conta não confirmada ' +
        'recebe por e-mail um link para definir a senha, e o papel vale depois que a pessoa a definir. / ' +
        '--verify is not supported: run without it; an unconfirmed account is mailed a link to choose its password.',
    );
    return 2;
  }
  if (!email || !email.includes('@')) {
    console.error(usage);
    return 2;
  }
  if (!isUserRole(roleArg)) {
    console.error(`Papel desconhecido / unknown role: ${roleArg ?? '(vazio)'}\n${usage}`);
    return 2;
  }
  const role = roleArg;
  // What this creates in DATA_DIR (the folder, its secret, the lock) is owner-only, as the server's.
  useOwnerOnlyUmask();
  const config = loadConfig();
  let result: GrantResult;
  let waitsForServer = false;
  try {
    if (config.databaseUrl) {
      result = await direct(config.databaseUrl, undefined, email, config, 'PostgreSQL', role);
    } else {
      try {
        result = await viaSocket(adminSocketPath(config.dataDir), email, role);
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
          const { pgliteDirFor } = await import('../src/server/db/client');
          if (!existsSync(pgliteDirFor(config.dataDir))) throw new AccountNotFoundError(email.trim().toLowerCase());
          result = await direct(undefined, pgliteDirFor(config.dataDir), email, config, 'embedded, no server', role);
          if (result.awaitsConfirmation) waitsForServer = true;
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
  console.log(grantMessage(result));
  if (waitsForServer)
    console.log('O e-mail sai quando o servidor iniciar (npm start). / The e-mail goes out once the server starts.');
  return 0;
}

process.exitCode = await main();
