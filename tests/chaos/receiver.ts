/*
 * A webhook receiver for the chaos suite: a real HTTP server on 127.0.0.1 that records
 * every call (headers, raw body, parsed JSON, its answer) and answers through `answer`,
 * which learns whether the call's delivery id is new to this receiver. That lets a
 * receiver misbehave on first calls only — fail half the deliveries it is offered, or
 * leave some unanswered past the sender's timeout — and take the retry, so each delivery
 * fails at most once and the scenario converges within one retry delay.
 * (scripts/support/receiver.ts answers from a fixed script, blind to the delivery.)
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Reply = number | 'hang';

export interface Call {
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
  reply: Reply;
}

export interface ChaosReceiver {
  url: string;
  calls: Call[];
  /** The answer to a call; `firstCall`: its X-Pilota-Delivery was not seen here before. */
  answer: (firstCall: boolean) => Reply;
  close: () => Promise<void>;
}

export const healthy = (): Reply => 200;

/** Answers 500 to the first call of `share` of the deliveries, 200 otherwise. */
export const failingFirstCalls =
  (share: number) =>
  (firstCall: boolean): Reply =>
    firstCall && Math.random() < share ? 500 : 200;

/** Leaves the first call of `share` of the deliveries unanswered (the sender times out after 10 s). */
export const hangingFirstCalls =
  (share: number) =>
  (firstCall: boolean): Reply =>
    firstCall && Math.random() < share ? 'hang' : 200;

export async function startChaosReceiver(answer: ChaosReceiver['answer'] = healthy): Promise<ChaosReceiver> {
  const seen = new Set<string>();
  const hanging = new Set<ServerResponse>();
  const receiver: ChaosReceiver = {
    url: '',
    calls: [],
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const deliveryId = String(request.headers['x-pilota-delivery'] ?? '');
      const firstCall = !seen.has(deliveryId);
      seen.add(deliveryId);
      const reply = receiver.answer(firstCall);
      receiver.calls.push({ headers: request.headers, body, json, reply });
      if (reply === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      response.writeHead(reply, { 'Content-Type': 'text/plain' }).end(String(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}
