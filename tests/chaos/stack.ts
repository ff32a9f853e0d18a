/*
 * One chaos scenario's world: a fresh database (embedded in a DATA_DIR, copied from the one
 * ./global-setup.ts prepared, or a throwaway PostgreSQL database created like
 * tests/support/db.ts does), named webhook receivers
 * (scripts/support/receiver.ts, answering as ./receiver.ts says) and the team's mailbox
 * (scripts/support/smtp.ts), and production
 * servers (scripts/serve.mjs over BUILD_DIR, scripts/support/server.ts) started on them
 * with the real delivery policy on a short timing profile (DELIVERY_PROFILE): operator
 * settings any deployment may set, so the retries, expiries and breaker pauses the scenarios
 * wait for take seconds instead of minutes, on the same code paths as production.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase, pgliteDirFor } from '~/server/db/client';
import { createTestDatabase, execute, type TestDatabase } from '../support/db';
import { startReceiver, type Answer, type Receiver } from '../../scripts/support/receiver';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { startPipedrive } from '../stand-ins/crm';
import { LEAD_NOTIFY_TO, type LeadLoad } from './load';
import { judge, undelivered, type LeadRow, type WebhookTarget } from './verdict';

export type ChaosEngine = 'pglite' | 'postgres';

const only = process.env['TEST_ENGINES']?.split(',').map((name) => name.trim());

/**
 * The embedded database always; PostgreSQL when TEST_DATABASE_URL names a server (CI sets it
 * when one runs). TEST_ENGINES=pglite (or postgres) narrows a run, as for the integration tests.
 */
export const chaosEngines: ChaosEngine[] = (
  ['pglite', ...(process.env['TEST_DATABASE_URL'] ? ['postgres' as const] : [])] satisfies ChaosEngine[]
).filter((engine) => !only || only.includes(engine));

const SECRET = 'segredo-do-caos';
const METRICS_TOKEN = 'metricas-do-caos';

/**
 * The delivery timing every chaos server runs with (README "Environment"): a failed attempt
 * is retried after 5–10 s (then 10–20 s …), an attempt cut off by a kill expires after 20 s
 * (above the webhook call's 10 s timeout, so a slow call is never re-sent while it runs) and
 * supervision looks for expired attempts as often; a target that kept failing is paused 5 s.
 */
export const DELIVERY_PROFILE = { retrySeconds: 5, expireSeconds: 20, breakerPauseSeconds: 5 } as const;

/*
 * Servers still running when this worker exits — a scenario that timed out is abandoned
 * mid-way, its `finally` never reached — are killed with it instead of left behind.
 */
const running = new Set<RunningServer>();
process.once('exit', () => {
  for (const server of running) server.process.kill('SIGKILL');
});

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `done` every 100 ms; false if it still does not hold after `timeoutMs`. */
export async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

export interface ChaosStack {
  engine: ChaosEngine;
  runId: string;
  /** Notes that a phase ended (seconds since the stack was set up), for the report and for a scenario that runs out of time. */
  mark: (phase: string) => void;
  marks: Record<string, number>;
  receivers: Map<string, Receiver>;
  mailbox: CaptureSmtp;
  /** The Pipedrive stand-in when the scenario asked for the CRM connector (its persons and leads). */
  pipedrive?: Awaited<ReturnType<typeof startPipedrive>>;
  /** A new server instance on the scenario's database (same DATA_DIR again on the embedded one). */
  startInstance: () => Promise<RunningServer>;
  /**
   * Waits until every lead of `emails` reached every receiver (2xx) and the mailbox;
   * returns the seconds it took, or null when `timeoutMs` passed first (the verdict then says what is missing).
   */
  waitForDeliveries: (emails: Iterable<string>, timeoutMs: number) => Promise<number | null>;
  /**
   * Waits until every delivery is recorded as sent (true, or false after `timeoutMs`), while the
   * servers run: on PostgreSQL from the database, on the embedded database — which only its
   * server may open — from the running server's own /metrics.
   */
  waitForAllSent: (timeoutMs: number) => Promise<boolean>;
  /** The verdict on what everyone saw; call once every instance has stopped (the embedded database has one owner). */
  judge: (
    load: LeadLoad,
  ) => Promise<
    ReturnType<typeof judge> & { deliveryStatuses: Record<string, number>; unsent: Record<string, unknown>[] }
  >;
  /** Writes each server's output to a file in the temporary folder; returns the paths. */
  saveLogs: () => string[];
  close: () => Promise<void>;
}

