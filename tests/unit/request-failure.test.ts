/*
 * The islands' one rule for "no usable answer" (src/islands/ui/request-failure.ts): which
 * responses are ours to read, what a thrown error means, and that `settle` / `requestJson`
 * never reject and never outlive their timeout. Requests go to a real HTTP server on loopback.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  failureOf,
  fetchWithTimeout,
  readReply,
  REQUEST_TIMEOUT_MS,
  requestJson,
  settle,
  Unavailable,
} from '../../src/islands/ui/request-failure';

describe('readReply', () => {
  it.each([
    [201, '{"id":"a"}', { status: 201, ok: true, body: { id: 'a' } }],
    [200, 'null', { status: 200, ok: true, body: null }],
    [204, '', { status: 204, ok: true, body: undefined }],
    [400, '{"error":"CPF inválido"}', { status: 400, ok: false, body: { error: 'CPF inválido' } }],
    // The admin guard's bare 401, a 413 from a body limit: the status explains them.
    [401, '', { status: 401, ok: false, body: undefined }],
    [413, 'Payload Too Large', { status: 413, ok: false, body: undefined }],
    // Our own server's 5xx carries its message as JSON.
    [
      503,
      '{"error":"Erro ao salvar os dados.","stage":"save"}',
      { status: 503, ok: false, body: { error: 'Erro ao salvar os dados.', stage: 'save' } },
    ],
  ])('%i %j is a reply', (status, text, expected) => {
    expect(readReply(status, text)).toEqual(expected);
  });

  it.each([
    [502, '<html>Bad Gateway</html>'],
    [503, 'Service Unavailable'],
    [504, ''],
    [500, '<!doctype html><h1>Internal Server Error</h1>'],
    [500, '   '],
    // A captive portal or a misrouted proxy answering 200 with a page.
    [200, '<html>Entre na rede Wi-Fi</html>'],
    [201, '{"id":'],
  ])('%i %j is an error page: unavailable', (status, text) => {
    const outcome = readReply(status, text);
    expect(outcome).toBeInstanceOf(Unavailable);
    expect(outcome).toMatchObject({ reason: 'server', status });
  });
});

describe('failureOf', () => {
  it.each([
    [new TypeError('Failed to fetch'), true, 'network'],
    [new TypeError('Failed to fetch'), false, 'offline'],
    [new DOMException('late', 'TimeoutError'), true, 'timeout'],
    [new DOMException('late', 'TimeoutError'), false, 'timeout'],
    [new SyntaxError('Unexpected token <'), true, 'server'],
    [new Unavailable('server', 502), true, 'server'],
  ] as const)('%s (online: %s) → %s', (error, online, reason) => {
    expect(failureOf(error, online).reason).toBe(reason);
  });
});

describe('settle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands back what the request returned, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    await expect(settle(async () => ({ data: 1 }))).resolves.toEqual({ data: 1 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns a rejection into Unavailable instead of rejecting', async () => {
    const outcome = await settle(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(outcome).toEqual(new Unavailable('network'));
  });

  it('gives up after the timeout, aborting the signal it handed over, even if the client ignores it', async () => {
    vi.useFakeTimers();
    let handed: AbortSignal | undefined;
    const pending = settle((signal) => {
      handed = signal;
      return new Promise<never>(() => {});
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(handed?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual(new Unavailable('timeout'));
    expect(handed?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts a 5xx handed back by a client that reads the body itself as an error page', async () => {
    const statusOf = (result: { error: { status: number } | null }) => result.error?.status;
    await expect(settle(async () => ({ error: { status: 502 } }), { statusOf })).resolves.toEqual(
      new Unavailable('server', 502),
    );
    await expect(settle(async () => ({ error: { status: 429 } }), { statusOf })).resolves.toEqual({
      error: { status: 429 },
    });
    await expect(settle(async () => ({ error: null }), { statusOf })).resolves.toEqual({ error: null });
  });

  it("passes the caller's own cancellation on to the request", async () => {
    const caller = new AbortController();
    let handed: AbortSignal | undefined;
    const pending = settle(
      (signal) => {
        handed = signal;
        return new Promise<never>(() => {});
      },
      { signal: caller.signal },
    );
    caller.abort();
    await expect(pending).resolves.toBeInstanceOf(Unavailable);
    expect(handed?.aborted).toBe(true);
  });
});

describe('requestJson against a real server', () => {
  let server: Server;
  let base: string;
  const open = new Set<ServerResponse>();

  const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
    '/json': (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.writeHead(201, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ got: body, accept: request.headers.accept }));
      });
    },
    '/bad-gateway': (_request, response) => {
      response.writeHead(502, { 'Content-Type': 'text/html' });
      response.end('<html>Bad Gateway</html>');
    },
    '/refused-as-json': (_request, response) => {
      response.writeHead(422, { 'Content-Type': 'application/json' });
      response.end('{"error":"Verifique os campos destacados"}');
    },
    // Headers, then nothing: the body never ends.
    '/hang': (_request, response) => {
      open.add(response);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"partial":');
    },
    '/cut': (request) => {
      request.socket.destroy();
    },
  };

  beforeAll(async () => {
    server = createServer((request, response) => routes[request.url ?? '']?.(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const response of open) response.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads our JSON, asking for JSON', async () => {
    const reply = await requestJson(`${base}/json`, { method: 'POST', body: 'oi' });
    expect(reply).toEqual({ status: 201, ok: true, body: { got: 'oi', accept: 'application/json' } });
  });

  it('keeps a refusal the server wrote as a reply', async () => {
    await expect(requestJson(`${base}/refused-as-json`)).resolves.toEqual({
      status: 422,
      ok: false,
      body: { error: 'Verifique os campos destacados' },
    });
  });

  it("calls a proxy's HTML error page unavailable", async () => {
    await expect(requestJson(`${base}/bad-gateway`)).resolves.toEqual(new Unavailable('server', 502));
  });

  it('calls a dropped connection and a refused one unavailable', async () => {
    await expect(requestJson(`${base}/cut`)).resolves.toEqual(new Unavailable('network'));
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(requestJson(`http://127.0.0.1:${port}/json`)).resolves.toEqual(new Unavailable('network'));
  });

  it('times out a body that never ends', async () => {
    const started = Date.now();
    await expect(requestJson(`${base}/hang`, {}, { timeoutMs: 300 })).resolves.toEqual(new Unavailable('timeout'));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('fetchWithTimeout rejects with a TimeoutError when the answer never ends, and follows the caller’s abort', async () => {
    await expect(fetchWithTimeout(`${base}/hang`, {}, 300).then((response) => response.text())).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    const caller = new AbortController();
    const pending = fetchWithTimeout(`${base}/hang`, { signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const response = await fetchWithTimeout(`${base}/json`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(201);
  });
});
