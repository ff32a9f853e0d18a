/*
 * Runs a Netlify function's handler in a plain Node process, as Netlify's runtime does
 * (no Vitest loader, no `development` export condition), and serves it on a loopback
 * port: each HTTP request becomes a real `Request` passed to `handler(request, context)`,
 * and its `Response` is written back unchanged. Started by tests/support/netlify-function.ts.
 *
 *   node netlify-function-host.mjs <path/to/function.mjs> <port>
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';

const [entry, port] = process.argv.slice(2);
const { default: handler } = await import(pathToFileURL(entry).href);

const server = http.createServer(async (req, res) => {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      for (const item of [value ?? []].flat()) headers.append(name, item);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host}`), {
      method: req.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(req), duplex: 'half' } : {}),
    });
    // The parts of Netlify's context the adapter reads; the client address comes as Netlify sends it.
    const context = {
      ip: req.headers['x-nf-client-connection-ip'] ?? req.socket.remoteAddress ?? '127.0.0.1',
      requestId: 'local',
      waitUntil: () => {},
      deploy: { context: 'production', id: 'local', published: true },
      site: { id: 'local', name: 'local', url: process.env.URL ?? '' },
    };
    const response = await handler(request, context);
    const outgoing = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') outgoing[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) outgoing['set-cookie'] = cookies;
    res.writeHead(response.status, response.statusText, outgoing);
    if (response.body) Readable.fromWeb(response.body).pipe(res);
    else res.end();
  } catch (error) {
    console.error('[netlify-function-host]', error);
    res.writeHead(599).end(String(error));
  }
});
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
