/*
 * DATA_DIR belongs to one server process. PGlite has no lock of its own and a
 * second process writing the same files silently loses data (DESIGN.md "Data"),
 * so the server takes an exclusive lock before opening anything in the folder.
 *
 * proper-lockfile makes the lock a directory (atomic mkdir) whose mtime the owner
 * refreshes; a lock left by a crashed process goes stale after STALE_MS. To let a
 * server restart at once after a crash, the owner's PID is written beside it and a
 * lock whose PID is no longer alive on this machine is taken over immediately.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

const STALE_MS = 10_000;
const UPDATE_MS = 2_000;

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number | undefined,
  ) {
    super(
      `A pasta de dados ${dataDir} já está em uso por outro servidor${ownerPid ? ` (PID ${ownerPid})` : ''}. ` +
        'Pare o outro processo ou use outro DATA_DIR.\n' +
        `The data folder ${dataDir} is already in use by another server${ownerPid ? ` (PID ${ownerPid})` : ''}. ` +
        'Stop that process or set a different DATA_DIR.',
    );
  }
}

interface Owner {
  pid: number;
  host: string;
}

function readOwner(path: string): Owner | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Owner;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  release: () => Promise<void>;
}

/**
 * Takes the exclusive lock on `dataDir` or throws DataDirLockedError.
 * `onCompromised` runs if the lock is lost while held (e.g. the folder was deleted).
 */
export async function lockDataDir(dataDir: string, onCompromised: (error: Error) => void): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  // Owner-only even in a process that did not set the umask (src/server/owner-only.ts).
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lockPath = join(dir, 'server.lock');
  const ownerPath = join(dir, 'server.pid');
  const options = { lockfilePath: lockPath, stale: STALE_MS, update: UPDATE_MS, realpath: false, onCompromised };

  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = readOwner(ownerPath);
    const orphaned = owner && owner.host === hostname() && owner.pid !== process.pid && !isAlive(owner.pid);
    if (!orphaned) throw new DataDirLockedError(dir, owner?.pid);
    // The owner died without releasing: its lock protects nothing any more.
    rmSync(lockPath, { recursive: true, force: true });
    try {
      release = await lockfile.lock(dir, options);
    } catch {
      throw new DataDirLockedError(dir, readOwner(ownerPath)?.pid);
    }
  }
  writeFileSync(ownerPath, JSON.stringify({ pid: process.pid, host: hostname() } satisfies Owner), { mode: 0o600 });
  return {
    release: async () => {
      rmSync(ownerPath, { force: true });
      await release().catch(() => undefined);
    },
  };
}
