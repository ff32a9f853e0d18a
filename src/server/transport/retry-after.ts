/*
 * How long a receiver that answered 429 asked us to wait, for the connectors and the webhooks
 * alike: Retry-After (RFC 9110 §10.2.3: seconds or an HTTP date) when given; otherwise
 * Pipedrive's `x-ratelimit-reset` (seconds until its window resets, its rate-limiting guide);
 * otherwise a minute. The delivery engine bounds it (src/server/delivery/rate-limit-waits.ts).
 */

/** When a 429 names no wait. */
const DEFAULT_RETRY_AFTER_MS = 60_000;
/** A reset header larger than a day is an epoch, not a count of seconds: not ours to guess. */
const MAX_RESET_SECONDS = 86_400;

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date). */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return DEFAULT_RETRY_AFTER_MS;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, at - now);
}

/** The wait a 429's headers ask for. */
export function rateLimitWaitMs(headers: Headers, now = Date.now()): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) return retryAfterMs(retryAfter, now);
  const reset = Number(headers.get('x-ratelimit-reset') ?? '');
  if (headers.has('x-ratelimit-reset') && Number.isFinite(reset) && reset >= 0 && reset <= MAX_RESET_SECONDS) {
    return Math.ceil(reset * 1000);
  }
  return DEFAULT_RETRY_AFTER_MS;
}
