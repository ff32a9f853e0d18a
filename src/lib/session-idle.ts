/**
 * Inactivity rules of SPEC §9 'Session and security', shared by the admin page's
 * session watch (browser) and its tests. The server enforces the same 24 h on its own
 * (the session's expiry slides 24 h on each request); the browser only notices sooner.
 */

/** A session ends after this long without activity. */
export const IDLE_LOGOUT_MS = 24 * 60 * 60 * 1000;
/** How often an open admin page checks its session. */
export const SESSION_CHECK_MS = 5 * 60 * 1000;
/** localStorage key of the last activity time (SPEC §3 'Local browser records'). */
export const LAST_ACTIVITY_KEY = 'lastActivity';

/**
 * Whether a session idle since `lastActivity` has timed out at `now` (both epoch ms).
 * An unknown last activity never expires a session by itself: the server decides then.
 * @example isIdleExpired(0, 24 * 60 * 60 * 1000) // true
 * @example isIdleExpired(undefined, Date.now()) // false
 */
export function isIdleExpired(lastActivity: number | undefined, now: number): boolean {
  return lastActivity !== undefined && Number.isFinite(lastActivity) && now - lastActivity >= IDLE_LOGOUT_MS;
}
