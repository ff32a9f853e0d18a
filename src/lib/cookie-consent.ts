/**
 * The visitor's cookie choice as it lives in the first-party cookie (pure: the banner's
 * script, the head gate, the server and the tests share it).
 *
 * Cookie value: `<version>.<id>.<time>.<bits>` — the consent text's version, a random
 * anonymous id (32 hex digits, also sent with the server-side record), the time of the
 * choice in base-36 milliseconds, and one '0'/'1' per optional category in
 * COOKIE_CATEGORIES order. A value of another version, older than the policy's
 * `maxAgeDays` or malformed counts as no choice at all: the banner asks again.
 */
// Relative, not '~/…': astro.config.mjs loads this module (through the head-gate
// integration) before any alias exists.
import { COOKIE_CATEGORIES, cookieConsentPolicy, type CookieCategory } from './cookie-policy';

export type CookieChoices = Record<CookieCategory, boolean>;

export interface CookieConsent {
  version: string;
  /** Anonymous, random; links the server-side records of one browser's choices. */
  id: string;
  /** When the choice was made (ms since the epoch). */
  at: number;
  choices: CookieChoices;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a choice holds. */
export const CONSENT_MAX_AGE_MS = cookieConsentPolicy.maxAgeDays * DAY_MS;

export const VISITOR_ID_PATTERN = /^[0-9a-f]{32}$/;
export const CONSENT_VERSION_PATTERN = /^[\w-]{1,32}$/;

/** Every optional category set to `value`: "Aceitar todos" (true) and "Rejeitar" (false). */
export function allChoices(value: boolean): CookieChoices {
  return Object.fromEntries(COOKIE_CATEGORIES.map((category) => [category, value])) as CookieChoices;
}

/**
 * A new anonymous id: 16 random bytes in hex. `getRandomValues` works on plain http too,
 * where `crypto.randomUUID` does not.
 * @example newVisitorId() // "3f9c…" (32 hex digits)
 */
export function newVisitorId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The cookie value of a choice.
 * @example encodeConsent({ version: '2026-01', id: 'ab…', at: 0, choices: { analytics: true, functionality: false, marketing: true } })
 *   // "2026-01.ab….0.101"
 */
export function encodeConsent(consent: CookieConsent): string {
  const bits = COOKIE_CATEGORIES.map((category) => (consent.choices[category] ? '1' : '0')).join('');
  return `${consent.version}.${consent.id}.${consent.at.toString(36)}.${bits}`;
}

export interface DecodeOptions {
  version?: string;
  now?: number;
  maxAgeMs?: number;
}

/**
 * A cookie value back into a choice, or null when it is not a valid, current one (another
 * version, expired, made in the future, or malformed).
 */
export function decodeConsent(
  value: string | undefined | null,
  { version = cookieConsentPolicy.version, now = Date.now(), maxAgeMs = CONSENT_MAX_AGE_MS }: DecodeOptions = {},
): CookieConsent | null {
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const [valueVersion, id, time, bits] = parts as [string, string, string, string];
  if (valueVersion !== version || !VISITOR_ID_PATTERN.test(id)) return null;
  if (!/^[0-9a-z]{1,11}$/.test(time) || !new RegExp(`^[01]{${COOKIE_CATEGORIES.length}}$`).test(bits)) return null;
  const at = parseInt(time, 36);
  // A minute of clock skew is tolerated; a choice "from the future" beyond that is forged or broken.
  if (!(at + maxAgeMs > now) || at > now + 60_000) return null;
  const choices = Object.fromEntries(COOKIE_CATEGORIES.map((category, index) => [category, bits[index] === '1']));
  return { version: valueVersion, id, at, choices: choices as CookieChoices };
}

/** The value of cookie `name` in a `document.cookie` / Cookie header string. */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(/;\s*/)) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator) === name) return pair.slice(separator + 1);
  }
  return undefined;
}

/** The current, valid choice in a cookie string, if any. */
export function readConsent(cookies: string, options: DecodeOptions = {}): CookieConsent | null {
  return decodeConsent(cookieValue(cookies, cookieConsentPolicy.cookieName), options);
}

/**
 * The `document.cookie` assignment that stores a choice: first-party, whole site, for what
 * is left of its validity, Lax, Secure over https. Not HttpOnly: the page's script reads it.
 */
export function consentCookie(consent: CookieConsent, { secure, now = Date.now() }: { secure: boolean; now?: number }) {
  const maxAgeSeconds = Math.max(0, Math.floor((consent.at + CONSENT_MAX_AGE_MS - now) / 1000));
  return (
    `${cookieConsentPolicy.cookieName}=${encodeConsent(consent)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax` +
    (secure ? '; Secure' : '')
  );
}

/** Attribute the head gate sets on <html> when the banner must be shown. */
export const ASK_ATTRIBUTE = 'data-cookie-consent';

/**
 * The tiny blocking script for <head> (src/integrations/cookie-consent.mjs injects it on every
 * page): it marks <html data-cookie-consent="ask"> before the first paint when there is no
 * valid choice, so the banner's CSS shows it at once — no flash for those who already chose,
 * no late banner (and no layout work) for those who did not. Without JavaScript nothing
 * non-essential can run, so nothing is asked. Same rules as `decodeConsent` (unit-tested
 * against it).
 */
export function consentGateScript(): string {
  const { cookieName, version } = cookieConsentPolicy;
  const bits = COOKIE_CATEGORIES.length;
  return (
    `(function(){var m=document.cookie.match(/(?:^|;\\s*)${cookieName}=([^;]*)/),p=m?m[1].split('.'):[],t=parseInt(p[2],36),n=Date.now();` +
    `if(!(p.length===4&&p[0]===${JSON.stringify(version)}&&/^[0-9a-f]{32}$/.test(p[1])&&/^[0-9a-z]{1,11}$/.test(p[2])&&/^[01]{${bits}}$/.test(p[3])&&t+${CONSENT_MAX_AGE_MS}>n&&t<=n+60000))` +
    `document.documentElement.setAttribute(${JSON.stringify(ASK_ATTRIBUTE)},'ask')})()`
  );
}

/**
 * DOM events on `document` that tie the pieces together without importing each other:
 * the banner announces a saved choice (detail: CookieConsent), the lead form a lead the
 * server accepted (detail: LeadConversion) — the tag loader, when tags are configured,
 * listens to both.
 */
export const CONSENT_EVENT = 'pilota:cookie-consent';
export const LEAD_EVENT = 'pilota:lead';

/** What a conversion event may carry: never the person's name, e-mail or phone. */
export interface LeadConversion {
  /** The lead type (proprietario, corretor…), a self-declared audience category. */
  tipo: string;
  /** Which button opened the form, e.g. "hero". */
  source: string;
}
