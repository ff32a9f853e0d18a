/*
 * A forward HTTP proxy on loopback that sends every request on from one loopback address of
 * its own (127.x.y.z, never 127.0.0.1). A browser context behind it reaches the server as
 * another machine would: the server's per-address limits (sign-up, sign-in) count it apart
 * from every other test, so no test waits out a window another one used up, as
 * scripts/support/blog-accounts.ts does for the accounts made over HTTP.
 *
 * Chromium sends each plain-HTTP request to a proxy with its whole URL, which names the
 * server; Playwright's request client (`page.request`) asks for a tunnel (CONNECT) instead.
 */
import { createHash } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface LoopbackProxy {
  /** The proxy's address, for Playwright's `proxy.server`. */
  server: string;
  /** The address the server sees the requests come from. */
  localAddress: string;
  close(): Promise<void>;
}

/** A loopback address (127.x.y.z, never 127.0.0.1) that `seed` alone maps to. */
export function loopbackAddressFor(seed: string): string {
  const [a, b, c] = createHash('sha256').update(`client:${seed}`).digest();
  return `127.${a}.${b}.${Math.max(c!, 2)}`;
}

/** Hop-by-hop headers, which a proxy answers for itself and never passes on. */
const HOP_BY_HOP = new Set(['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive']);

function forwardedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

export async function startLoopbackProxy(localAddress: string): Promise<LoopbackProxy> {
  const sockets = new Set<Socket>();
  const proxy = createServer((incoming, outgoing) => {
    let target: URL;
    try {
      target = new URL(incoming.url ?? '');
    } catch {
      outgoing.writeHead(400).end('absolute URL expected');
      return;
    }
    const forwarded = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: incoming.method,
        headers: forwardedHeaders(incoming.headers),
        localAddress,
      },
      (answer) => {
        // The raw list keeps repeated headers (several Set-Cookie) as the server sent them.
        const kept: string[] = [];
        for (let i = 0; i < answer.rawHeaders.length; i += 2) {
          const [name, value] = [answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!];
          if (!HOP_BY_HOP.has(name.toLowerCase())) kept.push(name, value);
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, kept);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  proxy.on('connect', (incoming, client: Socket, head: Buffer) => {
    const [host, port] = (incoming.url ?? '').split(':');
    const upstream = connect({ host, port: Number(port), localAddress }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
  });
  proxy.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    localAddress,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
