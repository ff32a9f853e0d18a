/*
 * The local channel `npm run admin:grant` uses while a server holds the embedded database.
 *
 * PGlite belongs to one process: a second process opening the same folder silently loses
 * writes (DESIGN "Data"). So the running server listens on a Unix socket inside DATA_DIR,
 * created owner-only (0600): only the local user who runs the server can connect, and
 * nothing listens on the network. One route: POST /grant-admin {"email": "…", "role": "admin"}
 * (`role` optional, admin by default). An unconfirmed account's link is mailed by this server.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { DbOrTx } from '../db/client';
import { listenOwnerOnly, type OwnerOnlySocket } from '../owner-only';
import type { SecurityLogger } from '../security';
import { AccountNotFoundError, grantAdmin, isUserRole, UnknownRoleError } from './admin-grant';

export const ADMIN_SOCKET_FILE = 'admin.sock';

export function adminSocketPath(dataDir: string): string {
  return join(dataDir, ADMIN_SOCKET_FILE);
}

const MAX_BODY_BYTES = 4096;

function json(res: import('node:http').ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export type AdminSocket = OwnerOnlySocket;

function refusalStatus(error: Error): number {
  if (error instanceof AccountNotFoundError) return 404;
  if (error instanceof UnknownRoleError) return 400;
  return 500;
}

export async function startAdminSocket(deps: {
  dataDir: string;
  db: DbOrTx;
  security: SecurityLogger;
  /** Mails an unconfirmed account its link to choose the password (auth.ts). */
  mailPasswordLink: (email: string) => Promise<void>;
}): Promise<AdminSocket> {
  const path = adminSocketPath(deps.dataDir);
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/grant-admin') return json(res, 404, { error: 'not found' });
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
      if (raw.length > MAX_BODY_BYTES) req.destroy();
    });
    req.on('end', () => {
      let email: unknown;
      let role: unknown;
      try {
        ({ email, role } = JSON.parse(raw) as { email?: unknown; role?: unknown });
      } catch {
        return json(res, 400, { error: 'invalid JSON' });
      }
      if (typeof email !== 'string' || !email.includes('@')) return json(res, 400, { error: 'email required' });
      if (role !== undefined && !isUserRole(role))
        return json(res, 400, { error: new UnknownRoleError(String(role)).message });
      grantAdmin(deps.db, email, deps.security, 'cli:admin-grant (server socket)', {
        mailPasswordLink: deps.mailPasswordLink,
        ...(role === undefined ? {} : { role }),
      })
        .then((result) => json(res, 200, result))
        .catch((error: Error) => json(res, refusalStatus(error), { error: error.message }));
    });
  });
  return listenOwnerOnly(server, path);
}
