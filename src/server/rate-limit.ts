/*
 * Fixed-window rate limit kept in the database (table rate_limits), so all app
 * instances share the counters and a restart does not reset them. One statement
 * per check: insert, or bump the counter / open a new window when the old one ended.
 * The public forms (leads, implementation requests) count per hashed client address.
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RateLimit } from './config';
import type { DbOrTx } from './db/client';
import { rateLimits } from './db/schema';

/** A short keyed hash of the client IP: stable for rate limiting, useless for identifying anyone. */
export function hashIp(ip: string, secret: string): string {
  let key = hmacKeys.get(secret);
  if (!key) hmacKeys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return createHmac('sha256', key).update(ip).digest('hex').slice(0, 32);
}
/** Key objects by secret: building one per request showed up in profiles. */
const hmacKeys = new Map<string, KeyObject>();

/** Counts one hit for `key`; false when it goes over the limit. */
export async function hitRateLimit(db: DbOrTx, key: string, limit: RateLimit, now: Date): Promise<boolean> {
  // ISO strings with explicit casts: both drivers bind them the same way.
  const cutoff = sql`${new Date(now.getTime() - limit.windowMs).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${cutoff} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${cutoff} then ${at} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 1) <= limit.count;
}
