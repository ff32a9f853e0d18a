/*
 * One Lighthouse runner for scripts/audit.ts, in a worker thread with its own Chrome.
 * Lighthouse keeps its timings in the thread's global performance marks, so two runs in one
 * thread trip over each other; a thread each lets two routes be audited at once.
 *
 * Messages in: `{ url, skipAudits }` per route, `null` to finish. Messages out: the report
 * (Lighthouse's `lhr`) for each route, in the order asked.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface AuditRequest {
  url: string;
  skipAudits: string[];
}

const { chromePath, chromeFlags } = workerData as { chromePath: string; chromeFlags: string[] };
const port = parentPort!;
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });

async function audit({ url, skipAudits }: AuditRequest): Promise<void> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    ...(skipAudits.length ? { skipAudits } : {}),
  });
  port.postMessage(result?.lhr ?? null);
}

// A failed run rejects here, and an unhandled rejection ends the thread with an 'error' the script reports.
port.on('message', (request: AuditRequest | null) => {
  if (request !== null) return void audit(request);
  chrome.kill();
  port.close();
});
