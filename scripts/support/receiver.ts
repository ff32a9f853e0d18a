/*
 * A real HTTP receiver on 127.0.0.1 for webhook tests. It records every request
 * (method, headers, raw body, parsed JSON) and answers from a script: e.g.
 * `script: [500, 500, 500]` answers 500 three times and then `fallback` (200);
 * 'hang' never answers (the sender's timeout must cut it). Or from `answer`, which learns
 * whether the request's delivery id (X-Pilota-Delivery) is new here: a receiver can then
 * misbehave on first calls only and take the retry (the chaos suite's receivers).
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { arrivals } from './arrivals.ts';

export type Reply = number | 'hang';

/**
 * Decides a reply from the request as it arrived; `firstCall`: its X-Pilota-Delivery was not
 * seen by this receiver before.
 */
export type Answer = (firstCall: boolean, request: Omit<ReceivedRequest, 'reply' | 'receivedAt'>) => Reply;

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
  /** What the receiver answered. */
  reply: Reply;
  receivedAt: string;
}

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** Replies still to give, in order; afterwards `fallback`. */
  script: Reply[];
  fallback: Reply;
  /** Called with each request as it is recorded. */
  onRequest: ((request: ReceivedRequest) => void) | undefined;
  waitFor: (predicate?: (request: ReceivedRequest) => boolean, timeoutMs?: number) => Promise<ReceivedRequest>;
  close: () => Promise<void>;
}

export async function startReceiver(
  options: { script?: Reply[]; fallback?: Reply; answer?: Answer } = {},
): Promise<Receiver> {
  const hanging = new Set<ServerResponse>();
  const seen = new Set<string>();
  const requests: ReceivedRequest[] = [];
  const receiverArrivals = arrivals(requests, 'request');
  const receiver: Receiver = {
    url: '',
    requests,
    script: [...(options.script ?? [])],
    fallback: options.fallback ?? 200,
    onRequest: undefined,
    waitFor: receiverArrivals.waitFor,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer((request, response) => {
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
      const arrived = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body, json };
      const reply = options.answer
        ? options.answer(firstCall, arrived)
        : receiver.script.length > 0
          ? receiver.script.shift()!
          : receiver.fallback;
      const recorded: ReceivedRequest = { ...arrived, reply, receivedAt: new Date().toISOString() };
      receiver.requests.push(recorded);
      receiver.onRequest?.(recorded);
      receiverArrivals.notify();
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
