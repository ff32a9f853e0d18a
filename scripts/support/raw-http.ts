/*
 * HTTP requests whose path goes on the wire exactly as written: fetch() parses the URL
 * first (it resolves `/./`, `/../` and backslashes), which would hide the spellings an
 * attacker sends. Used by the tests that try every way of writing a protected path.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * `localAddress`: the loopback address to send from (127.0.0.2…), so the server sees another
 * client — another person's machine, with its own per-IP limits.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
  { localAddress }: { localAddress?: string } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const sent = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const target = { host: hostname, port, method, path, headers: sent, ...(localAddress ? { localAddress } : {}) };
    const request = httpRequest(target, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sends a request and resets the connection at once, like a client that gives up before
 * the server has read the request's socket address.
 */
export function abandonedRequest(baseUrl: string, path: string): Promise<void> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/html\r\n\r\n`);
      socket.resetAndDestroy();
      resolve();
    });
    socket.on('error', () => resolve());
  });
}
