/*
 * Delivery on Netlify, offline: the scheduled function netlify/jobs/drain.mts (its
 * handler called with a real Request, as Netlify's scheduler does) and the run behind it
 * (src/server/delivery/scheduled-drain.ts), against PostgreSQL through PgBouncer in
 * transaction mode (Supabase's pooler profile). The database is prepared as a deploy does
 * (scripts/netlify-build.ts: migrations and pg-boss's schema over the direct URL); a lead is
 * saved as the SSR function saves it (the lead service with the Netlify configuration and a
 * queue that is never started), then delivered only by drain runs: to a real webhook
 * receiver (delivery id, signature) and a real SMTP server, exactly once across runs, and
 * within the run's deadline even when a receiver hangs.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipFunction } from '@netlify/zip-it-and-ship-it';
import { eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import drainBackground from '../../netlify/jobs/drain-background.mts';
import drainFunction, { config as drainFunctionConfig } from '../../netlify/jobs/drain.mts';
import { openDatabase, type DatabaseHandle } from '~/server/db/client';
import { deliveries } from '~/server/db/schema';
import { BACKLOG_FUNCTION_PATH, BACKLOG_TOKEN_HEADER } from '~/server/delivery/backlog-drain';
import { runScheduledDrain, scheduledDrainConfig } from '~/server/delivery/scheduled-drain';
import { deliveryStack } from '../../scripts/support/deliveries';
import { createLeadService } from '~/server/leads/lead.service';
import { createMailer } from '~/server/mail';
import { DELIVERY_HEADER, LEAD_HEADER, SIGNATURE_HEADER } from '~/server/webhooks';
import { netlifyCopyDir } from '../../src/integrations/netlify-target.mjs';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { ensureBuild } from '../support/ensure-build';
import { captureLog, logEntries, logLines, quietLog } from '../support/log';
import { startNetlifyFunction } from '../support/netlify-function';
import { pgBouncerMissingReason } from '../../scripts/support/pgbouncer';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { sharedDeps } from '../../scripts/support/service-deps';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';

const missing = pgBouncerMissingReason();
const NETLIFY_DIR = process.env['NETLIFY_BUILD_DIR'] ?? 'dist-netlify';
const FUNCTIONS = join(netlifyCopyDir(NETLIFY_DIR), 'functions');
const SECRET = 'netlify-drain-webhook-secret';
const NOTIFY_TO = 'comercial@pilota.example';

/** What scripts/netlify-build.ts does for pg-boss at deploy time, over the direct URL. */
async function installQueueSchema(directUrl: string): Promise<void> {
  const boss = new PgBoss({ connectionString: directUrl, schedule: false, supervise: false, max: 1 });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

const NEXT_RUN = '2026-01-01T12:01:00.000Z';

/** What Netlify's scheduler sends a scheduled function. */
const scheduledRequest = () =>
  new Request('http://localhost/.netlify/jobs/drain', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ next_run: NEXT_RUN }),
  });

