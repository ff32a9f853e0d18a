/*
 * Entry of the banner's behaviour, bundled on its own (CookieConsent.astro's loader adds it
 * after the first paint as a classic script), so it carries what it imports with it.
 */
import { initCookieConsent } from './cookie-consent-ui';

initCookieConsent();
