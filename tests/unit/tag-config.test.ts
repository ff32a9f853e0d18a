/*
 * Which tags the environment configures and the CSP sources they get (src/lib/tag-config.ts):
 * nothing at all without ids, exactly each vendor's hosts with them, only the stand-in's
 * origin when a test points a tag elsewhere, and refusals that name the variable.
 */
import { describe, expect, it } from 'vitest';
import { tagConfigFromEnv, tagCspSources, TagConfigError, withTagSources } from '../../src/lib/tag-config';

const BASE = ["default-src 'self'", "img-src 'self' data: blob:", "connect-src 'self'", "object-src 'none'"];
const GA4 = 'G-ABC123XYZ';
const PIXEL = '123456789012345';

describe('tagConfigFromEnv', () => {
  it('is null with no tag set (blank counts as unset), and the CSP stays the same array', () => {
    expect(tagConfigFromEnv({})).toBeNull();
    expect(tagConfigFromEnv({ PUBLIC_GA4_MEASUREMENT_ID: ' ', PUBLIC_META_PIXEL_ID: '' })).toBeNull();
    // A test origin alone configures nothing.
    expect(tagConfigFromEnv({ TEST_GA4_ORIGIN: 'http://127.0.0.1:9' })).toBeNull();
    expect(withTagSources(BASE, null)).toBe(BASE);
    expect(tagCspSources(null)).toEqual({ script: [], connect: [], img: [] });
  });

  it("loads each vendor's script from its own host", () => {
    expect(tagConfigFromEnv({ PUBLIC_GA4_MEASUREMENT_ID: GA4, PUBLIC_META_PIXEL_ID: PIXEL })).toEqual({
      ga4: { id: GA4, src: 'https://www.googletagmanager.com/gtag/js' },
      meta: { id: PIXEL, src: 'https://connect.facebook.net/en_US/fbevents.js' },
    });
  });

  it('replaces a host by a test origin (origin only, path dropped)', () => {
    const config = tagConfigFromEnv({
      PUBLIC_GA4_MEASUREMENT_ID: GA4,
      TEST_GA4_ORIGIN: 'http://127.0.0.1:4000/anything',
      PUBLIC_META_PIXEL_ID: PIXEL,
      TEST_META_PIXEL_ORIGIN: 'http://localhost:4001',
    });
    expect(config?.ga4?.src).toBe('http://127.0.0.1:4000/gtag/js');
    expect(config?.meta?.src).toBe('http://localhost:4001/en_US/fbevents.js');
  });

  it.each([
    [{ PUBLIC_GA4_MEASUREMENT_ID: 'UA-12345-1' }, /PUBLIC_GA4_MEASUREMENT_ID/],
    [{ PUBLIC_GA4_MEASUREMENT_ID: 'G-abc"onload' }, /PUBLIC_GA4_MEASUREMENT_ID/],
    [{ PUBLIC_META_PIXEL_ID: '12ab' }, /PUBLIC_META_PIXEL_ID/],
    [{ PUBLIC_GA4_MEASUREMENT_ID: GA4, TEST_GA4_ORIGIN: 'javascript:alert(1)' }, /TEST_GA4_ORIGIN/],
    [{ PUBLIC_META_PIXEL_ID: PIXEL, TEST_META_PIXEL_ORIGIN: 'not a url' }, /TEST_META_PIXEL_ORIGIN/],
  ])('refuses %j, naming the variable', (env, name) => {
    expect(() => tagConfigFromEnv(env)).toThrow(TagConfigError);
    expect(() => tagConfigFromEnv(env)).toThrow(name);
  });
});

describe('tagCspSources / withTagSources', () => {
  it('GA4 alone: Google tag hosts only', () => {
    const sources = tagCspSources(tagConfigFromEnv({ PUBLIC_GA4_MEASUREMENT_ID: GA4 }));
    expect(sources).toEqual({
      script: ['https://*.googletagmanager.com'],
      connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
      img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
    });
  });

  it('Meta alone: Meta hosts only', () => {
    expect(tagCspSources(tagConfigFromEnv({ PUBLIC_META_PIXEL_ID: PIXEL }))).toEqual({
      script: ['https://connect.facebook.net'],
      connect: ['https://www.facebook.com'],
      img: ['https://www.facebook.com'],
    });
  });

  it('both: the union, and nothing else is touched', () => {
    const config = tagConfigFromEnv({ PUBLIC_GA4_MEASUREMENT_ID: GA4, PUBLIC_META_PIXEL_ID: PIXEL });
    expect(tagCspSources(config).script).toEqual(['https://*.googletagmanager.com', 'https://connect.facebook.net']);
    expect(withTagSources(BASE, config)).toEqual([
      "default-src 'self'",
      "img-src 'self' data: blob: https://*.google-analytics.com https://*.googletagmanager.com https://www.facebook.com",
      "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com https://www.facebook.com",
      "object-src 'none'",
    ]);
  });

  it('a test origin replaces all of its vendor’s hosts', () => {
    const config = tagConfigFromEnv({
      PUBLIC_GA4_MEASUREMENT_ID: GA4,
      TEST_GA4_ORIGIN: 'http://127.0.0.1:4000',
      PUBLIC_META_PIXEL_ID: PIXEL,
    });
    expect(tagCspSources(config)).toEqual({
      script: ['http://127.0.0.1:4000', 'https://connect.facebook.net'],
      connect: ['http://127.0.0.1:4000', 'https://www.facebook.com'],
      img: ['http://127.0.0.1:4000', 'https://www.facebook.com'],
    });
  });
});