describe.skipIf(missing)(`the scheduled delivery function${missing ? ` — skipped: ${missing}` : ''}`, () => {
  let t: TestDatabase;
  let smtp: CaptureSmtp;
  let hook: Receiver;
  let env: Record<string, string>;
  const savedEnv = { ...process.env };
  const receivers: Receiver[] = [];

  /** A lead saved the way the SSR function saves it: the Netlify config, a queue never started. */
  async function saveLead(webhookUrls: string[] = [hook.url]) {
    const config = scheduledDrainConfig({ ...env, LEAD_WEBHOOK_URLS: webhookUrls.join(',') });
    const handle: DatabaseHandle = await openDatabase({ databaseUrl: config.databaseUrl, transactionPooler: true });
    const sendMail = createMailer(config, quietLog);
    const stack = deliveryStack(handle, { sendMail, webhook: { secret: config.webhookSecret } });
    try {
      const leads = createLeadService({
        db: handle.db,
        outbox: stack.outbox,
        sendMail,
        config,
        ...sharedDeps({ db: handle.db, config }),
      });
      const result = await leads.create(
        {
          nome: 'Lia Agendada',
          email: 'lia@netlify.example',
          celular: '(11) 98765-4321',
          tipo: 'corretor',
          empresa: 'Corretora Nuvem',
          submission_key: randomUUID(),
        },
        { ip: '203.0.113.9' },
      );
      if (result.status !== 'saved') throw new Error(`lead not saved: ${result.status}`);
      return result.id;
    } finally {
      sendMail.close?.();
      await handle.close();
    }
  }

  const rowsOf = (leadId: string) => t.db.select().from(deliveries).where(eq(deliveries.subjectId, leadId));

  beforeAll(async () => {
    t = await createTestDatabase('pgbouncer');
    await installQueueSchema(t.directUrl!);
    smtp = await startCaptureSmtp();
    hook = await startReceiver();
    receivers.push(hook);
    // Only what a Netlify site sets (docs/deploying.md's table); no DATA_DIR, no DEPLOY_TARGET.
    env = {
      DATABASE_URL: t.url!,
      AUTH_SECRET: 'netlify-drain-auth-secret-0123456789',
      URL: 'https://pilota.netlify.app',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Pilota <x@pilota.example>',
      LEAD_NOTIFY_TO: NOTIFY_TO,
      LEAD_WEBHOOK_URLS: hook.url,
      WEBHOOK_SECRET: SECRET,
      LEAD_RATE_LIMIT: 'off',
    };
  }, 60_000);

  afterEach(() => {
    process.env = { ...savedEnv };
  });

  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await smtp?.stop();
    await t?.close();
  });

  it('is scheduled every minute', () => {
    expect(drainFunctionConfig).toEqual({ schedule: '* * * * *' });
  });

  it('delivers a saved lead to the webhook (signed, with its delivery id) and by e-mail; a second run sends nothing again', async () => {
    const leadId = await saveLead();
    const savedAt = Date.now();
    expect((await rowsOf(leadId)).map((row) => row.status).sort()).toEqual(['pending', 'pending']);
    expect(hook.requests).toHaveLength(0);

    const log = captureLog();
    process.env = { ...savedEnv, ...env };
    let response: Response;
    const invokedAt = Date.now();
    try {
      response = await drainFunction(scheduledRequest());
    } finally {
      log.stop();
    }
    const lines = logLines(log.output());
    const runMs = Date.now() - invokedAt;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ attempted: 2, delivered: 2, failed: 0, stoppedBy: 'idle' });

    expect(hook.requests).toHaveLength(1);
    const request = hook.requests[0]!;
    const [webhookRow] = (await rowsOf(leadId)).filter((row) => row.kind === 'webhook');
    expect(request.headers[DELIVERY_HEADER.toLowerCase()]).toBe(webhookRow!.id);
    expect(request.headers[LEAD_HEADER.toLowerCase()]).toBe(leadId);
    expect(request.headers[SIGNATURE_HEADER.toLowerCase()]).toBe(
      `sha256=${createHmac('sha256', SECRET).update(request.body).digest('hex')}`,
    );
    expect((request.json as { id: string }).id).toBe(leadId);
    const mails = smtp.messages.filter((mail) => mail.envelopeTo.includes(NOTIFY_TO));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Lia Agendada');
    expect((await rowsOf(leadId)).map((row) => row.status).sort()).toEqual(['sent', 'sent']);

    // The function logs counts, never the lead, its addresses or the receiver's URL.
    expect(lines.join('\n')).toMatch(
      /\[drain\] 2 attempted, 2 delivered, 0 failed \(stopped: idle; maintenance done\)/,
    );
    expect(lines).toContain(`[drain] next run at ${NEXT_RUN}`);
    for (const secret of ['Lia', 'lia@netlify.example', '98765', NOTIFY_TO, new URL(hook.url).port])
      expect(lines.join('\n')).not.toContain(secret);

    const delayMs = Date.parse(request.receivedAt) - savedAt;
    console.log(`[netlify-drain] lead saved → webhook received: ${delayMs} ms (one drain run: ${runMs} ms)`);

    const again = await runScheduledDrain(env, { log: quietLog });
    expect(again).toMatchObject({ attempted: 0, delivered: 0 });
    expect(hook.requests).toHaveLength(1);
    expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(NOTIFY_TO))).toHaveLength(1);
  });

  it('as Netlify bundles it (zip-it-and-ship-it, offline) it is scheduled every minute and delivers from a plain Node process', async () => {
    const out = mkdtempSync(join(tmpdir(), 'pilota-drain-bundle-'));
    try {
      // The build writes the function's entry beside the SSR function (src/integrations/netlify-target.mjs).
      ensureBuild({
        entry: join(FUNCTIONS, 'ssr', 'ssr.mjs'),
        env: { DEPLOY_TARGET: 'netlify', BUILD_DIR: NETLIFY_DIR },
      });
      const bundled = await zipFunction(join(FUNCTIONS, 'drain.mjs'), out, {
        archiveFormat: 'none',
        basePath: process.cwd(),
        repositoryRoot: process.cwd(),
      });
      const drain = bundled ? [bundled] : [];
      expect(drain.map(({ name, schedule, runtimeAPIVersion }) => ({ name, schedule, runtimeAPIVersion }))).toEqual([
        { name: 'drain', schedule: '* * * * *', runtimeAPIVersion: 2 },
      ]);
      const leadId = await saveLead();
      // Its handler imported without Vitest (no `development` condition, no TypeScript loader), as on Netlify.
      const fn = await startNetlifyFunction(join(out, 'drain', FUNCTIONS, 'drain.mjs'), env);
      try {
        const response = await fetch(fn.url, { method: 'POST', body: JSON.stringify({ next_run: NEXT_RUN }) });
        expect({ status: response.status, body: await response.json() }).toMatchObject({
          status: 200,
          body: { attempted: 2, delivered: 2, stoppedBy: 'idle' },
        });
        expect(logLines(fn.output())).toContain(`[drain] next run at ${NEXT_RUN}`);
      } finally {
        await fn.stop();
      }
      const received = hook.requests.filter((request) => (request.json as { id: string }).id === leadId);
      expect(received).toHaveLength(1);
      expect(received[0]!.headers[SIGNATURE_HEADER.toLowerCase()]).toBe(
        `sha256=${createHmac('sha256', SECRET).update(received[0]!.body).digest('hex')}`,
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it('two runs at once deliver each job once', async () => {
    const ids = await Promise.all([saveLead(), saveLead(), saveLead()]);
    const results = await Promise.all([
      runScheduledDrain(env, { log: quietLog }),
      runScheduledDrain(env, { log: quietLog }),
    ]);
    expect(results.reduce((sum, result) => sum + result.delivered, 0)).toBe(6);
    for (const id of ids) {
      expect(hook.requests.filter((request) => (request.json as { id: string }).id === id)).toHaveLength(1);
      expect((await rowsOf(id)).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    }
  });

  it('stops taking jobs before its deadline while a receiver hangs; what it did not take waits for the next run', async () => {
    const hanging = await startReceiver({ fallback: 'hang' });
    receivers.push(hanging);
    // Jobs are taken for the first 3 s (deadline − one timeout), start-up included; the first
    // calls are cut at 4 s, when none may be taken any more.
    const timeoutMs = 4_000;
    const deadlineMs = 7_000;
    // More jobs than the 10 calls one URL may have in flight: the rest would start after the first cut.
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await saveLead([hanging.url]));
    const started = Date.now();
    const result = await runScheduledDrain(env, { deadlineMs, webhookTimeoutMs: timeoutMs, log: quietLog });
    const elapsed = Date.now() - started;
    expect(result.stoppedBy).toBe('deadline');
    expect(elapsed).toBeLessThan(deadlineMs + timeoutMs);
    expect(hanging.requests).toHaveLength(10);
    const webhookRows = (await Promise.all(ids.map(rowsOf))).flat().filter((row) => row.kind === 'webhook');
    expect(webhookRows.filter((row) => row.status === 'retrying')).toHaveLength(10);
    expect(webhookRows.filter((row) => row.status === 'pending')).toHaveLength(2);
  }, 30_000);

  it('a run that stops at its deadline hands the rest to the background function, once per window; only its token starts it', async () => {
    // Netlify's side of the background function: the site answers 202 at once.
    const site = await startReceiver({ fallback: 202 });
    receivers.push(site);
    const siteEnv: Record<string, string> = { ...env, URL: new URL(site.url).origin };
    const ids = [await saveLead(), await saveLead()];
    // A budget shorter than one attempt's timeout: the run may take nothing and stops at its deadline.
    const first = await runScheduledDrain(siteEnv, {
      deadlineMs: 2_000,
      continueInBackground: true,
      log: quietLog,
    });
    expect(first).toMatchObject({ attempted: 0, stoppedBy: 'deadline', backlog: 'started' });
    // Another scheduled run within the window starts nothing more.
    const second = await runScheduledDrain(siteEnv, {
      deadlineMs: 2_000,
      continueInBackground: true,
      log: quietLog,
    });
    expect(second.backlog).toBe('already-running');
    expect(site.requests.map(({ method, path }) => ({ method, path }))).toEqual([
      { method: 'POST', path: BACKLOG_FUNCTION_PATH },
    ]);
    const token = site.requests[0]!.headers[BACKLOG_TOKEN_HEADER.toLowerCase()] as string;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(token).not.toContain(siteEnv['AUTH_SECRET']);

    process.env = { PATH: savedEnv['PATH'] ?? '', ...siteEnv };
    const backgroundRequest = (headers: Record<string, string>) =>
      new Request(`${siteEnv.URL}${BACKLOG_FUNCTION_PATH}`, { method: 'POST', headers });
    // Anyone else who finds the function's URL is refused, and nothing is sent.
    for (const headers of [
      {},
      { [BACKLOG_TOKEN_HEADER]: 'f'.repeat(64) },
      { [BACKLOG_TOKEN_HEADER]: token.slice(1) },
    ]) {
      expect((await drainBackground(backgroundRequest(headers))).status).toBe(403);
    }
    for (const id of ids) expect((await rowsOf(id)).every((row) => row.status === 'pending')).toBe(true);

    const response = await drainBackground(backgroundRequest({ [BACKLOG_TOKEN_HEADER]: token }));
    // Earlier tests' jobs may be due too; what matters is that this backlog is gone.
    expect({ status: response.status, body: await response.json() }).toMatchObject({
      status: 200,
      body: { stoppedBy: 'idle' },
    });
    for (const id of ids) {
      expect(hook.requests.filter((request) => (request.json as { id: string }).id === id)).toHaveLength(1);
      expect((await rowsOf(id)).every((row) => row.status === 'sent')).toBe(true);
    }
  }, 60_000);

  it('fails fast, naming the missing variable, without touching the database', async () => {
    const { DATABASE_URL: _omitted, ...withoutDatabase } = env;
    process.env = { PATH: savedEnv['PATH'] ?? '', ...withoutDatabase };
    const log = captureLog();
    let response: Response;
    try {
      response = await drainFunction(scheduledRequest());
    } finally {
      log.stop();
    }
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('DATABASE_URL');
    const errors = logEntries(log.output()).filter((entry) => entry.level === 'error' && entry.component === 'drain');
    expect(errors.map((entry) => entry.msg).join('\n')).toContain('DATABASE_URL: required on Netlify');
  });
});
