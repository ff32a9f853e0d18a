/*
 * Names Better Auth's requests carry, in a leaf of their own: the guard reads the session
 * cookie, and the invitation page signs in with the client's address, without loading
 * Better Auth itself.
 */

/** The prefix of Better Auth's cookies (`pilota.session_token`). */
export const COOKIE_PREFIX = 'pilota';

/** The header the auth route fills from Astro's clientAddress (never from the client). */
export const CLIENT_IP_HEADER = 'x-pilota-client-ip';
