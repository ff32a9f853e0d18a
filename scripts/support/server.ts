import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { builtEntry } from '../build-freshness.mjs';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed, for assertions on logs. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the production server (scripts/serve.mjs over BUILD_DIR, default dist) on a free port with its own
 * data folder, and waits until `/api/health` answers. That request is also the warm-up that boots the runtime
 * (lock, database, queue), as serve.mjs does; a server that cannot take the DATA_DIR lock exits, and this
 * rejects with its output.
 *
 * A server given neither DATA_DIR nor DATABASE_URL starts on a copy of an embedded database that an earlier
 * start of the same build created and migrated, as a restarted server finds its own (see
 * migratedDatabaseTemplate); one given a DATA_DIR boots on what is there, so first-boot tests pass one.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const embedded = !(env['DATABASE_URL'] ?? process.env['DATABASE_URL']);
  if (env['DATA_DIR'] !== undefined || !embedded) return spawnServer(env);
  const dataDir = mkdtempSync(join(tmpdir(), 'pilota-data-'));
  cpSync(pgliteDirFor(await migratedDatabaseTemplate()), pgliteDirFor(dataDir), { recursive: true });
  return spawnServer({ ...env, DATA_DIR: dataDir });
}

/** The embedded database's folder inside DATA_DIR (src/server/db/client.ts pgliteDirFor; scripts import this file). */
const pgliteDirFor = (dataDir: string) => join(dataDir, 'db');

/*
 * Creating and migrating an embedded database costs a booting server about 3 of its 6 s of CPU,
 * and a test run starts some 25 servers. The first start of a build boots one server on an empty
 * folder and stops it cleanly; its database folder, renamed into node_modules/.cache, is the
 * template later starts copy (40 MB, tens of milliseconds). Only the database is kept: each server
 * still makes its own auth secret. Processes racing to make it each boot one; the first rename wins.
 */
async function migratedDatabaseTemplate(): Promise<string> {
  const entry = builtEntry();
  const key = createHash('sha256')
    .update(`${resolve(entry)}:${statSync(entry).mtimeMs}`)
    .digest('hex')
    .slice(0, 16);
  const root = resolve('node_modules/.cache/pilota-server-db');
  const template = join(root, key);
  if (existsSync(pgliteDirFor(template))) return template;

  // Booted beside the cache, not in tmpdir(): a rename cannot cross file systems (a tmpfs TMPDIR).
  const boots = `${root}-boot`;
  mkdirSync(boots, { recursive: true });
  const dataDir = mkdtempSync(join(boots, 'db-'));
  const server = await spawnServer({ DATA_DIR: dataDir });
  await server.stop();
  for (const old of existsSync(root) ? readdirSync(root) : []) {
    if (old !== key) rmSync(join(root, old), { recursive: true, force: true });
  }
  mkdirSync(template, { recursive: true });
  try {
    renameSync(pgliteDirFor(dataDir), pgliteDirFor(template));
  } catch (error) {
    if (!existsSync(pgliteDirFor(template))) throw error;
  }
  rmSync(dataDir, { recursive: true, force: true });
  return template;
}

async function spawnServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env['DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'pilota-data-'));
  let output = '';
  // SERVER_NODE_ARGS: Node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (docs/benchmarks.md).
  const nodeArgs = process.env['SERVER_NODE_ARGS']?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/serve.mjs'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      // 503 means booted but the database is not reachable yet (degraded mode): still a running server.
      const response = await fetch(`${url}/api/health`, { redirect: 'manual' });
      if (response.status === 200 || response.status === 503) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: () => stopChild(child, 10_000),
  };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
export function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    // A child killed by a signal has exitCode null but signalCode set: it is gone already.
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
  });
}
