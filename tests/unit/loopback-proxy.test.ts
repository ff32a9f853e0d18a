import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackAddressFor, startLoopbackProxy, type LoopbackProxy } from '../support/loopback-proxy';

/** What the e2e fixture `ownClientAddress` relies on: the server sees the proxy's own address. */
describe('the loopback proxy of tests/support', () => {
  const server = createServer((incoming, outgoing) => {
    outgoing.setHeader('Set-Cookie', ['a=1; Path=/', 'b=2; Path=/']);
    outgoing.end(JSON.stringify({ from: incoming.socket.remoteAddress, path: incoming.url, method: incoming.method }));
  });
  let base: string;
  let proxy: LoopbackProxy;
  const address = loopbackAddressFor('a test');

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    proxy = await startLoopbackProxy(address);
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('maps a seed to one loopback address that is never 127.0.0.1', () => {
    expect(address).toMatch(/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/);
    expect(address).not.toBe('127.0.0.1');
    expect(loopbackAddressFor('a test')).toBe(address);
    expect(loopbackAddressFor('another test')).not.toBe(address);
  });

  it('passes a request on from its own address and brings back every header', async () => {
    const proxyUrl = new URL(proxy.server);
    const answer = await new Promise<{ body: string; cookies: string[] }>((resolve, reject) => {
      // As Chromium asks a proxy: the request line names the whole URL.
      const sent = request(
        { host: proxyUrl.hostname, port: proxyUrl.port, method: 'POST', path: `${base}/api/x?q=1` },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ body, cookies: response.headers['set-cookie'] ?? [] }));
        },
      );
      sent.on('error', reject);
      sent.end('{}');
    });
    expect(JSON.parse(answer.body)).toEqual({ from: address, path: '/api/x?q=1', method: 'POST' });
    expect(answer.cookies).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('opens a tunnel (CONNECT) from its own address, as Playwright’s request client asks', async () => {
    const proxyUrl = new URL(proxy.server);
    const target = new URL(base);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: proxyUrl.hostname, port: Number(proxyUrl.port) }, () => {
        socket.write(`CONNECT ${target.host} HTTP/1.1\r\nHost: ${target.host}\r\n\r\n`);
        socket.write(`GET /tunnel HTTP/1.1\r\nHost: ${target.host}\r\nConnection: close\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 200 Connection Established\r\n\r\nHTTP\/1\.1 200/);
    expect(JSON.parse(raw.slice(raw.indexOf('{')))).toEqual({ from: address, path: '/tunnel', method: 'GET' });
  });
});
