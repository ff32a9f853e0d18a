/**
 * The cookie consent's rules, following the ANPD's guide "Cookies e proteção de dados
 * pessoais" (Oct 2022): the optional categories, the version of the text a choice was made
 * under and how long it holds. Code-reviewed, not editable in the CMS: a new version is a
 * legal step. The words (banner, purposes, legal bases) are content/settings/cookie-consent.yaml.
 *
 * The choice is kept in a first-party cookie for `maxAgeDays` and asked again after that,
 * or as soon as `version` changes — bump it whenever a category, a purpose, a partner or
 * the legal basis changes, so nobody stays bound to a text they never saw.
 *
 * No imports: astro.config.mjs loads this (through the head-gate integration) before any alias exists.
 */

export const cookieConsentPolicy = {
  /**
   * Version of this consent text; recorded with every choice (locally and on the server).
   * Letters, digits, '-' and '_' only: it travels inside the consent cookie.
   */
  version: '2026-01',
  /**
   * Every version the site has ever shown, the current one included (a test checks it). The
   * server records a choice only under one of these: a tab opened before a deploy still
   * sends the version it showed, and nothing else is a text anyone saw. Never remove one.
   */
  publishedVersions: ['2026-01'],
  /**
   * How long a choice holds before the banner asks again: 6 months, the renewal period the
   * French CNIL recommends (neither the LGPD nor the ANPD's guide sets one).
   */
  maxAgeDays: 180,
  /** Name of the first-party (essential) cookie that keeps the choice. */
  cookieName: 'pilota_cookies',
} as const;

/** Optional categories in the order they are shown; essential cookies are not a choice. */
export const COOKIE_CATEGORIES = ['analytics', 'functionality', 'marketing'] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];
