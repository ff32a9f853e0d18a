/*
 * The visit beacon's endpoint (src/server/analytics): public, cookieless.
 * - POST: one event from the beacon (src/components/AnalyticsBeacon.astro), JSON sent as
 *   `text/plain` (navigator.sendBeacon's type, so no preflight) → 204 at once; the event is
 *   written with the next batch. A body over MAX_BEACON_BYTES → 413, not one event → 400,
 *   over the visitor key's or the client address's per-minute limit → 429. A bot, a prefetch or
 *   an event over the server's per-minute budget gets 204 and is not counted; while that budget
 *   has none left, posts get the same 204 before reaching here, unread (src/server/http/beacon-shed.ts).
 * - GET: the <noscript> pixel of pages viewed without JavaScript; the page is its Referer, a
 *   partner page's attribution defaults the pixel's own query.
 *   Answers a 1×1 transparent GIF either way, so no browser logs a broken image.
 * Nothing is set in the browser: no cookie, no storage; the answer is never cached.
 */
import type { APIRoute } from 'astro';
import { inputMessages } from '~/messages/input';
import { beaconInput, MAX_BEACON_BYTES, pixelInput } from '~/server/analytics';
import { clientAddressOf, NEVER_CACHED } from '~/server/http';

export const prerender = false;

const NO_STORE = { 'Cache-Control': NEVER_CACHED };
const answer = (status: number, error?: string) =>
  error === undefined
    ? new Response(null, { status, headers: NO_STORE })
    : Response.json({ error }, { status, headers: NO_STORE });

/** The smallest transparent GIF (43 bytes). */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const POST: APIRoute = async (context) => {
  const { request, locals } = context;
  const type = (request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== 'text/plain' && type !== 'application/json') return answer(415, inputMessages.unsupportedMediaType);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BEACON_BYTES) return answer(413, inputMessages.bodyTooLarge);
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BEACON_BYTES) return answer(413, inputMessages.bodyTooLarge);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return answer(400, inputMessages.malformedBody);
  }
  const event = beaconInput(body);
  if (!event) return answer(400, inputMessages.malformedBody);
  const outcome = await locals.runtime.analytics.record(
    { headers: request.headers, ip: clientAddressOf(context) },
    event,
  );
  return answer(outcome === 'limited' ? 429 : 204);
};

export const GET: APIRoute = async (context) => {
  const { request, locals, url } = context;
  const { analytics } = locals.runtime;
  // The page must be this site's as configured (SITE_URL): the request's Host is the client's to choose.
  const event = pixelInput(request.headers.get('referer'), analytics.siteHost, url.searchParams);
  if (event) await analytics.record({ headers: request.headers, ip: clientAddressOf(context) }, event);
  return new Response(new Uint8Array(PIXEL), {
    status: 200,
    headers: { ...NO_STORE, 'Content-Type': 'image/gif', 'Content-Length': String(PIXEL.length) },
  });
};
