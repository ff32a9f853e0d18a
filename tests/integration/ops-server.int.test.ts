/*
 * Operating the production build (docs/operating.md), one server for the whole file:
 * - clients that give up while it is still starting leave no stack trace and no
 *   ClientAddressNotAvailable in its log;
 * - one JSON log line per request: its X-Request-Id, the route pattern (never the query
 *   string), method, status and duration — and none of a lead's data;
 * - liveness, readiness and /api/health; /metrics with its token;
 * - `npm run db:backup` of the running server's database while leads keep coming (a file
 *   only its owner can read), `npm run db:restore` refusing while that server runs and
 *   restoring into a fresh DATA_DIR where the lead is found.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../support/ensure-build';
import { logCaughtUp, logEntries, type LogEntry } from '../support/log';
import { freePort, stopChild, type RunningServer } from '../../scripts/support/server';

const METRICS_TOKEN = 'ops-test-metrics-token';
const PERSON = { nome: 'Olga Operacional', email: 'olga.operacional@exemplo.com', celular: '(21) 99876-5432' };
const TSX = join('node_modules', '.bin', 'tsx');

/** Sends a whole request and resets the connection at once, without reading the answer. */
function abandon(port: number, method: string, path: string, body = ''): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
          `Accept: application/json\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      socket.resetAndDestroy();
      resolve();
    });
    socket.on('error', () => resolve());
  });
}

const leadForm = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({ ...PERSON, tipo: 'proprietario', submission_key: randomUUID(), ...overrides }).toString();

/**
 * Starts the build like scripts/support/server.ts, but fires abandoned requests at on-demand
 * routes from the moment it listens, while its runtime is still starting.
 */
async function startWhileAbandoning(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pilota-ops-'));
  let output = '';
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let abandoned = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not become ready within 60 s:\n${output}`);
    // Readiness waits for the runtime; liveness answers as soon as the server listens.
    const ready = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(200) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    const live = await fetch(`${url}/api/health/live`, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (live) {
      // Listening, its runtime still starting: give up on a few requests.
      await Promise.all([
        abandon(port, 'GET', '/blog/admin'),
        abandon(port, 'GET', '/auth'),
        abandon(port, 'GET', '/api/auth/get-session'),
        abandon(port, 'POST', '/_actions/lead', leadForm()),
        abandon(port, 'POST', '/contato?_action=lead', leadForm()),
        abandon(port, 'POST', '/api/implementacao', leadForm()),
        abandon(port, 'POST', '/api/auth/sign-in/email', leadForm()),
        abandon(port, 'GET', '/metrics'),
      ]).then(() => (abandoned += 8));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(abandoned).toBeGreaterThan(0);
  return { url, dataDir, process: child, output: () => output, stop: () => stopChild(child, 10_000) };
}

/** Runs a CLI script as `npm run` would, without blocking this process (the server's clients keep going). */
function tsx(
  script: string,
  args: string[],
  dataDir: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, [script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('operating the built server', () => {
  let server: RunningServer;

  beforeAll(async () => {
    ensureBuild();
    server = await startWhileAbandoning({ METRICS_TOKEN, LEAD_RATE_LIMIT: 'off', SMTP_URL: '', RESEND_API_KEY: '' });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  const entries = (): LogEntry[] => logEntries(server.output());

  it('clients that gave up during start-up left no stack trace and no ClientAddressNotAvailable', async () => {
    await logCaughtUp(server);
    expect(server.output()).not.toMatch(/ClientAddressNotAvailable|\n\s+at |\[ERROR\]/);
    expect(entries().filter((entry) => entry.level === 'error' || entry.level === 'fatal')).toEqual([]);
    // They did reach it: their request lines say the client left before the answer (logged
    // when the connection closed, often before the middleware could name the route).
    const gone = entries().filter((entry) => entry.msg === 'request' && entry['aborted'] === true);
    expect(gone.filter((entry) => entry['method'] === 'POST').length).toBeGreaterThan(0);
  });

  it('logs one JSON line per request: its X-Request-Id, route pattern without the query, method, status, ms', async () => {
    const response = await fetch(`${server.url}/_actions/lead?email=${encodeURIComponent(PERSON.email)}`, {
      method: 'POST',
      headers: {
        Origin: server.url,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: 'better-auth.session_token=segredo',
      },
      body: leadForm(),
    });
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const page = await fetch(`${server.url}/sobre?utm_source=${encodeURIComponent(PERSON.celular)}`);
    const missing = await fetch(`${server.url}/${encodeURIComponent(PERSON.nome)}`);
    expect(missing.status).toBe(404);
    await logCaughtUp(server);

    const lines = entries().filter((entry) => entry.msg === 'request');
    const line = (reqId: string | null) => lines.find((entry) => entry.reqId === reqId);
    expect(line(id)).toMatchObject({ level: 'info', method: 'POST', route: '/_actions/[...path]', status: 200 });
    expect(typeof line(id)!['ms']).toBe('number');
    expect(line(page.headers.get('x-request-id'))).toMatchObject({ method: 'GET', route: '/sobre', status: 200 });
    expect(line(missing.headers.get('x-request-id'))).toMatchObject({ method: 'GET', status: 404 });
    expect(lines.length).toBe(new Set(lines.map((entry) => entry.reqId)).size);

    const log = server.output();
    for (const value of [...Object.values(PERSON), encodeURIComponent(PERSON.email), 'Olga', '99876', 'segredo']) {
      expect(log).not.toContain(value);
    }
  });

  it('liveness, readiness and /api/health answer what they check; the detail only with the metrics token', async () => {
    const live = await fetch(`${server.url}/api/health/live`);
    expect({ status: live.status, body: await live.json() }).toEqual({ status: 200, body: { status: 'ok' } });
    // Anyone, or a wrong token: the status code and yes/no, nothing about the engine, migrations or backlog.
    for (const headers of [{}, { Authorization: 'Bearer nope' }, { Authorization: METRICS_TOKEN }]) {
      const anonymous = await fetch(`${server.url}/api/health/ready`, { headers });
      expect(anonymous.headers.get('cache-control')).toBe('no-store');
      expect({ status: anonymous.status, body: await anonymous.json() }).toEqual({
        status: 200,
        body: { ready: true },
      });
      const short = await fetch(`${server.url}/api/health`, { headers });
      expect({ status: short.status, body: await short.json() }).toEqual({ status: 200, body: { status: 'ok' } });
    }
    const operator = { Authorization: `Bearer ${METRICS_TOKEN}` };
    const ready = await fetch(`${server.url}/api/health/ready`, { headers: operator });
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    const report = (await ready.json()) as { oldestPendingDeliverySeconds: unknown };
    expect(report).toMatchObject({
      status: 'ok',
      database: 'pglite',
      checks: { database: true, migrations: true, queue: true },
    });
    expect(
      report.oldestPendingDeliverySeconds === null || typeof report.oldestPendingDeliverySeconds === 'number',
    ).toBe(true);
    const health = await fetch(`${server.url}/api/health`, { headers: operator });
    expect({ status: health.status, body: await health.json() }).toEqual({
      status: 200,
      body: { status: 'ok', database: 'pglite' },
    });
  });

  it('/metrics answers the token only', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer nope' } })).status).toBe(401);
    const metrics = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^pilota_leads_accepted_total [1-9]\d*$/m);
  });

  it('db:backup copies the running server’s database while leads keep coming; db:restore refuses while it runs, restores into a fresh DATA_DIR', async () => {
    const marker = `Bia ${[...randomUUID().replace(/[^a-f]/g, '')].slice(0, 6).join('')} Backup`;
    const saved = await fetch(`${server.url}/_actions/lead`, {
      method: 'POST',
      headers: { Origin: server.url, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: leadForm({ nome: marker, email: 'backup@exemplo.com' }),
    });
    expect(saved.status).toBe(200);

    const file = join(mkdtempSync(join(tmpdir(), 'pilota-backups-')), 'nested', 'pilota.tar.gz');
    // Visitors keep submitting while the backup runs; none of them is refused.
    let posting = true;
    const during = (async () => {
      const statuses: number[] = [];
      while (posting) {
        const answer = await fetch(`${server.url}/_actions/lead`, {
          method: 'POST',
          headers: {
            Origin: server.url,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: leadForm(),
        });
        statuses.push(answer.status);
        // A visitor's pace, not a flood: a tight loop here only took the cores from the backup it races.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return statuses;
    })();
    const backup = await tsx('scripts/db-backup.ts', [file], server.dataDir);
    posting = false;
    const statuses = await during;
    expect(backup.status, `${backup.stdout}\n${backup.stderr}`).toBe(0);
    expect(backup.stdout).toContain('from the running server');
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
    expect(server.output()).toContain('database dumped for a backup');

    const refused = await tsx('scripts/db-restore.ts', [file], server.dataDir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('refuses while it runs');

    const fresh = join(mkdtempSync(join(tmpdir(), 'pilota-restored-')), 'data');
    const restored = await tsx('scripts/db-restore.ts', [file], fresh);
    expect(restored.status, `${restored.stdout}\n${restored.stderr}`).toBe(0);
    expect(existsSync(join(fresh, 'server.lock'))).toBe(false);
    const db = await PGlite.create(join(fresh, 'db'));
    try {
      const { rows } = await db.query<{ email: string }>('select email from contatos where nome = $1', [marker]);
      expect(rows).toEqual([{ email: 'backup@exemplo.com' }]);
    } finally {
      await db.close();
    }
    // A second restore would replace that database: only with --force, keeping the first beside it.
    const again = await tsx('scripts/db-restore.ts', [file], fresh);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('--force');
  }, 180_000);
});
