/*
 * Headers every HTML (and other) response carries. Lives outside the Astro bundle's
 * reach on purpose: scripts/serve.mjs applies it to every response, including the
 * prerendered pages that Astro's middleware never sees.
 *
 * The script/style CSP itself is emitted by Astro (`security.csp` in astro.config.mjs)
 * as a <meta> with a hash for every inline script. A <meta> CSP cannot carry
 * frame-ancestors, so that part travels in this header; browsers enforce both.
 */

export const HEADER_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
  'browsing-topics=()',
].join(', ');

/**
 * The security headers for a site served at `siteUrl`. HSTS only makes sense
 * (and is only honoured) over https.
 * @example securityHeaders('https://pilota.example')['Strict-Transport-Security'] // "max-age=31536000; includeSubDomains"
 */
export function securityHeaders(siteUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': HEADER_CSP,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (siteUrl.startsWith('https:')) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}
