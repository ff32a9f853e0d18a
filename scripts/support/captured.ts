/*
 * Reads what the e2e server sent: the e-mails and webhook requests that
 * tests/e2e/global-setup.ts captures as JSON files in E2E_MAIL_DIR and E2E_WEBHOOK_DIR.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CapturedMailFile {
  envelopeTo: string[];
  from?: { address?: string; name?: string };
  to?: { address?: string; name?: string }[];
  replyTo?: { address?: string; name?: string }[];
  subject?: string;
  text?: string;
  html?: string;
  receivedAt: string;
}

export interface CapturedWebhookFile {
  /** 'a' or 'b': which of the two receivers got it. */
  receiver: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  json: Record<string, unknown>;
  receivedAt: string;
}

function dirOf(variable: 'E2E_MAIL_DIR' | 'E2E_WEBHOOK_DIR'): string {
  const dir = process.env[variable];
  if (!dir) throw new Error(`${variable} is not set (tests/e2e/global-setup.ts sets it)`);
  return dir;
}

function readAll<T>(dir: string): T[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(join(dir, name), 'utf8')) as T];
      } catch {
        return []; // still being written
      }
    });
}

export const capturedMails = () => readAll<CapturedMailFile>(dirOf('E2E_MAIL_DIR'));
export const capturedWebhooks = () => readAll<CapturedWebhookFile>(dirOf('E2E_WEBHOOK_DIR'));

async function waitFor<T>(
  read: () => T[],
  predicate: (item: T) => boolean,
  count: number,
  timeoutMs: number,
  what: string,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = read().filter(predicate);
    if (found.length >= count) return found;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${count} ${what} (found ${found.length})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first captured e-mail matching `predicate` (waits up to `timeoutMs`). */
export async function waitForMail(predicate: (mail: CapturedMailFile) => boolean, timeoutMs = 20_000) {
  return (await waitFor(capturedMails, predicate, 1, timeoutMs, 'e-mail(s)'))[0]!;
}

/** At least `count` captured webhook requests matching `predicate`. */
export async function waitForWebhooks(
  predicate: (request: CapturedWebhookFile) => boolean,
  count = 1,
  timeoutMs = 20_000,
) {
  return waitFor(capturedWebhooks, predicate, count, timeoutMs, 'webhook request(s)');
}
