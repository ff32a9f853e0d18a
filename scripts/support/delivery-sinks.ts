/*
 * The delivery bench's receivers (scripts/bench-delivery.ts): a webhook receiver and an SMTP
 * server that only note when each delivery first arrived, so the bench times the sender,
 * not the receiving side.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { DELIVERY_HEADER, LEAD_HEADER } from '../../src/server/webhooks';

export type Reply = 200 | 500 | 'hang';

/** A webhook receiver that answers from `reply()` and notes when each delivery id first got a 200. */
export async function receiver(reply: () => Reply) {
  const hanging = new Set<ServerResponse>();
  const delivered = new Map<string, number>();
  const leads = new Set<string>();
  let requests = 0;
  let lastAt = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests++;
      const id = String(req.headers[DELIVERY_HEADER.toLowerCase()] ?? '');
      const answer = reply();
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      if (answer === 200 && id && !delivered.has(id)) {
        delivered.set(id, performance.now());
        leads.add(String(req.headers[LEAD_HEADER.toLowerCase()] ?? ''));
        lastAt = performance.now();
      }
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook/${randomBytes(4).toString('hex')}`,
    delivered: () => delivered.size,
    leads: () => leads.size,
    requests: () => requests,
    lastAt: () => lastAt,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An SMTP server that only counts distinct messages (by Subject: one per lead). */
export async function smtpSink() {
  const subjects = new Set<string>();
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const subject = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? randomUUID();
        if (!subjects.has(subject)) {
          subjects.add(subject);
          lastAt = performance.now();
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    delivered: () => subjects.size,
    lastAt: () => lastAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
