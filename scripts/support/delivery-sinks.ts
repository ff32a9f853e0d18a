/*
 * The delivery bench's receivers (scripts/bench-delivery.ts), on the shared test receivers
 * (./receiver.ts, ./smtp.ts): they note when each delivery first arrived, so the bench times
 * the sender from the first request to the last new delivery.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DELIVERY_HEADER, LEAD_HEADER } from '../../src/server/webhooks';
import { startReceiver, type Reply } from './receiver';
import { startCaptureSmtp } from './smtp';

/** A webhook receiver that answers from `reply()` and notes when each delivery id first got a 200. */
export async function receiver(reply: () => Reply) {
  const delivered = new Map<string, number>();
  const leads = new Set<string>();
  let lastAt = 0;
  const hook = await startReceiver({ answer: reply });
  hook.onRequest = (request) => {
    const id = String(request.headers[DELIVERY_HEADER.toLowerCase()] ?? '');
    if (request.reply !== 200 || !id || delivered.has(id)) return;
    delivered.set(id, performance.now());
    leads.add(String(request.headers[LEAD_HEADER.toLowerCase()] ?? ''));
    lastAt = performance.now();
  };
  return {
    // A path of its own: each receiver is a target of its own for the sender.
    url: `${hook.url}/${randomBytes(4).toString('hex')}`,
    delivered: () => delivered.size,
    leads: () => leads.size,
    requests: () => hook.requests.length,
    lastAt: () => lastAt,
    close: hook.close,
  };
}

/** An SMTP server that counts distinct messages (by Subject: one per lead). */
export async function smtpSink() {
  const subjects = new Set<string>();
  let lastAt = 0;
  const smtp = await startCaptureSmtp(0, { closeTimeoutMs: 1_000 });
  smtp.onMessage = (mail) => {
    const subject = mail.subject ?? randomUUID();
    if (subjects.has(subject)) return;
    subjects.add(subject);
    lastAt = performance.now();
  };
  return {
    url: smtp.url,
    delivered: () => subjects.size,
    lastAt: () => lastAt,
    close: smtp.stop,
  };
}
