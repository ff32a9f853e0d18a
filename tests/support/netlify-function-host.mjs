/*
 * Runs a Netlify function's handler in a plain Node process, as Netlify's runtime does
 * (no Vitest loader, no `development` export condition), and serves it on a loopback
 * port: each HTTP request becomes a real `Request` passed to `handler(request, context)`,
 * and its `Response` is written back unchanged. Started by tests/support/netlify-function.ts.
 *
 * Netlify's request limit is kept too: a function gets the whole body at once, carried
 * base64-encoded in a payload of at most 6 MB, so a body whose encoding is larger never
 * reaches the handler — the platform answers 413 itself. (Netlify encodes binary bodies;
 * every body is counted as encoded here, which is the stricter reading.)
 *
 * `context.waitUntil` is kept as Netlify keeps it: the promise runs on after the response is
 * written. A test waits for all of them with GET /.netlify-host/wait-until, which answers
 * once every promise handed over so far has settled, with how many did and how many failed.
 *
 *   node netlify-function-host.mjs <path/to/function.mjs> <port>
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';

const [entry, port] = process.argv.slice(2);
/** AWS Lambda's synchronous payload limit, which Netlify functions inherit. */
const PAYLOAD_LIMIT_BYTES = 6 * 1024 * 1024;
const base64Length = (bytes) => Math.ceil(bytes / 3) * 4;
const { default: handler } = await import(pathToFileURL(entry).href);
/** Every promise handed to `waitUntil`, settled or not. */
const waited = [];
const WAIT_UNTIL_PATH = '/.netlify-host/wait-until';

const server = http.createServer(async (req, res) => {
  if (req.url === WAIT_UNTIL_PATH) {
    const results = await Promise.allSettled(waited);
    const rejected = results.filter((result) => result.status === 'rejected').length;
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ settled: results.length, rejected }));
    return;
  }
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      for (const item of [value ?? []].flat()) headers.append(name, item);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    if (base64Length(body.length) > PAYLOAD_LIMIT_BYTES) {
      console.log(`[netlify-function-host] 413: a ${body.length}-byte body is over the 6 MB payload once encoded`);
      res.writeHead(413, { 'content-type': 'text/plain' }).end('Request Entity Too Large');
      return;
    }
    const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host}`), {
      method: req.method,
      headers,
      ...(hasBody ? { body } : {}),
    });
    // The parts of Netlify's context the adapter reads; the client address comes as Netlify sends it.
    const context = {
      ip: req.headers['x-nf-client-connection-ip'] ?? req.socket.remoteAddress ?? '127.0.0.1',
      requestId: 'local',
      waitUntil: (promise) => {
        waited.push(Promise.resolve(promise));
      },
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
