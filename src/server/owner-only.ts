/*
 * Everything in DATA_DIR is for the user who runs the server alone: the embedded
 * database holds identity documents, password hashes and sessions, beside it lie the
 * spool of leads and the session-signing secret. Other local users get no access at all.
 *
 * Two halves, because neither is enough alone:
 * - a process umask of 077, so whatever a process that writes in DATA_DIR creates is
 *   owner-only from its first byte (folders 0700, files 0600) — the server, admin:grant,
 *   db:migrate and the bench all set it before touching the folder;
 * - a walk that takes group and other bits away afterwards: PGlite copies a fresh
 *   database's files in with an explicit chmod to 0666, which no umask can prevent, and an
 *   install made before this rule still has its old, open modes.
 */
import { chmodSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';

/** No permission for group or others on anything created from now on. */
export const OWNER_ONLY_UMASK = 0o077;

/** Sets the process umask to OWNER_ONLY_UMASK; call it before anything in DATA_DIR is created. */
export function useOwnerOnlyUmask(): void {
  process.umask(OWNER_ONLY_UMASK);
}

export interface RestrictResult {
  /** Files and folders that had a group/other bit and no longer have one. */
  fixed: number;
  /** Entries that could not be changed (e.g. owned by another user). */
  failed: number;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Removes every group and other permission bit (and setuid/setgid/sticky) from `root`
 * and everything below it; owner bits are kept. Symbolic links are neither changed nor
 * followed, so a link in DATA_DIR can never make this touch files elsewhere. A missing
 * `root` is nothing to do.
 */
export function restrictToOwner(root: string): RestrictResult {
  const result: RestrictResult = { fixed: 0, failed: 0 };
  const pending = [root];
  while (pending.length > 0) {
    const path = pending.pop()!;
    let stat;
    try {
      stat = lstatSync(path);
    } catch (error) {
      // Removed while we walked (a lock refresh, a finished spool replay): nothing to protect.
      if (errorCode(error) === 'ENOENT') continue;
      throw error;
    }
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & 0o7077) !== 0) {
      try {
        chmodSync(path, stat.mode & 0o700);
        result.fixed++;
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') result.failed++;
      }
    }
    if (stat.isDirectory()) {
      try {
        for (const name of readdirSync(path)) pending.push(join(path, name));
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') result.failed++;
      }
    }
  }
  return result;
}

/** A local socket only this user can reach, and how to close it. */
export interface OwnerOnlySocket {
  path: string;
  close: () => Promise<void>;
}

/**
 * Listens on the Unix socket `path` (the server's local channels for `admin:grant` and
 * `db:backup`), created owner-only from the start: no window in which another user could
 * connect. The caller holds DATA_DIR's lock, so a socket file already there is a dead server's.
 */
export async function listenOwnerOnly(server: Server, path: string): Promise<OwnerOnlySocket> {
  rmSync(path, { force: true });
  const previousUmask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
  } finally {
    process.umask(previousUmask);
  }
  chmodSync(path, 0o600);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        rmSync(path, { force: true });
      }),
  };
}
