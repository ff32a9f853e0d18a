/*
 * Fixed-window rate limit kept in the database (table rate_limits), so all app
 * instances share the counters and a restart does not reset them. One statement
 * per check: insert, or bump the counter / open a new window when the old one ended.
 *
 * The public forms (leads, implementation requests and their documents, data-subject
 * requests, cookie choices) share LEAD_RATE_LIMIT per hashed client address, each form
 * with its own counter, through the one RateLimiter the composition root builds
 * (src/server/compose.ts). Its failure rule is the same for all of them: while the
 * database is not ready, or when the count fails, the request is let through — a lost
 * contact costs more than a few extra posts, and the forms' own save then answers or
 * spools as it would anyway.
 */
import { createHmac, createSecretKey } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config, RateLimit } from './config';
import type { Db, DbOrTx } from './db/client';
import { rateLimits } from './db/schema';

/** The public forms with a counter of their own (the prefix of the counter's key). */
export type RateLimitedForm = 'lead' | 'lgpd' | 'implementacao' | 'implementacao-documento' | 'cookies';

export interface RateLimiter {
  /**
   * Counts one post of `form` from `ip` (an unknown address shares the 'unknown' counter);
   * false when it goes over LEAD_RATE_LIMIT × `scale`. Never throws.
   */
  allow(form: RateLimitedForm, ip: string | undefined, scale?: number): Promise<boolean>;
  /** The short keyed hash of an address the counters use (also stored with a lead). */
  hashIp(ip: string): string;
}

export interface RateLimiterDeps {
  db: Db;
  config: Pick<Config, 'leadRateLimit' | 'authSecret'>;
  now: () => Date;
  ready: () => boolean;
}

export function createRateLimiter({ db, config, now, ready }: RateLimiterDeps): RateLimiter {
  // One key object for the process: building one per request showed up in profiles.
  const key = createSecretKey(Buffer.from(config.authSecret ?? ''));
  const hash = (ip: string) => hashIpWith(key, ip);
  return {
    hashIp: hash,
    allow: async (form, ip, scale = 1) => {
      const limit = config.leadRateLimit;
      if (!limit || !ready()) return true;
      const counter = `${form}:${ip ? hash(ip) : 'unknown'}`;
      return hitRateLimit(db, counter, { ...limit, count: limit.count * scale }, now()).catch(() => true);
    },
  };
}

/** A short keyed hash of the client IP: stable for rate limiting, useless for identifying anyone. */
function hashIpWith(key: ReturnType<typeof createSecretKey>, ip: string): string {
  return createHmac('sha256', key).update(ip).digest('hex').slice(0, 32);
}

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
