/*
 * `npm run bench:delivery`: how fast one instance drains a backlog of deliveries.
 *
 * Per scenario: a fresh database (DATA_DIR for the embedded one; with DATABASE_URL, a
 * throwaway database created on that server and dropped afterwards), two local webhook
 * receivers and a local SMTP server in this process. The backlog is written first
 * without delivering — BENCH_LEADS leads through the real lead service (one e-mail and
 * two webhooks each) with the delivery engine's workers off — then the production server
 * (scripts/serve.mjs over BUILD_DIR, building first when missing) starts on it, as after
 * a restart, and the clock runs until every e-mail and every healthy webhook arrived.
 *
 * Scenarios: `healthy` (both receivers answer 200) and `flaky` (receiver B answers 500
 * half of the time and never answers 5 % of the time; A and the e-mail must not notice).
 * One JSON line per scenario; exits non-zero below the floor (on 2 cores): ≥ 50 webhook
 * POSTs/s, ≥ 20 e-mails/s, backlog drained ≤ 60 s — for the flaky scenario, of the
 * e-mail and the healthy receiver.
 *
 *   npm run build && npm run bench:delivery
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:delivery
 *   BENCH_LEADS=1000 BENCH_SCENARIOS=healthy,flaky
 *
 * Runs with tsx so the backlog is written by the server's own modules.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/server/db/client';
import { deliveries } from '../src/server/db/schema';
import { createDeliveries, registerDeliveries } from '../src/server/delivery/feature';
import { JobQueue } from '../src/server/jobs/queue';
import { createLogger } from '../src/server/log/logger';
import { createLeadService } from '../src/server/leads/lead.service';
import { createMailer } from '../src/server/mail';
import { createRateLimiter } from '../src/server/rate-limit';
import { createSecurityLogger } from '../src/server/security';
import { leadSchema } from '../src/lib/validation/lead';
import { freshDatabase, migrate } from './support/bench-database';
import { receiver, smtpSink } from './support/delivery-sinks';
import { freePort } from './support/server';

const LEADS = Number(process.env['BENCH_LEADS'] ?? 1000);
const SCENARIOS = (process.env['BENCH_SCENARIOS'] ?? 'healthy,flaky').split(',').map((name) => name.trim());
const FLOOR = { webhooksPerSecond: 50, emailsPerSecond: 20, drainSeconds: 60 };
/** Give up waiting after this (a broken build must not hang the bench). */
const MAX_WAIT_MS = 180_000;
const buildDir = process.env['BUILD_DIR'] ?? 'dist';
const serverUrl = process.env['DATABASE_URL'];
const SECRET = 'bench-webhook-secret';
const NOTIFY_TO = 'comercial@bench.example';

if (!existsSync(join(buildDir, 'server', 'entry.mjs'))) {
  console.log(`No build in ${buildDir}: building…`);
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Writes the backlog through the lead service with the delivery engine's workers off. */
async function writeBacklog(handle: DatabaseHandle, dataDir: string, webhookUrls: string[]): Promise<void> {
  const quiet = createLogger({ level: 'silent' });
  await migrate(handle);
  const queue = new JobQueue(handle, { log: quiet });
  const deliveries = createDeliveries(handle, queue, {
    sendMail: createMailer({ mailFrom: 'Pilota <nao-responda@bench.example>' }, quiet),
    workers: false,
    log: quiet,
  });
  registerDeliveries(deliveries, queue);
  await queue.start();
  const config = {
    dataDir,
    leadNotifyTo: NOTIFY_TO,
    leadWebhookUrls: webhookUrls,
    webhookSecret: SECRET,
    leadRateLimit: null,
    authSecret: 'bench-auth-secret',
  };
  const now = () => new Date();
  const leads = createLeadService({
    db: handle.db,
    outbox: deliveries.outbox,
    sendMail: createMailer({ mailFrom: 'Pilota <nao-responda@bench.example>' }, quiet),
    config,
    security: createSecurityLogger({ db: handle.db, secret: config.authSecret, now }),
    rateLimits: createRateLimiter({ db: handle.db, config, now, ready: () => true }),
    now,
    log: quiet,
  });
  let next = 0;
  const tipos = ['proprietario', 'corretor', 'administrador', 'imobiliaria'] as const;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < LEADS) {
        const n = next++;
        const tipo = tipos[n % 4]!;
        const input = leadSchema.parse({
          nome: `Lead ${n}`,
          email: `lead${n}@bench.example`,
          celular: '(11) 98765-4321',
          tipo,
          empresa: tipo === 'proprietario' ? '' : 'Imobiliária Bench',
          pagina_origem: 'http://127.0.0.1/planos',
          utm_source: 'bench',
          submission_key: randomUUID(),
        });
        const result = await leads.create(input, {});
        if (result.status !== 'saved') throw new Error(`backlog lead ${n}: ${result.status}`);
      }
    }),
  );
  await deliveries.outbox.dispatch();
  await queue.stop();
}

function startServer(env: Record<string, string>, port: number): { child: ChildProcess; log: () => string } {
  let log = '';
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LEAD_RATE_LIMIT: 'off', RESEND_API_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-2_000_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, log: () => log };
}

async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

