/*
 * What the beacon (src/components/AnalyticsBeacon.astro) may send, checked strictly: short
 * keys, short values, nothing else. A page view without JavaScript is read from the
 * <noscript> pixel's Referer instead (`pixelInput`). Pure code: no database, no clock.
 */
import { z } from 'zod';
import type { AnalyticsKind } from '../db/schema/analytics';

/** A beacon's body is well under 1 KB; anything larger is not one. */
export const MAX_BEACON_BYTES = 2048;

const short = (max: number) => z.string().max(max).default('');
const DEVICES = ['mobile', 'tablet', 'desktop', ''] as const;

/** One event as the beacon posts it (JSON, `text/plain` so sendBeacon needs no preflight). */
export const beaconSchema = z.strictObject({
  k: z.enum(['view', 'open', 'start', 'sent', 'error']),
  /** The page's path (no query). */
  p: z.string().min(1).max(300).startsWith('/'),
  /** document.referrer's host. */
  r: short(255),
  s: short(200),
  m: short(200),
  c: short(200),
  /** Partner slug (a partner page's attribution). */
  pt: short(80),
  cta: short(80),
  d: z.enum(DEVICES).default(''),
  /** The field whose error was shown: its name, never its value. */
  f: z
    .string()
    .max(40)
    .regex(/^[\w-]*$/)
    .default(''),
});

export interface EventInput {
  kind: AnalyticsKind;
  path: string;
  referrer: string;
  source: string;
  medium: string;
  campaign: string;
  partner: string;
  cta: string;
  device: string;
  field: string;
}

/** The event a beacon body describes; null when it is not one (the caller answers 400). */
export function beaconInput(body: unknown): EventInput | null {
  const parsed = beaconSchema.safeParse(body);
  if (!parsed.success) return null;
  const { k, p, r, s, m, c, pt, cta, d, f } = parsed.data;
  return {
    kind: k,
    path: pathOnly(p),
    referrer: r.toLowerCase(),
    source: s,
    medium: m,
    campaign: c,
    partner: pt,
    cta,
    device: d,
    field: k === 'error' ? f : '',
  };
}

/** A path without query or fragment, and without a trailing slash (the site's URLs have none). */
function pathOnly(path: string): string {
  const bare = path.split(/[?#]/, 1)[0]!;
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether an address is on the site: its host, or, for a site on this machine (a local
 * server, the tests), any loopback name with the same port.
 * @example sameSite(new URL('http://127.0.0.1:4321/planos'), 'localhost:4321') // true
 */
function sameSite(url: URL, siteHost: string): boolean {
  if (url.host === siteHost) return true;
  const site = new URL(`http://${siteHost}`);
  return LOOPBACK.has(site.hostname) && LOOPBACK.has(url.hostname) && site.port === url.port;
}

/**
 * The page view a <noscript> pixel stands for: the page is the pixel request's Referer (a
 * same-origin image request carries the page's full address), its utm_* the page's query.
 * A partner page puts its attribution defaults in the pixel's own query (`pageDefaults`):
 * the page's query wins and the defaults fill what it lacks, as the lead form does, so a
 * vanity path like /carol-imoveis counts for its partner and campaign.
 * Null when there is no Referer from this site (a direct fetch of the pixel is no page view):
 * `siteHost` is the configured SITE_URL's host, never the request's Host header.
 */
export function pixelInput(
  referer: string | null,
  siteHost: string,
  pageDefaults: URLSearchParams = new URLSearchParams(),
): EventInput | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (!sameSite(url, siteHost)) return null;
  const param = (name: string) => (url.searchParams.get(name) || pageDefaults.get(name) || '').slice(0, 200);
  return {
    kind: 'view',
    path: pathOnly(url.pathname).slice(0, 300),
    referrer: '',
    source: param('utm_source'),
    medium: param('utm_medium'),
    campaign: param('utm_campaign'),
    // A partner page's slug: its defaults' partner_slug, or its path /parceiro/{slug}.
    partner: (pageDefaults.get('partner_slug') || /^\/parceiro\/([^/]+)$/.exec(url.pathname)?.[1] || '').slice(0, 80),
    cta: '',
    device: '',
    field: '',
  };
}
