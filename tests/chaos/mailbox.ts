/*
 * The team's mailbox for the chaos suite: a real SMTP server on 127.0.0.1 that keeps
 * what each lead notice says about its lead. `outage()` takes it down the way a mail
 * server that goes away does — it stops listening, answers 421 to every command on the
 * pooled connections the sender still holds and closes them within 100 ms — and brings
 * it back on the same port, so SMTP_URL stays valid. (scripts/support/smtp.ts closes with
 * smtp-server's 30 s grace, during which pooled connections would keep delivering.)
 */
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The lead's address: lead notices are sent with reply-to the lead. */
  replyTo: string;
  subject: string;
  text: string;
  envelopeTo: string[];
}

export interface Mailbox {
  url: string;
  messages: ReceivedMail[];
  /** Down for `ms`, then listening again on the same port. */
  outage: (ms: number) => Promise<void>;
  close: () => Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const listen = async () => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 100,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks))
            .then((email) => {
              messages.push({
                replyTo: email.replyTo?.[0]?.address ?? '',
                subject: email.subject ?? '',
                text: email.text ?? '',
                envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(port, '127.0.0.1', () => {
        smtp.off('error', reject);
        resolve();
      });
    });
    // A sender killed with SIGKILL resets its pooled connections: expected here, not a failure of the mailbox.
    smtp.on('error', () => {});
    port = (smtp.server.address() as AddressInfo).port;
    server = smtp;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = undefined;
      if (!closing) return resolve();
      closing.close(() => resolve());
    });

  await listen();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    outage: async (ms) => {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, ms));
      await listen();
    },
    close: stop,
  };
}
