import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveChromium } from '../../scripts/support/chromium';
import { startReceiver } from '../../scripts/support/receiver';
import { startBuiltServer } from '../../scripts/support/server';
import { startCaptureSmtp } from '../../scripts/support/smtp';
import { e2eMailbox } from '../../scripts/support/blog-accounts';
import { startRdStation } from '../stand-ins/crm';
import { checkServerLog } from './log-check';
import { createTeam } from './team';

/*
 * One production server for the whole e2e run, on a free port with a throwaway
 * data folder. Workers read its address from the environment.
 *
 * Its mail goes to a real SMTP server and its lead webhooks to two real HTTP
 * receivers, all on 127.0.0.1; every message and request is written as one JSON
 * file into E2E_MAIL_DIR / E2E_WEBHOOK_DIR (see scripts/support/captured.ts).
 *
 * Everything the server prints goes to a file (E2E_SERVER_LOG); when the run ends, the
 * server is stopped and that log is searched for the test persons' data (./log-check.ts):
 * a hit fails the run.
 *
 * The RD Station connector is on, against its stand-in (tests/stand-ins/crm.ts): each conversion
 * it receives is written there too, as receiver "rdstation" (path without the key).
 *
 * The team accounts the admin-area files share are made here too (./team.ts).
 */
export const E2E_WEBHOOK_SECRET = 'e2e-webhook-secret';
const E2E_RDSTATION_KEY = 'e2e-rdstation-key';

export default async function globalSetup() {
  await resolveChromium();
  const mailDir = mkdtempSync(join(tmpdir(), 'pilota-e2e-mail-'));
  const webhookDir = mkdtempSync(join(tmpdir(), 'pilota-e2e-webhooks-'));
  let sequence = 0;
  const file = (dir: string, name: string, data: unknown) =>
    writeFileSync(
      join(dir, `${Date.now()}-${String(++sequence).padStart(5, '0')}-${name}.json`),
      JSON.stringify(data, null, 2),
    );

  const smtp = await startCaptureSmtp();
  smtp.onMessage = (mail) =>
    file(mailDir, 'mail', {
      envelopeTo: mail.envelopeTo,
      from: mail.from,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      receivedAt: mail.receivedAt,
    });
  const hooks = { a: await startReceiver(), b: await startReceiver() };
  for (const [name, hook] of Object.entries(hooks)) {
    hook.onRequest = (request) => file(webhookDir, `webhook-${name}`, { receiver: name, ...request });
  }

  const rdstation = await startRdStation({ apiKey: E2E_RDSTATION_KEY, customFields: ['cf_tipo', 'cf_pagina'] });
  rdstation.onRequest = (request) =>
    file(webhookDir, 'rdstation', {
      receiver: 'rdstation',
      method: request.method,
      path: request.path,
      headers: {},
      body: JSON.stringify(request.json),
      json: request.json,
      status: request.status,
      receivedAt: new Date().toISOString(),
    });

  const server = await startBuiltServer({
    LEAD_RATE_LIMIT: 'off',
    SMTP_URL: smtp.url,
    LEAD_WEBHOOK_URLS: `${hooks.a.url},${hooks.b.url}`,
    WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
    RDSTATION_API_KEY: E2E_RDSTATION_KEY,
    RDSTATION_BASE_URL: rdstation.url,
    RDSTATION_CUSTOM_FIELDS: 'tipo=cf_tipo,pagina=cf_pagina',
  });
  const logFile = join(mkdtempSync(join(tmpdir(), 'pilota-e2e-log-')), 'server.log');
  writeFileSync(logFile, server.output());
  for (const stream of [server.process.stdout, server.process.stderr]) {
    stream?.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
  }
  process.env['E2E_SERVER_LOG'] = logFile;
  process.env['E2E_BASE_URL'] = server.url;
  process.env['E2E_DATA_DIR'] = server.dataDir;
  process.env['E2E_MAIL_DIR'] = mailDir;
  process.env['E2E_WEBHOOK_DIR'] = webhookDir;
  process.env['E2E_WEBHOOK_SECRET'] = E2E_WEBHOOK_SECRET;
  await createTeam(server.url, server.dataDir, e2eMailbox);
  return async () => {
    await server.stop();
    await Promise.all([smtp.stop(), hooks.a.close(), hooks.b.close(), rdstation.close()]);
    checkServerLog(readFileSync(logFile, 'utf8'), webhookDir, logFile);
  };
}
