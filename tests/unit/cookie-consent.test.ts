/*
 * The cookie choice as stored in the first-party cookie (src/lib/cookie-consent.ts): what
 * round-trips, what counts as no choice (other version, expired, forged, malformed), the
 * cookie's attributes, and the head gate script agreeing with the decoder on every case.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { COOKIE_CATEGORIES, cookieConsentMessages, cookieConsentPolicy } from '../../src/copy/cookie-consent';
import {
  allChoices,
  ASK_ATTRIBUTE,
  CONSENT_MAX_AGE_MS,
  consentCookie,
  consentGateScript,
  cookieValue,
  decodeConsent,
  encodeConsent,
  newVisitorId,
  readConsent,
  type CookieConsent,
} from '../../src/lib/cookie-consent';
import { cookieConsentRecordSchema } from '../../src/lib/validation/cookie-consent';

const NOW = Date.UTC(2026, 2, 10, 12);
const DAY = 86_400_000;
const ID = '0123456789abcdef0123456789abcdef';
const { version, cookieName } = cookieConsentPolicy;

const consent = (overrides: Partial<CookieConsent> = {}): CookieConsent => ({
  version,
  id: ID,
  at: NOW,
  choices: { analytics: true, functionality: false, marketing: true },
  ...overrides,
});

describe('encodeConsent / decodeConsent', () => {
  it('round-trips a choice', () => {
    const value = encodeConsent(consent());
    expect(value).toBe(`${version}.${ID}.${NOW.toString(36)}.101`);
    expect(decodeConsent(value, { now: NOW })).toEqual(consent());
  });

  it('keeps one flag per optional category, essential cookies not being one', () => {
    expect(COOKIE_CATEGORIES).toEqual(['analytics', 'functionality', 'marketing']);
    expect(allChoices(true)).toEqual({ analytics: true, functionality: true, marketing: true });
    expect(allChoices(false)).toEqual({ analytics: false, functionality: false, marketing: false });
  });

  it('holds for the period the cookie policy states (6 months) and not a moment longer', () => {
    const policy = readFileSync(new URL('../../content/legal/cookies.md', import.meta.url), 'utf8');
    expect(policy).toContain(`A escolha vale por ${cookieConsentPolicy.maxAgeDays / 30} (seis) meses`);
    expect(cookieConsentPolicy.maxAgeDays).toBe(180);
    expect(CONSENT_MAX_AGE_MS).toBe(180 * DAY);
    const value = encodeConsent(consent());
    expect(decodeConsent(value, { now: NOW + 180 * DAY - 1 })).not.toBeNull();
    expect(decodeConsent(value, { now: NOW + 180 * DAY })).toBeNull();
  });

  it('asks again when the consent text has a new version', () => {
    const value = encodeConsent(consent({ version: '2025-01' }));
    expect(decodeConsent(value, { now: NOW })).toBeNull();
    expect(decodeConsent(value, { now: NOW, version: '2025-01' })).not.toBeNull();
  });

  it.each([
    ['empty', ''],
    ['missing', undefined],
    ['too few parts', `${version}.${ID}.${NOW.toString(36)}`],
    ['too many parts', `${version}.${ID}.${NOW.toString(36)}.101.1`],
    ['short id', `${version}.abc.${NOW.toString(36)}.101`],
    ['upper-case id', `${version}.${ID.toUpperCase()}.${NOW.toString(36)}.101`],
    ['bad time', `${version}.${ID}.!!.101`],
    ['bad bits', `${version}.${ID}.${NOW.toString(36)}.102`],
    ['short bits', `${version}.${ID}.${NOW.toString(36)}.10`],
    ['from the future', `${version}.${ID}.${(NOW + 10 * 60_000).toString(36)}.101`],
  ])('treats a %s value as no choice', (_name, value) => {
    expect(decodeConsent(value, { now: NOW })).toBeNull();
  });
});

describe('the cookie', () => {
  it('is first-party for the whole site, Lax, for what is left of the period, Secure over https', () => {
    expect(consentCookie(consent(), { secure: false, now: NOW })).toBe(
      `${cookieName}=${encodeConsent(consent())}; Path=/; Max-Age=${180 * 86_400}; SameSite=Lax`,
    );
    expect(consentCookie(consent(), { secure: true, now: NOW + DAY })).toBe(
      `${cookieName}=${encodeConsent(consent())}; Path=/; Max-Age=${179 * 86_400}; SameSite=Lax; Secure`,
    );
  });

  it('is found among others in document.cookie', () => {
    const cookies = `a=1; ${cookieName}=${encodeConsent(consent())}; other_${cookieName}=x`;
    expect(cookieValue(cookies, cookieName)).toBe(encodeConsent(consent()));
    expect(readConsent(cookies, { now: NOW })).toEqual(consent());
    expect(readConsent('a=1', { now: NOW })).toBeNull();
  });

  it('carries a fresh 32-hex-digit anonymous id', () => {
    const id = newVisitorId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(newVisitorId()).not.toBe(id);
    expect(newVisitorId((bytes) => bytes.fill(255))).toBe('f'.repeat(32));
  });
});

describe('the head gate script', () => {
  /** Runs the gate against a fake document; true when it asks for the banner. */
  const asks = (cookie: string, now = NOW) => {
    const attributes: Record<string, string> = {};
    const document = {
      cookie,
      documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
    };
    runInNewContext(consentGateScript(), { document, Date: { now: () => now } });
    return attributes[ASK_ATTRIBUTE] === 'ask';
  };

  const cases: [string, string, number][] = [
    ['no cookie', '', NOW],
    ['a valid choice', `${cookieName}=${encodeConsent(consent())}`, NOW],
    ['among others', `x=1; ${cookieName}=${encodeConsent(consent())}; y=2`, NOW],
    ['expired', `${cookieName}=${encodeConsent(consent())}`, NOW + 181 * DAY],
    ['old version', `${cookieName}=${encodeConsent(consent({ version: '1999-01' }))}`, NOW],
    ['malformed', `${cookieName}=garbage`, NOW],
    ['another cookie with the name inside', `other_${cookieName}=${encodeConsent(consent())}`, NOW],
    ['from the future', `${cookieName}=${encodeConsent(consent({ at: NOW + DAY }))}`, NOW],
  ];

  it.each(cases)('agrees with decodeConsent: %s', (_name, cookie, now) => {
    expect(asks(cookie, now)).toBe(readConsent(cookie, { now }) === null);
  });

  it('is small: it blocks rendering on every page', () => {
    expect(consentGateScript().length).toBeLessThan(400);
  });
});

