/*
 * A private PgBouncer in transaction mode in front of the test PostgreSQL: the
 * connection profile Netlify functions get from Supabase's pooler (port 6543).
 *
 * Each transaction (or lone statement) may land on another server connection, and
 * after every one the server connection is wiped (`DISCARD ALL`, forced even in
 * transaction mode with server_reset_query_always). So what breaks on the real pooler
 * breaks here at once instead of by chance: a named prepared statement is gone when it
 * is executed again, SET / session advisory locks / temp tables / LISTEN do not outlive
 * their statement. PgBouncer 1.18 (Debian 12) cannot refuse named statements outright —
 * `max_prepared_statements` arrived in 1.21 — so the reset is what makes them fail.
 *
 * Found at $PGBOUNCER_PATH, /usr/sbin/pgbouncer or on PATH (Debian package `pgbouncer`;
 * .ci/run installs it). `pgBouncerMissingReason()` says why tests that need it skip.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort } from './server';

const CANDIDATES = [process.env['PGBOUNCER_PATH'], '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];

/** The pgbouncer binary, or undefined when it is not installed. */
export function findPgBouncer(): string | undefined {
  for (const candidate of CANDIDATES) if (candidate && existsSync(candidate)) return candidate;
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    const path = join(dir, 'pgbouncer');
    if (dir && existsSync(path)) return path;
  }
  return undefined;
}

/** Why pooler tests cannot run here, or undefined when they can. */
export function pgBouncerMissingReason(): string | undefined {
  if (!process.env['TEST_DATABASE_URL']) return 'TEST_DATABASE_URL is not set (PgBouncer needs a PostgreSQL behind it)';
  if (process.env['TEST_PGBOUNCER'] === '0') return 'TEST_PGBOUNCER=0';
  if (!findPgBouncer()) {
    return 'pgbouncer is not installed (apt-get install pgbouncer, or set PGBOUNCER_PATH); .ci/run installs it in CI';
  }
  return undefined;
}

export interface PgBouncer {
  port: number;
  /** `upstreamUrl` with host and port switched to the pooler's (same user and database). */
  urlFor: (upstreamUrl: string) => string;
  /** What PgBouncer printed, for failures. */
  log: () => string;
  stop: () => Promise<void>;
}

function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`pgbouncer exited (${child.exitCode}):\n${log()}`));
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`pgbouncer did not listen on ${port}:\n${log()}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * Starts PgBouncer on a free port in front of `upstreamUrl`'s server (trust auth, as the
 * local test PostgreSQL). Every database name is forwarded as is, so a database created
 * directly on PostgreSQL is reachable through the pooler under the same name.
 */
export async function startPgBouncer(upstreamUrl: string): Promise<PgBouncer> {
  const binary = findPgBouncer();
  if (!binary) throw new Error(pgBouncerMissingReason());
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username || 'postgres');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pilota-pgbouncer-'));
  // PgBouncer refuses to run as root; it then switches to another user, who must read the files.
  const asUser = userInfo().uid === 0 ? ['-u', existsSync('/var/lib/postgresql') ? 'postgres' : 'nobody'] : [];
  chmodSync(dir, 0o755);
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 });
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${upstream.hostname} port=${upstream.port || 5432} user=${user}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      // Wipe every server connection after each transaction, as if the next one came from a stranger.
      'server_reset_query = DISCARD ALL',
      'server_reset_query_always = 1',
      // Several server connections per database, so consecutive transactions really move around.
      'default_pool_size = 6',
      'max_client_conn = 500',
      'server_idle_timeout = 10',
      'ignore_startup_parameters = extra_float_digits',
      'admin_users = ',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  let output = '';
  const child = spawn(binary, [...asUser, ini], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const log = () => output;
  // A test process that dies must not leave the pooler behind.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  await waitForPort(port, child, log);
  return {
    port,
    urlFor: (url) => {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    log,
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', kill);
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
      }),
  };
}

let shared: { bouncer: Promise<PgBouncer>; users: number } | undefined;

/**
 * One PgBouncer per test process, shared by every database that uses it; the last
 * `release()` stops it.
 */
export async function acquirePgBouncer(
  upstreamUrl: string,
): Promise<{ bouncer: PgBouncer; release: () => Promise<void> }> {
  shared ??= { bouncer: startPgBouncer(upstreamUrl), users: 0 };
  const entry = shared;
  entry.users++;
  let bouncer: PgBouncer;
  try {
    bouncer = await entry.bouncer;
  } catch (error) {
    if (shared === entry) shared = undefined;
    throw error;
  }
  let released = false;
  return {
    bouncer,
    release: async () => {
      if (released) return;
      released = true;
      entry.users--;
      if (entry.users === 0 && shared === entry) {
        shared = undefined;
        await bouncer.stop();
      }
    },
  };
}
