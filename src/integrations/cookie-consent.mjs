import { consentGateScript } from '../lib/cookie-consent.ts';

/**
 * Puts the cookie banner's gate at the top of every page's <head>: a few hundred bytes that
 * mark <html data-cookie-consent="ask"> before the first paint when the visitor has no valid
 * choice yet (src/lib/cookie-consent.ts says why it must run that early). Injected as a
 * 'head-inline' script so Astro adds its hash to the script CSP like its own scripts.
 * @returns {import('astro').AstroIntegration}
 */
export function cookieConsentGate() {
  return {
    name: 'pilota:cookie-consent-gate',
    hooks: {
      'astro:config:setup': ({ injectScript }) => injectScript('head-inline', consentGateScript()),
    },
  };
}
