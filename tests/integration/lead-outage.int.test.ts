/*
 * A lead flood over HTTP against the Node build (BUILD_DIR, built first when missing or
 * stale) while its database, PostgreSQL, cannot be reached (a port nobody listens on), with a
 * real SMTP server and a webhook receiver on 127.0.0.1. The limits hold during the outage:
 * LEAD_RATE_LIMIT is counted in the process's memory, whatever X-Forwarded-For the client
 * claims (the Node target counts the socket's address), the spool stops at its per-client
 * cap with a 503 in pt-BR (JSON for the island, the form page without JavaScript), and the team gets one e-mail a minute, not one per post.
 * Independent of TEST_DATABASE_URL: the database here is the one that is not there.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEmail, rateLimitMessage, toasts } from '~/copy/messages/lead';
import { SPOOL_LIMITS } from '~/server/leads/spool-limits';
import { spoolPath } from '~/server/leads/spool';
import { ensureBuild } from '../support/ensure-build';
import { until } from '../support/until';
import { startReceiver, type Receiver } from '../../scripts/support/receiver';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';

/** More than the per-client spool cap, so the cap (not the rate limit) stops the first ones. */
const RATE = 30;
const POSTS = 150;

let smtp: CaptureSmtp;
let hook: Receiver;
let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  ensureBuild();
  [smtp, hook] = await Promise.all([startCaptureSmtp(), startReceiver()]);
  dataDir = mkdtempSync(join(tmpdir(), 'pilota-outage-'));
  server = await startBuiltServer({
    DATA_DIR: dataDir,
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nada',
    SMTP_URL: smtp.url,
    LEAD_WEBHOOK_URLS: hook.url,
    WEBHOOK_SECRET: 'segredo-do-webhook',
    LEAD_RATE_LIMIT: `${RATE}/60`,
  });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([smtp?.stop(), hook?.close()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the Node build with its database unreachable', () => {
  it(`${POSTS} posts from one address, each claiming another X-Forwarded-For: the spool's client cap answers 503, then the rate limit 429; one e-mail, one webhook call`, async () => {
    const answers: { status: number; text: string }[] = [];
    for (let i = 0; i < POSTS; i++) {
      // The last post the cap refuses is a plain form post (JavaScript off): the page says it too.
      const plain = i === RATE - 1;
      const response = await fetch(`${server.url}${plain ? '/contato/enviar?_action=lead' : '/_actions/lead'}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(plain ? {} : { Accept: 'application/json' }),
          Origin: server.url,
          'X-Forwarded-For': `192.0.2.${i % 250}`,
        },
        redirect: 'manual',
        body: new URLSearchParams({
          nome: `Inundação ${i}`,
          email: `inundacao${i}@example.com`,
          celular: '(11) 98765-4321',
          tipo: 'proprietario',
          submission_key: `inundacao-${i}`,
        }).toString(),
      });
      answers.push({ status: response.status, text: await response.text() });
    }
    const kept = SPOOL_LIMITS.clientLeads;
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(kept).fill(200),
      ...Array<number>(RATE - kept).fill(503),
      ...Array<number>(POSTS - RATE).fill(429),
    ]);
    expect(answers.slice(0, kept).every((answer) => answer.text.includes('warning'))).toBe(true);
    expect(JSON.parse(answers[kept]!.text)).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: toasts.failure.description,
    });
    expect(answers[RATE - 1]!.text).toContain(toasts.failure.description);
    expect(JSON.parse(answers[RATE]!.text)).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: rateLimitMessage });

    const spooled = readFileSync(spoolPath(dataDir), 'utf8')
      .split('\n')
      .filter((line) => line.includes('"type":"lead"'));
    expect(spooled).toHaveLength(kept);

    // Every answer is in; only the first lead went out directly (these posts took well under a
    // minute after it, or else the next minute's first lead did too).
    const mail = await smtp.waitFor();
    expect(mail.text).toContain('Inundação 0');
    expect(mail.text).toContain(leadEmail.heldNote(1));
    expect(smtp.messages.length).toBeLessThanOrEqual(2);
    await until(async () => (hook.requests.length === smtp.messages.length ? true : undefined));
    expect(server.output()).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  });
});