async function scenario(name: string): Promise<boolean> {
  const flaky = name === 'flaky';
  const hookA = await receiver(() => 200);
  const hookB = await receiver(() => {
    if (!flaky) return 200;
    const roll = Math.random();
    return roll < 0.05 ? 'hang' : roll < 0.55 ? 500 : 200;
  });
  const smtp = await smtpSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'pilota-bench-delivery-'));
  const database = await freshDatabase(dataDir, serverUrl);
  const webhookUrls = [hookA.url, hookB.url];

  const backlogStarted = performance.now();
  const writer = await database.open();
  await writeBacklog(writer, dataDir, webhookUrls).finally(() => writer.close());
  const backlogSeconds = (performance.now() - backlogStarted) / 1000;

  const port = await freePort();
  const spawnedAt = performance.now();
  const server = startServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
      SMTP_URL: smtp.url,
      LEAD_NOTIFY_TO: NOTIFY_TO,
      LEAD_WEBHOOK_URLS: webhookUrls.join(','),
      WEBHOOK_SECRET: SECRET,
    },
    port,
  );
  let readyAt = 0;
  for (const deadline = performance.now() + 60_000; !readyAt;) {
    if (server.child.exitCode !== null || performance.now() > deadline)
      throw new Error(`server did not start:\n${server.log()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) readyAt = performance.now();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const progress = process.env['BENCH_VERBOSE']
    ? setInterval(() => {
        const at = ((performance.now() - readyAt) / 1000).toFixed(1);
        console.error(
          `${at}s mail ${smtp.delivered()} A ${hookA.delivered()} B ${hookB.delivered()}/${hookB.requests()}`,
        );
      }, 2_000)
    : undefined;
  const healthyDone = () =>
    smtp.delivered() >= LEADS && hookA.delivered() >= LEADS && (flaky || hookB.delivered() >= LEADS);
  const drained = await until(healthyDone, MAX_WAIT_MS);
  const drainedAt = performance.now();
  // The flaky receiver: give its first attempts a little longer, then report where it stands.
  if (flaky) await until(() => hookB.requests() >= LEADS, 30_000);

  clearInterval(progress);
  if (process.env['BENCH_VERBOSE'])
    console.error(
      server
        .log()
        .split('\n')
        .filter((line) => !line.includes('will retry') && !line.includes('giving up'))
        .join('\n'),
    );
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));

  // What the database recorded, after the server stopped.
  const reader = await database.open();
  const statuses = await reader.db
    .select({
      kind: deliveries.kind,
      target: deliveries.target,
      status: deliveries.status,
      count: sql<number>`count(*)::int`,
    })
    .from(deliveries)
    .groupBy(deliveries.kind, deliveries.target, deliveries.status);
  const unsent = await reader.db.$count(deliveries, eq(deliveries.status, 'pending'));
  await reader.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
  await Promise.all([hookA.close(), hookB.close(), smtp.close()]);

  const from = readyAt;
  const lastWebhookAt = Math.max(hookA.lastAt(), flaky ? 0 : hookB.lastAt());
  const healthyWebhooks = hookA.delivered() + (flaky ? 0 : hookB.delivered());
  const drainSeconds = (drainedAt - from) / 1000;
  const webhooksPerSecond = healthyWebhooks / ((lastWebhookAt - from) / 1000);
  const emailsPerSecond = smtp.delivered() / ((smtp.lastAt() - from) / 1000);
  const result = {
    scenario: name,
    database: serverUrl ? 'postgresql' : 'pglite (embedded)',
    leads: LEADS,
    backlogDeliveries: LEADS * 3,
    backlogWrittenSeconds: round(backlogSeconds),
    serverStartSeconds: round((readyAt - spawnedAt) / 1000, 2),
    drainSeconds: drained ? round(drainSeconds, 2) : null,
    webhooksPerSecond: round(webhooksPerSecond),
    emailsPerSecond: round(emailsPerSecond),
    emails: smtp.delivered(),
    webhooksA: hookA.delivered(),
    webhooksB: hookB.delivered(),
    ...(flaky ? { flakyRequests: hookB.requests(), flakyLeadsDelivered: hookB.leads() } : {}),
    pendingNeverTried: unsent,
    statuses: statuses.map(
      (row) =>
        `${row.kind}${row.kind === 'webhook' ? (row.target === hookA.url ? ' A' : ' B') : ''} ${row.status}: ${row.count}`,
    ),
  };
  console.log(JSON.stringify(result));
  const ok =
    drained &&
    drainSeconds <= FLOOR.drainSeconds &&
    webhooksPerSecond >= FLOOR.webhooksPerSecond &&
    emailsPerSecond >= FLOOR.emailsPerSecond;
  if (!ok) {
    console.log(
      `bench:delivery ${name}: BELOW FLOOR (needs ≥ ${FLOOR.webhooksPerSecond} webhooks/s, ≥ ${FLOOR.emailsPerSecond} e-mails/s, drained ≤ ${FLOOR.drainSeconds} s)`,
    );
    console.log(server.log().slice(-3000));
  }
  return ok;
}

let allOk = true;
for (const name of SCENARIOS) {
  if (name !== 'healthy' && name !== 'flaky') throw new Error(`unknown scenario "${name}" (healthy, flaky)`);
  allOk = (await scenario(name)) && allOk;
}
console.log(allOk ? 'bench:delivery: OK' : 'bench:delivery: BELOW FLOOR');
process.exit(allOk ? 0 : 1);
