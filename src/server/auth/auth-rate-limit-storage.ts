/*
 * Where Better Auth counts requests per client address (sign-in, sign-up, account e-mails,
 * every other auth call): our rate_limits table, under a keyed hash of the address. Its own
 * database storage keys each row by the address in clear ("203.0.113.5|/sign-in/email") and
 * never deletes one, so any client could make the server keep its IP — personal data — for
 * good, one row per address and path. Ours are pruned by housekeeping like the forms' counters.
 */
import { createHmac, createSecretKey } from 'node:crypto';
import type { Db } from '../db/client';
import { hitRateLimit } from '../rate-limit';

/** Better Auth's `rateLimit.customStorage` contract (BetterAuthRateLimitStorage). */
export interface AuthRateLimitStorage {
  consume(
    key: string,
    rule: { window: number; max: number },
  ): Promise<{ allowed: boolean; retryAfter: number | null }>;
}

/**
 * The counter key for Better Auth's `{address}|{path}`: the path as it is, the address as a
 * short keyed hash (an IPv6 /64 is already one address there: `ipv6Subnet`).
 */
export function authCounterKey(key: string, secret: string): string {
  const bar = key.indexOf('|');
  const address = bar === -1 ? key : key.slice(0, bar);
  const path = bar === -1 ? '' : key.slice(bar + 1);
  const hash = createHmac('sha256', createSecretKey(Buffer.from(secret))).update(address).digest('hex').slice(0, 32);
  return `auth:${path}:${hash}`;
}

/**
 * Counts one request in the sliding window of rate-limit.ts. A refused client is told to wait
 * the whole window: the earliest its oldest counted request can leave it.
 */
export function authRateLimitStorage(db: Db, secret: string, now: () => Date): AuthRateLimitStorage {
  return {
    consume: async (key, rule) => {
      const allowed = await hitRateLimit(
        db,
        authCounterKey(key, secret),
        { count: rule.max, windowMs: rule.window * 1000 },
        now(),
      );
      return { allowed, retryAfter: allowed ? null : rule.window };
    },
  };
}
