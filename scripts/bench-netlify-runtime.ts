/*
 * `npm run bench:netlify-runtime`: figures of the site on Netlify's own local runtime
 * (`netlify serve --offline`, scripts/support/netlify-runtime.ts), PostgreSQL through PgBouncer
 * in transaction mode, a local webhook receiver and SMTP server:
 *
 * - lead → webhook delay with `waitUntil`: a lead posted to the site's action (as the dialog
 *   posts it) until the receiver has it, BENCH_RUNS times (default 3), with the answer's time;
 * - lead → webhook delay with the scheduled drain alone: a lead saved as the function saves it
 *   but with no run after the answer, delivered when Netlify's scheduler would next invoke the
 *   drain (`* * * * *`: the next minute boundary; the bench waits for it and invokes the drain
 *   as the scheduler does), BENCH_RUNS times; also the drain's own run.
 *
 * The function bundle's size is bench:netlify-cold's: this build runs in a copy whose
 * node_modules is a link, so its function folder links the dependencies instead of holding them.
 *
 *   npm run bench:netlify-runtime
 *
 * BENCH_DATABASE_URL: a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres),
 * where a throwaway database is created and dropped. One JSON line per figure.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { saveLeadAsFunction } from './support/netlify-lead.ts';
import { startNetlifyRuntime } from './support/netlify-runtime.ts';
import { startPgBouncer } from './support/pgbouncer.ts';
import { startReceiver, type Receiver } from './support/receiver.ts';
import { startCaptureSmtp } from './support/smtp.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const SERVER_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const round = (value: number) => Math.round(value);
function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: round(sorted[0]!), median: round(sorted[Math.floor(sorted.length / 2)]!), max: round(sorted.at(-1)!) };
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const byEmail = (email: string) => (request: { json: unknown }) =>
  (request.json as { email?: string } | undefined)?.email === email;

async function leadsWithWaitUntil(url: string, hook: Receiver): Promise<void> {
  // The CLI's first on-demand request after it starts also loads the function's code (seconds
  // on a busy machine); Netlify's own first-request cost is bench:netlify-cold's figure, so one
  // request warms the CLI before the leads are timed.
  await (await fetch(`${url}/api/health/live`)).text();
  const delays: number[] = [];
  const answers: number[] = [];
  const afterAnswer: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const email = `agora${run}-${randomBytes(3).toString('hex')}@bench.example`;
    const sentAt = Date.now();
    const response = await fetch(`${url}/_actions/lead`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url, Accept: 'application/json' },
      body: new URLSearchParams({
        nome: `Bench Agora ${run}`,
        email,
        celular: '(11) 98765-4321',
        tipo: 'corretor',
        empresa: 'Corretora Bench',
        submission_key: `bench-${randomBytes(8).toString('hex')}`,
      }).toString(),
    });
    await response.text();
    answers.push(Date.now() - sentAt);
    if (response.status !== 200) throw new Error(`the lead was answered ${response.status}`);
    const call = await hook.waitFor(byEmail(email), 60_000);
    delays.push(Date.parse(call.receivedAt) - sentAt);
    afterAnswer.push(Date.parse(call.receivedAt) - sentAt - answers.at(-1)!);
  }
  console.log(
    JSON.stringify({
      figure: 'lead → webhook, waitUntil',
      runs: RUNS,
      delayMs: spread(delays),
      answerMs: spread(answers),
      answerToWebhookMs: spread(afterAnswer),
      delays,
    }),
  );
}

async function leadsWithDrainAlone(url: string, env: Record<string, string>, hook: Receiver): Promise<void> {
  const delays: number[] = [];
  const runs: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const email = `agendado${run}-${randomBytes(3).toString('hex')}@bench.example`;
    await saveLeadAsFunction(env, { nome: `Bench Agendado ${run}`, email });
    const savedAt = Date.now();
    // Netlify's scheduler runs `* * * * *` at each minute's start.
    const tick = Math.ceil((savedAt + 1) / 60_000) * 60_000;
    await new Promise((resolve) => setTimeout(resolve, tick - Date.now()));
    const invokedAt = Date.now();
    const response = await fetch(`${url}/.netlify/functions/drain`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ next_run: new Date(tick + 60_000).toISOString() }),
    });
    await response.text();
    const call = await hook.waitFor(byEmail(email), 60_000);
    delays.push(Date.parse(call.receivedAt) - savedAt);
    runs.push(Date.parse(call.receivedAt) - invokedAt);
  }
  console.log(
    JSON.stringify({
      figure: 'lead → webhook, scheduled drain alone',
      runs: RUNS,
      delayMs: spread(delays),
      drainRunToWebhookMs: spread(runs),
      delays,
    }),
  );
}

async function main(): Promise<void> {
  const name = `pilota_bench_runtime_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const direct = new URL(SERVER_URL);
  direct.pathname = `/${name}`;
  // Whatever fails on the way (the CLI cannot start, a lead never arrives), nothing is left running.
  const cleanups: (() => Promise<unknown>)[] = [() => admin(`drop database if exists ${name} with (force)`)];
  try {
    const bouncer = await startPgBouncer(SERVER_URL);
    cleanups.unshift(() => bouncer.stop());
    const [hook, smtp] = await Promise.all([startReceiver(), startCaptureSmtp()]);
    cleanups.unshift(() => Promise.all([hook.close(), smtp.stop()]));
    const env = {
      DATABASE_URL: bouncer.urlFor(direct.toString()),
      DATABASE_MIGRATION_URL: direct.toString(),
      AUTH_SECRET: 'bench-netlify-runtime-secret-0123456789',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Pilota <x@pilota.example>',
      LEAD_NOTIFY_TO: 'comercial@pilota.example',
      LEAD_WEBHOOK_URLS: hook.url,
      WEBHOOK_SECRET: 'bench-webhook-secret',
      LEAD_RATE_LIMIT: 'off',
    };
    const runtime = await startNetlifyRuntime(env);
    cleanups.unshift(() => runtime.stop());
    await leadsWithWaitUntil(runtime.url, hook);
    await leadsWithDrainAlone(runtime.url, env, hook);
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

await main();
