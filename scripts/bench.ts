/*
 * `npm run bench`: the lead action end to end over HTTP against the built server.
 *
 * Starts the production server (scripts/serve.mjs over BUILD_DIR, building first when missing) on a fresh DATA_DIR
 * with the rate limit off and two local webhook receivers, sends form posts to the lead
 * action from CONCURRENCY parallel clients for DURATION_S seconds, then stops the
 * server and checks that every accepted lead is a row in `contatos`.
 * Embedded database by default; PostgreSQL when DATABASE_URL is set.
 *
 * Floor (2 cores, embedded database): ≥ 300 accepted leads/s, p99 ≤ 250 ms, 0 missing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { useOwnerOnlyUmask } from '../src/server/owner-only.ts';
import { startReceiver } from './support/receiver.ts';
import { freePort } from './support/server.ts';

const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 50);
const DURATION_S = Number(process.env['BENCH_SECONDS'] ?? 10);
const FLOOR = { perSecond: 300, p99Ms: 250 };
const buildDir = process.env['BUILD_DIR'] ?? 'dist';
const entry = join(buildDir, 'server', 'entry.mjs');
const databaseUrl = process.env['DATABASE_URL'];

if (!existsSync(entry)) {
  console.log(`No build in ${buildDir}: building…`);
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The bench's DATA_DIR holds leads like a real one: owner-only (the server sets its own umask too).
useOwnerOnlyUmask();
// Two webhook targets, as a site with two integrations has; the bench times the server, not them.
const hooks = [await startReceiver(), await startReceiver()];
const dataDir = mkdtempSync(join(tmpdir(), 'pilota-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['scripts/serve.mjs'], {
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LEAD_RATE_LIMIT: 'off',
    LEAD_WEBHOOK_URLS: hooks.map((hook) => hook.url).join(','),
    SMTP_URL: '',
    RESEND_API_KEY: '',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverLog = '';
server.stdout.on('data', (chunk: Buffer) => {
  // Mail is printed per lead (no transport configured); keep only the tail for errors.
  serverLog = (serverLog + chunk.toString()).slice(-20_000);
});
server.stderr.on('data', (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-20_000)));

for (let i = 0; ; i++) {
  try {
    const response = await fetch(`${base}/api/health`);
    if (response.ok) break;
  } catch {
    // not listening yet
  }
  if (i > 300 || server.exitCode !== null) throw new Error(`server did not start:\n${serverLog}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const tipos = ['proprietario', 'corretor', 'administrador', 'imobiliaria'];
function body(key: string, n: number): string {
  const tipo = tipos[n % 4]!;
  return new URLSearchParams({
    nome: `Lead ${n}`,
    email: `lead${n}@bench.example`,
    celular: '(11) 98765-4321',
    tipo,
    empresa: tipo === 'proprietario' ? '' : 'Imobiliária Bench',
    pagina_origem: `${base}/planos`,
    utm_source: 'bench',
    submission_key: key,
  }).toString();
}

const accepted: string[] = [];
let latencies: number[] = [];
let failed = 0;
let sent = 0;
let deadline = 0;

async function client(): Promise<void> {
  while (performance.now() < deadline) {
    const key = randomUUID();
    const n = sent++;
    const t0 = performance.now();
    try {
      const response = await fetch(`${base}/_actions/lead`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, Accept: 'application/json' },
        body: body(key, n),
      });
      const text = await response.text();
      latencies.push(performance.now() - t0);
      if (response.ok && text.includes('saved')) accepted.push(key);
      else failed++;
    } catch {
      latencies.push(performance.now() - t0);
      failed++;
    }
  }
}

// Warm-up (not measured): Astro loads the action's modules on first use.
deadline = performance.now() + 2_000;
await Promise.all(Array.from({ length: CONCURRENCY }, client));
const warmAccepted = accepted.length;
latencies = [];
failed = 0;

deadline = performance.now() + DURATION_S * 1000;
const started = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, client));
const elapsed = (performance.now() - started) / 1000;
const measured = accepted.length - warmAccepted;

await new Promise<void>((resolve) => {
  server.once('exit', () => resolve());
  server.kill('SIGTERM');
});
for (const hook of hooks) await hook.close();

// Every accepted lead must be a row.
let keys: Set<string>;
if (databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ submission_key: string }>(
    'select submission_key from contatos where submission_key = any($1)',
    [accepted],
  );
  keys = new Set(rows.map((row) => row.submission_key));
  await client.end();
} else {
  const db = await PGlite.create(join(dataDir, 'db'));
  const { rows } = await db.query<{ submission_key: string }>('select submission_key from contatos');
  keys = new Set(rows.map((row) => row.submission_key));
  await db.close();
}
const missing = accepted.filter((key) => !keys.has(key)).length;

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
const perSecond = measured / elapsed;
const result = {
  database: databaseUrl ? 'postgresql' : 'pglite (embedded)',
  concurrency: CONCURRENCY,
  seconds: Number(elapsed.toFixed(2)),
  requests: latencies.length,
  accepted: measured,
  checkedRows: accepted.length,
  failed,
  acceptedPerSecond: Number(perSecond.toFixed(1)),
  p50Ms: Number(pct(50).toFixed(1)),
  p99Ms: Number(pct(99).toFixed(1)),
  missingRows: missing,
};
console.log(JSON.stringify(result, null, 2));
rmSync(dataDir, { recursive: true, force: true });

const ok = missing === 0 && failed === 0 && (databaseUrl || (perSecond >= FLOOR.perSecond && pct(99) <= FLOOR.p99Ms));
console.log(
  ok ? 'bench: OK' : `bench: BELOW FLOOR (needs ≥ ${FLOOR.perSecond}/s, p99 ≤ ${FLOOR.p99Ms} ms, 0 failed, 0 missing)`,
);
if (failed > 0) console.log(serverLog.slice(-3000));
process.exit(ok ? 0 : 1);
