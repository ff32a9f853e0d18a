/*
 * A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed
 * with postal-mime. `stop()` then `start()` on the same port simulates the mail
 * server going down and coming back; `outage(ms)` does both. With `closeTimeoutMs` short
 * (the chaos suite's mailbox), stopping answers 421 to the pooled connections a sender still
 * holds and closes them within that time, as a mail server that goes away does; by default
 * smtp-server gives them 30 s, during which they would keep delivering.
 */
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { arrivals } from './arrivals';

export interface CapturedMail extends Email {
  /** Envelope recipients (RCPT TO). */
  envelopeTo: string[];
  receivedAt: string;
}

export interface CaptureSmtp {
  /** smtp://127.0.0.1:<port> — pass as SMTP_URL. */
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Called with each message as it arrives (after it is added to `messages`). */
  onMessage: ((mail: CapturedMail) => void) | undefined;
  /** Resolves with the first message (already received or future) that matches. */
  waitFor: (predicate?: (mail: CapturedMail) => boolean, timeoutMs?: number) => Promise<CapturedMail>;
  stop: () => Promise<void>;
  /** Listens again on the same port. */
  start: () => Promise<void>;
  /** Down for `ms`, then listening again on the same port. */
  outage: (ms: number) => Promise<void>;
}

export async function startCaptureSmtp(port = 0, options: { closeTimeoutMs?: number } = {}): Promise<CaptureSmtp> {
  let server: SMTPServer | undefined;
  const messages: CapturedMail[] = [];
  const captureArrivals = arrivals(messages, 'e-mail');

  const capture: CaptureSmtp = {
    url: '',
    port,
    messages,
    onMessage: undefined,
    waitFor: captureArrivals.waitFor,
    start: async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        ...(options.closeTimeoutMs === undefined ? {} : { closeTimeout: options.closeTimeoutMs }),
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            PostalMime.parse(Buffer.concat(chunks))
              .then((email) => {
                const mail: CapturedMail = {
                  ...email,
                  envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                  receivedAt: new Date().toISOString(),
                };
                capture.messages.push(mail);
                capture.onMessage?.(mail);
                captureArrivals.notify();
                callback();
              })
              .catch((error: Error) => callback(error));
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(capture.port, '127.0.0.1', () => {
          server!.off('error', reject);
          resolve();
        });
      });
      // A sender killed mid-conversation resets its socket; smtp-server re-emits that as an
      // 'error', which with no listener would crash the test run.
      server.on('error', () => {});
      capture.port = (server.server.address() as AddressInfo).port;
      capture.url = `smtp://127.0.0.1:${capture.port}`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        const closing = server;
        server = undefined;
        closing.close(() => resolve());
      }),
    outage: async (ms) => {
      await capture.stop();
      await new Promise((resolve) => setTimeout(resolve, ms));
      await capture.start();
    },
  };
  await capture.start();
  return capture;
}