describe('cookieConsentRecordSchema (what the server records)', () => {
  const valid = { id: ID, version, analytics: true, functionality: false, marketing: false };

  it('accepts a choice', () => {
    expect(cookieConsentRecordSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['a missing category', { id: ID, version, analytics: true, functionality: false }],
    ['a non-boolean flag', { ...valid, marketing: 'sim' }],
    ['a short id', { ...valid, id: 'abc' }],
    ['a version with a dot', { ...valid, version: '1.0' }],
    ['an unknown field', { ...valid, email: 'rita@exemplo.com' }],
    ['an essential flag', { ...valid, essential: false }],
  ])('refuses %s', (_name, body) => {
    expect(cookieConsentRecordSchema.safeParse(body).success).toBe(false);
  });

  it.each(['2099-01', '2025-12', 'x', 'v2026-01'])(
    'refuses the unpublished version %j with its pt-BR message',
    (other) => {
      const result = cookieConsentRecordSchema.safeParse({ ...valid, version: other });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([cookieConsentMessages.unknownVersion]);
    },
  );

  it('accepts every published version, the current one among them', () => {
    expect(cookieConsentPolicy.publishedVersions).toContain(version);
    for (const published of cookieConsentPolicy.publishedVersions)
      expect(cookieConsentRecordSchema.safeParse({ ...valid, version: published }).success).toBe(true);
  });
});
