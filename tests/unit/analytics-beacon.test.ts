/*
 * The visit beacon's pure parts: what the endpoint accepts from the beacon and the
 * <noscript> pixel (src/server/analytics/beacon-input.ts), what is not counted (bots,
 * prefetches), the visitor key, the in-process limit, the report arithmetic
 * (src/lib/visit-report.ts), and the lead event name the beacon listens for.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEAD_EVENT } from '~/lib/cookie-consent';
import { change, funnel, parseVisitFilters, previousPeriod, visitRate } from '~/lib/visit-report';
import { beaconInput, pixelInput } from '~/server/analytics/beacon-input';
import { notCounted, visitorKey } from '~/server/analytics/ingest';
import { createLocalRateLimiter } from '~/server/rate-limit';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe('beacon input', () => {
  it('takes a well-formed event, path without query, field names only on errors', () => {
    expect(beaconInput({ k: 'view', p: '/planos/?x=1', r: 'WWW.Google.com', s: 'X', d: 'mobile', f: 'email' })).toEqual(
      {
        kind: 'view',
        path: '/planos',
        referrer: 'www.google.com',
        source: 'X',
        medium: '',
        campaign: '',
        partner: '',
        cta: '',
        device: 'mobile',
        field: '',
      },
    );
    expect(beaconInput({ k: 'error', p: '/', f: 'email' })?.field).toBe('email');
  });

  it('refuses anything else', () => {
    for (const body of [
      null,
      'view',
      { k: 'click', p: '/' },
      { k: 'view', p: 'planos' },
      { k: 'view', p: '/', extra: 1 },
      { k: 'view', p: '/', d: 'tv' },
      { k: 'view', p: '/', s: 'x'.repeat(201) },
      { k: 'error', p: '/', f: 'maria@exemplo.com' },
    ]) {
      expect(beaconInput(body)).toBeNull();
    }
  });

  it('reads a <noscript> page view from its own site’s Referer only', () => {
    expect(pixelInput('http://s.test/parceiro/carol?utm_source=X&utm_campaign=c', 's.test')).toMatchObject({
      kind: 'view',
      path: '/parceiro/carol',
      source: 'X',
      campaign: 'c',
      partner: 'carol',
      device: '',
    });
    // A vanity partner page: its defaults ride in the pixel's query; the page's own utm_* still win.
    const defaults = new URLSearchParams({
      utm_source: 'parceiro',
      utm_medium: 'influencer',
      utm_campaign: 'carol-imoveis',
      partner_slug: 'carol-imoveis',
    });
    expect(pixelInput('http://s.test/carol-imoveis?utm_source=insta', 's.test', defaults)).toMatchObject({
      path: '/carol-imoveis',
      source: 'insta',
      medium: 'influencer',
      campaign: 'carol-imoveis',
      partner: 'carol-imoveis',
    });
    expect(pixelInput('http://other.test/planos', 's.test')).toBeNull();
    expect(pixelInput(null, 's.test')).toBeNull();
    expect(pixelInput('not a url', 's.test')).toBeNull();
    // A site on this machine: any loopback name with its port (a browser may say 127.0.0.1 for localhost).
    expect(pixelInput('http://127.0.0.1:4321/planos', 'localhost:4321')).toMatchObject({ path: '/planos' });
    expect(pixelInput('http://127.0.0.1:4322/planos', 'localhost:4321')).toBeNull();
    expect(pixelInput('http://127.0.0.1:4321/planos', 's.test')).toBeNull();
  });
});

describe('what is not counted', () => {
  const headers = (values: Record<string, string>) => new Headers(values);
  it('bots, no user agent, prefetch and prerender, Global Privacy Control and Do Not Track', () => {
    expect(notCounted(headers({ 'user-agent': CHROME }))).toBe(false);
    expect(
      notCounted(headers({ 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' })),
    ).toBe(true);
    expect(notCounted(headers({ 'user-agent': 'curl/8.5.0' }))).toBe(true);
    expect(notCounted(headers({}))).toBe(true);
    expect(notCounted(headers({ 'user-agent': CHROME, 'sec-purpose': 'prefetch' }))).toBe(true);
    expect(notCounted(headers({ 'user-agent': CHROME, purpose: 'prefetch' }))).toBe(true);
    expect(notCounted(headers({ 'user-agent': CHROME, 'sec-gpc': '1' }))).toBe(true);
    expect(notCounted(headers({ 'user-agent': CHROME, dnt: '1' }))).toBe(true);
    expect(notCounted(headers({ 'user-agent': CHROME, dnt: '0' }))).toBe(false);
  });
});

describe('visitor key', () => {
  it('depends on salt, site, client (/64) and user agent', () => {
    const key = visitorKey('salt', 's.test', '203.0.113.7', CHROME);
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(visitorKey('salt', 's.test', '::ffff:203.0.113.7', CHROME)).toBe(key);
    expect(visitorKey('other', 's.test', '203.0.113.7', CHROME)).not.toBe(key);
    expect(visitorKey('salt', 'x.test', '203.0.113.7', CHROME)).not.toBe(key);
    expect(visitorKey('salt', 's.test', '203.0.113.8', CHROME)).not.toBe(key);
    expect(visitorKey('salt', 's.test', '203.0.113.7', `${CHROME} Edg/140`)).not.toBe(key);
    expect(visitorKey('s', 'h', '2001:db8::1', 'u')).toBe(visitorKey('s', 'h', '2001:db8::2', 'u'));
  });
});

describe('local rate limit', () => {
  it('lets `count` through per key per window', () => {
    let at = 0;
    const limiter = createLocalRateLimiter(2, 1000, () => new Date(at));
    expect([limiter.allow('a'), limiter.allow('a'), limiter.allow('a'), limiter.allow('b')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    at = 1000;
    expect(limiter.allow('a')).toBe(true);
  });
});

describe('visit report arithmetic', () => {
  it('rate, funnel drop-off, previous period, change, filters', () => {
    expect(visitRate({ visitors: 3, leads: 1 })).toBeCloseTo(0.3333, 4);
    expect(visitRate({ visitors: 0, leads: 1 })).toBeNull();
    expect(funnel({ views: 9, visitors: 4, openers: 2, starters: 0, leads: 0 })).toEqual([
      { key: 'visitors', count: 4, dropOff: null },
      { key: 'openers', count: 2, dropOff: 0.5 },
      { key: 'starters', count: 0, dropOff: 1 },
      { key: 'leads', count: 0, dropOff: null },
    ]);
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({ de: '2026-10-02', ate: '2026-10-31' });
    expect(previousPeriod('2026-03-01', '2026-03-01')).toEqual({ de: '2026-02-28', ate: '2026-02-28' });
    expect(change(150, 100)).toBe(0.5);
    expect(change(1, 0)).toBeNull();
    expect(parseVisitFilters(new URLSearchParams('origem=%20X%20&campanha=&outro=1&pagina=/planos'))).toEqual({
      origem: 'X',
      pagina: '/planos',
    });
  });
});

describe('the beacon', () => {
  it('listens for the lead form’s event by its name', () => {
    const source = readFileSync(new URL('../../public/visita.js', import.meta.url), 'utf8');
    expect(source).toContain(`const LEAD_EVENT = '${LEAD_EVENT}';`);
  });
});