/** Extra delivery targets of a scenario: `pipedrive` adds the Pipedrive connector, on its stand-in. */
export interface ChaosTargets {
  pipedrive?: boolean;
}

const PIPEDRIVE_TOKEN = 'chaos-pipedrive-token';

/** `receivers`: each receiver's name and how it answers (./receiver.ts). */
export async function chaosStack(
  engine: ChaosEngine,
  receiverAnswers: Record<string, Answer>,
  extraTargets: ChaosTargets = {},
): Promise<ChaosStack> {
  const runId = `${engine === 'pglite' ? 'e' : 'p'}${randomBytes(3).toString('hex')}`;
  const setUpAt = Date.now();
  const marks: Record<string, number> = {};
  const mark = (phase: string) => {
    marks[phase] = Math.round((Date.now() - setUpAt) / 100) / 10;
  };
  const dataDirs: string[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pilota-chaos-'));
    dataDirs.push(dir);
    return dir;
  };
  let postgres: TestDatabase | undefined;
  let embeddedDir: string | undefined;
  if (engine === 'postgres') postgres = await createTestDatabase('postgres');
  else {
    // A copy of the database a first start made (./global-setup.ts), without that server's lock.
    embeddedDir = newDataDir();
    cpSync(inject('chaosEmbeddedTemplate'), embeddedDir, {
      recursive: true,
      filter: (source) => !['server.lock', 'server.pid'].includes(basename(source)),
    });
  }

  const receivers = new Map<string, Receiver>();
  for (const [name, answer] of Object.entries(receiverAnswers)) receivers.set(name, await startReceiver({ answer }));
  // Down means down at once (./flaky.chaos.ts): pooled connections get 421 within 100 ms.
  const mailbox = await startCaptureSmtp(0, { closeTimeoutMs: 100 });
  const pipedrive = extraTargets.pipedrive
    ? await startPipedrive({ apiToken: PIPEDRIVE_TOKEN, labels: [] })
    : undefined;
  const targets = (): WebhookTarget[] => [...receivers].map(([name, receiver]) => ({ name, calls: receiver.requests }));
  const env = {
    DATABASE_URL: postgres?.directUrl ?? '',
    SMTP_URL: mailbox.url,
    RESEND_API_KEY: '',
    LEAD_NOTIFY_TO,
    LEAD_WEBHOOK_URLS: [...receivers.values()].map((receiver) => receiver.url).join(','),
    WEBHOOK_SECRET: SECRET,
    LEAD_RATE_LIMIT: 'off',
    METRICS_TOKEN,
    DELIVERY_RETRY_SECONDS: String(DELIVERY_PROFILE.retrySeconds),
    DELIVERY_EXPIRE_SECONDS: String(DELIVERY_PROFILE.expireSeconds),
    DELIVERY_BREAKER_PAUSE_SECONDS: String(DELIVERY_PROFILE.breakerPauseSeconds),
    ...(pipedrive ? { PIPEDRIVE_API_TOKEN: PIPEDRIVE_TOKEN, PIPEDRIVE_BASE_URL: pipedrive.url } : {}),
  };
  const servers: RunningServer[] = [];

  /** Runs `queries` directly on the database (the embedded one opened once for all of them: opening it takes seconds). */
  const reading = async <T>(queries: (read: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>) => {
    if (postgres) return queries(async (text) => (await execute(postgres!.handle, text)).rows);
    const handle = await openDatabase({ pgliteDir: pgliteDirFor(embeddedDir!) });
    try {
      return await queries(async (text) => (await execute(handle, text)).rows);
    } finally {
      await handle.close();
    }
  };

  return {
    engine,
    runId,
    mark,
    marks,
    receivers,
    mailbox,
    ...(pipedrive ? { pipedrive } : {}),
    startInstance: async () => {
      const server = await startBuiltServer({ ...env, DATA_DIR: embeddedDir ?? newDataDir() });
      mark(`instance ${servers.length + 1} up`);
      servers.push(server);
      running.add(server);
      server.process.once('exit', () => running.delete(server));
      return server;
    },
    waitForDeliveries: async (emails, timeoutMs) => {
      const list = [...emails];
      const started = Date.now();
      const done = () =>
        Object.values(undelivered(list, targets(), mailbox.messages)).every((left) => left.length === 0);
      return (await until(done, timeoutMs)) ? (Date.now() - started) / 1000 : null;
    },
    waitForAllSent: async (timeoutMs) => {
      const pending = async () => {
        if (postgres) {
          return reading(async (read) =>
            Number(
              (
                await read(`select count(*)::int as n from deliveries where subject_type = 'lead' and status <> 'sent'`)
              )[0]?.['n'],
            ),
          );
        }
        // Every delivery here is a lead's; a server between a kill and its restart counts as not done.
        const server = servers.findLast((candidate) => !exited(candidate));
        if (!server) return Number.POSITIVE_INFINITY;
        return unsentInMetrics(server.url).catch(() => Number.POSITIVE_INFINITY);
      };
      const deadline = Date.now() + timeoutMs;
      while ((await pending()) > 0) {
        if (Date.now() > deadline) return false;
        await sleep(500);
      }
      return true;
    },
    judge: async (load) => {
      const { rows, statuses, unsent } = await reading(async (read) => ({
        rows: await read('select id, email, submission_key from contatos'),
        statuses: await read(
          `select kind, status, count(*)::int as count from deliveries where subject_type = 'lead' group by kind, status`,
        ),
        // Deliveries not recorded as sent, with their pg-boss job: what to look at when a scenario fails.
        unsent: await read(
          `select d.id, d.kind, d.target, d.status, d.attempts, d.last_error, d.last_attempt_at,
                  j.state as job_state, j.retry_count, j.start_after, j.started_on, j.completed_on
             from deliveries d left join pgboss.job j on j.data->>'deliveryId' = d.id::text
            where d.subject_type = 'lead' and d.status <> 'sent'
            order by d.id`,
        ),
      }));
      const verdict = judge({
        accepted: load.accepted,
        rows: rows.map((row): LeadRow => ({
          id: String(row['id']),
          email: String(row['email']),
          submissionKey: String(row['submission_key']),
        })),
        webhooks: targets(),
        mails: mailbox.messages,
        secret: SECRET,
      });
      const deliveryStatuses = Object.fromEntries(
        statuses.map((row) => [`${row['kind']} ${row['status']}`, Number(row['count'])]),
      );
      const names = new Map([...receivers].map(([name, receiver]) => [receiver.url, name]));
      for (const row of unsent) row['target'] = names.get(String(row['target'])) ?? String(row['kind']);
      return { ...verdict, deliveryStatuses, unsent };
    },
    saveLogs: () =>
      servers.map((server, index) => {
        const path = join(tmpdir(), `pilota-chaos-${runId}-instance-${index + 1}.log`);
        writeFileSync(path, server.output());
        return path;
      }),
    close: async () => {
      // stop() waits for an exit event, which a killed server already sent.
      await Promise.all(servers.filter((server) => !exited(server)).map((server) => server.stop()));
      await Promise.all([...receivers.values()].map((receiver) => receiver.close()));
      await mailbox.stop();
      await pipedrive?.close();
      await postgres?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Deliveries not (yet) sent, from a server's /metrics (the `pilota_deliveries` gauge by kind and state). */
async function unsentInMetrics(base: string): Promise<number> {
  const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) return Number.POSITIVE_INFINITY;
  let unsent = 0;
  for (const [, labels, value] of (await response.text()).matchAll(/^pilota_deliveries\{([^}]*)\} (\d+)$/gm)) {
    if (!labels!.includes('state="sent"')) unsent += Number(value);
  }
  return unsent;
}

/** Whether a server's process has ended. */
export const exited = (server: RunningServer) => server.process.exitCode !== null || server.process.signalCode !== null;
