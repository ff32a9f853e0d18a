/*
 * The server-side record of the cookie banner's choices (append-only proof of what a
 * visitor agreed to). Routes reach it as `runtime.cookieConsent`; this face holds its types.
 */
export type { CookieConsentService } from './cookie-consent.service';
