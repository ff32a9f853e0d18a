/*
 * Local stand-ins for Google's and Meta's tag hosts, for tests/e2e/cookie-consent.e2e.ts.
 *
 * The tagged build (`<BUILD_DIR>-tags`) is made with a GA4 id and a Meta Pixel id and with
 * TEST_GA4_ORIGIN / TEST_META_PIXEL_ORIGIN pointing here (src/lib/tag-config.ts), so the pages
 * load these scripts instead of www.googletagmanager.com / connect.facebook.net and the CSP
 * names these origins instead. The origins are baked into that build, hence fixed ports.
 *
 * The scripts imitate the vendors' only as far as the test needs: the fake gtag.js reads the
 * data layer (consent commands, config, events) and sends each hit as a fetch to /g/collect
 * (connect-src, like GA4); the fake fbevents.js takes over fbq's queue and sends each track
 * as an image request to /tr (img-src, like the pixel). Each sets a first-party cookie like
 * the real ones (_ga, _fbp). Every request they receive is recorded.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { ensureBuild } from './ensure-build';

/** Below Linux's ephemeral range (32768–60999), so no outgoing connection can be holding them. */
export const TAG_STANDIN_PORTS = { ga4: 24391, meta: 24392 } as const;
export const TEST_TAG_IDS = { ga4: 'G-PILOTAE2E1', meta: '123456789012345' } as const;

export type TagVendor = keyof typeof TAG_STANDIN_PORTS;

export const standInOrigin = (vendor: TagVendor) => `http://127.0.0.1:${TAG_STANDIN_PORTS[vendor]}`;

/** The build the tag tests run against, beside the ordinary one. */
export const taggedBuildDir = () => `${process.env['BUILD_DIR'] ?? 'dist'}-tags`;

/** Environment of that build: both tags configured, their hosts replaced by the stand-ins. */
export function taggedBuildEnv(): Record<string, string> {
  return {
    PUBLIC_GA4_MEASUREMENT_ID: TEST_TAG_IDS.ga4,
    PUBLIC_META_PIXEL_ID: TEST_TAG_IDS.meta,
    TEST_GA4_ORIGIN: standInOrigin('ga4'),
    TEST_META_PIXEL_ORIGIN: standInOrigin('meta'),
  };
}

/**
 * Builds `<BUILD_DIR>-tags` when it is missing, older than the sources, or was built with
 * another tag environment (a file in the build says which).
 */
export function ensureTaggedBuild(): string {
  const dir = taggedBuildDir();
  const entry = join(dir, 'server', 'entry.mjs');
  const marker = join(dir, 'tag-env.json');
  const env = JSON.stringify(taggedBuildEnv());
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== env) rmSync(entry, { force: true });
  ensureBuild({ entry, env: { ...taggedBuildEnv(), BUILD_DIR: dir } });
  writeFileSync(marker, env);
  return dir;
}

const FAKE_GTAG = `(function () {
  var src = new URL(document.currentScript.src);
  var id = src.searchParams.get('id');
  var dataLayer = (window.dataLayer = window.dataLayer || []);
  // What the page had set before this script existed: Consent Mode's default must come first.
  var first = dataLayer[0] ? Array.prototype.slice.call(dataLayer[0]) : [];
  var loadedWith = { first: first[0] + ' ' + first[1], defaults: JSON.stringify(first[2] || {}) };
  document.cookie = '_ga=GA1.1.' + Date.now() + '; Path=/';
  function send(params) {
    fetch(src.origin + '/g/collect?' + new URLSearchParams(params), { method: 'POST', mode: 'no-cors', keepalive: true });
  }
  function handle(entry) {
    var args = Array.prototype.slice.call(entry);
    if (args[0] === 'config') send({ v: '2', tid: args[1], en: 'page_view', dl: location.href, first: loadedWith.first, defaults: loadedWith.defaults });
    if (args[0] === 'event') {
      var params = { v: '2', tid: id, en: args[1] };
      var extra = args[2] || {};
      for (var key in extra) params['ep.' + key] = String(extra[key]);
      send(params);
    }
  }
  dataLayer.forEach(handle);
  var push = dataLayer.push;
  dataLayer.push = function () {
    for (var i = 0; i < arguments.length; i++) handle(arguments[i]);
    return push.apply(dataLayer, arguments);
  };
})();`;

const FAKE_FBEVENTS = `(function () {
  var origin = new URL(document.currentScript.src).origin;
  var fbq = window.fbq;
  var pixel = null;
  document.cookie = '_fbp=fb.1.' + Date.now() + '.1; Path=/';
  function handle(entry) {
    var args = Array.prototype.slice.call(entry);
    if (args[0] === 'init') pixel = args[1];
    if (args[0] === 'track') {
      var params = { id: pixel, ev: args[1], dl: location.href };
      var extra = args[2] || {};
      for (var key in extra) params['cd[' + key + ']'] = String(extra[key]);
      new Image().src = origin + '/tr?' + new URLSearchParams(params);
    }
  }
  fbq.callMethod = function () { handle(arguments); };
  fbq.queue.forEach(handle);
  fbq.queue = [];
})();`;

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export interface StandInRequest {
  method: string;
  /** Path and query. */
  url: string;
  body: string;
  at: number;
}

export interface TagStandIn {
  vendor: TagVendor;
  origin: string;
  requests: StandInRequest[];
  /** Hits (not script loads): GA4's /g/collect, Meta's /tr, as their query parameters. */
  hits: () => URLSearchParams[];
  close: () => Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

export async function startTagStandIn(vendor: TagVendor): Promise<TagStandIn> {
  const requests: StandInRequest[] = [];
  const hitPath = vendor === 'ga4' ? '/g/collect' : '/tr';
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    requests.push({ method: request.method ?? 'GET', url, body: await readBody(request), at: Date.now() });
    const path = url.split('?', 1)[0];
    if (vendor === 'ga4' && path === '/gtag/js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(FAKE_GTAG);
    } else if (vendor === 'meta' && path === '/en_US/fbevents.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(FAKE_FBEVENTS);
    } else if (path === hitPath) {
      response.writeHead(200, { 'Content-Type': 'image/gif' }).end(GIF);
    } else {
      response.writeHead(404).end();
    }
  };
  // readBody never rejects, so the promise is only a sequence: nothing to catch.
  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${TAG_STANDIN_PORTS[vendor]} for the ${vendor} stand-in is taken (another tag e2e run?)`)
          : error,
      ),
    );
    server.listen(TAG_STANDIN_PORTS[vendor], '127.0.0.1', resolve);
  });
  return {
    vendor,
    origin: standInOrigin(vendor),
    requests,
    hits: () =>
      requests
        .filter((request) => request.url.startsWith(`${hitPath}?`))
        .map((request) => new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
