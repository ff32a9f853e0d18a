/*
 * Where Better Auth counts requests per client address (sign-in, sign-up, account e-mails,
 * every other auth call): our rate_limits table, under a keyed hash of the address. Its own
 * database storage keys each row by the address in clear ("203.0.113.5|/sign-in/email") and
 * never deletes one, so any client could make the server keep its IP — personal data — for
 * good, one row per address and path. Ours are pruned by housekeeping like the forms' counters.
 *
 * Nothing of a counter's key is the client's choice: the address is the connection's
 * (src/server/auth/http.ts overwrites the header Better Auth reads), and the path is one of
 * the endpoints the site opens, with an e-mailed link's token (a path segment the client
 * picks) counted as one path. While the database cannot count, the same rule is counted in
 * this process's memory, as the forms' limits are (src/server/rate-limit.ts).
 */
import { createHmac, createSecretKey } from 'node:crypto';
import type { Db } from '../db/client';
import { hitOrCountInMemory, memoryCounters } from '../rate-limit';
import type { Clock } from '../clock';

/** Better Auth's `rateLimit.customStorage` contract (BetterAuthRateLimitStorage). */
export interface AuthRateLimitStorage {
  consume(key: string, rule: { window: number; max: number }): Promise<{ allowed: boolean; retryAfter: number | null }>;
}

/**
 * Paths that end in a token the client picks (the e-mailed link, `/reset-password/<token>`),
 * each counted as `<path>*`: a counter per token would let every guess start a fresh one.
 */
export const TOKEN_PATH_PREFIXES = ['/reset-password/'] as const;

/** The path a counter is kept under: a token path as its prefix and `*`, any other as it is. */
export function counterPath(path: string): string {
  const prefix = TOKEN_PATH_PREFIXES.find((candidate) => path.startsWith(candidate));
  return prefix ? `${prefix}*` : path;
}

/**
 * The counter key for Better Auth's `{address}|{path}`: the path as counterPath keeps it, the
 * address as a short keyed hash (an IPv6 /64 is already one address there: `ipv6Subnet`).
 */
export function authCounterKey(key: string, secret: string): string {
  const bar = key.indexOf('|');
  const address = bar === -1 ? key : key.slice(0, bar);
  const path = bar === -1 ? '' : key.slice(bar + 1);
  const hash = createHmac('sha256', createSecretKey(Buffer.from(secret)))
    .update(address)
    .digest('hex')
    .slice(0, 32);
  return `auth:${counterPath(path)}:${hash}`;
}

/**
 * Counts one request in the sliding window of rate-limit.ts. A refused client is told to wait
 * the whole window: the earliest its oldest counted request can leave it.
 */
export function authRateLimitStorage(db: Db, secret: string, now: Clock): AuthRateLimitStorage {
  const fallback = memoryCounters();
  return {
    consume: async (key, rule) => {
      const counter = authCounterKey(key, secret);
      const limit = { count: rule.max, windowMs: rule.window * 1000 };
      const at = now();
      const allowed = await hitOrCountInMemory(db, fallback, counter, limit, at);
      return { allowed, retryAfter: allowed ? null : rule.window };
    },
  };
}
