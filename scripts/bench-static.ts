/*
 * `npm run bench:static`: requests per second on `/` from the built server, the way a
 * browser asks for it (`Accept-Encoding: gzip, deflate, br`, keep-alive), loopback only.
 *
 * Starts scripts/serve.mjs over BUILD_DIR (building first when missing or stale) on a
 * fresh DATA_DIR, checks that `/` comes back as the build's brotli file, then runs
 * BENCH_RUNS runs of BENCH_SECONDS each and prints min/median/max. The load is
 * `wrk -t2 -c50` when wrk is installed (Debian: `apt-get install wrk`); otherwise an
 * in-process keep-alive client with 50 connections, which shares the 2 cores with the
 * server and so reads lower — the floor is only enforced on wrk figures.
 *
 * Floor (2 cores, wrk -t2 -c50): ≥ 4,000 req/s median (BENCH_STATIC_FLOOR overrides).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from './build-freshness.mjs';
import { freePort } from './support/server.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = 50;
const FLOOR = Number(process.env['BENCH_STATIC_FLOOR'] ?? 4000);
const ACCEPT = 'gzip, deflate, br';
const buildDir = process.env['BUILD_DIR'] ?? 'dist';

if (!(RUNS >= 1 && RUNS <= 10 && SECONDS >= 1 && SECONDS <= 60)) {
  console.error('BENCH_RUNS must be 1–10 and BENCH_SECONDS 1–60.');
  process.exit(2);
}

ensureBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'pilota-bench-static-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['scripts/serve.mjs'], {
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverLog = '';
const keep = (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-20_000));
server.stdout.on('data', keep);
server.stderr.on('data', keep);

function get(path: string, agent?: Agent): Promise<{ status: number; encoding: unknown; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { 'Accept-Encoding': ACCEPT }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function stop(): Promise<void> {
  if (server.exitCode === null) {
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
      setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
}

for (let attempt = 0; ; attempt++) {
  const ready = await fetch(`${base}/api/health`).then(
    (response) => response.ok || response.status === 503,
    () => false,
  );
  if (ready) break;
  if (attempt > 300 || server.exitCode !== null) {
    await stop();
    throw new Error(`server did not start:\n${serverLog}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}

// What is measured must be the precompressed file, not an on-the-fly or identity answer.
const probe = await get('/');
const expected = readFileSync(join(buildDir, 'client', 'index.html.br'));
if (probe.status !== 200 || probe.encoding !== 'br' || !probe.body.equals(expected)) {
  await stop();
  console.error(`bench:static: / did not come back as ${buildDir}/client/index.html.br (status ${probe.status}).`);
  process.exit(1);
}

const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

/*
 * wrk runs as an asynchronous child: with spawnSync this process could not read the server's
 * piped stdout meanwhile, the server's request log filled the pipe and the server stalled on
 * its next write (seen: 17, then 0 req/s, once logs became per-request JSON).
 */
async function wrkRun(): Promise<number> {
  const wrk = spawn(
    'wrk',
    ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '-H', `Accept-Encoding: ${ACCEPT}`, `${base}/`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  wrk.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  wrk.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const killer = setTimeout(() => wrk.kill('SIGKILL'), (SECONDS + 30) * 1000);
  await new Promise<void>((resolve) => wrk.once('close', () => resolve()));
  clearTimeout(killer);
  const match = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  if (!match || /Non-2xx or 3xx responses/.test(stdout)) {
    throw new Error(`wrk failed or saw errors:\n${stdout}\n${stderr}`);
  }
  return Number(match[1]);
}

async function inProcessRun(): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const response = await get('/', agent);
        if (response.status === 200) done++;
        else failed++;
      }
    }),
  );
  agent.destroy();
  if (failed > 0) throw new Error(`${failed} requests failed`);
  return done / ((performance.now() - started) / 1000);
}

const figures: number[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const perSecond = hasWrk ? await wrkRun() : await inProcessRun();
    figures.push(Math.round(perSecond));
    console.log(`run ${run + 1}/${RUNS}: ${Math.round(perSecond)} req/s`);
  }
} finally {
  await stop();
}

const sorted = [...figures].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
console.log(
  JSON.stringify(
    {
      path: '/',
      load: hasWrk ? `wrk -t2 -c${CONNECTIONS} -d${SECONDS}s` : `in-process, ${CONNECTIONS} keep-alive connections`,
      acceptEncoding: ACCEPT,
      bytesPerResponse: expected.length,
      runs: figures,
      min: sorted[0],
      median,
      max: sorted[sorted.length - 1],
    },
    null,
    2,
  ),
);
if (!hasWrk) {
  console.log('bench:static: wrk is not installed — in-process figures, floor not applied (apt-get install wrk).');
} else if (median >= FLOOR) {
  console.log('bench:static: OK');
} else {
  console.log(`bench:static: BELOW FLOOR (needs a median ≥ ${FLOOR} req/s)`);
  process.exit(1);
}
