/*
 * Sliding-window rate limit kept in the database (table rate_limits), so all app
 * instances share the counters and a restart does not reset them. Each counter keeps
 * the times of the hits it let through within the last window, so no stretch of that
 * length ever lets more than the limit through — a fixed window lets twice the limit
 * through around its boundary. One statement per check: insert, or drop the hits that
 * left the window and add this one when there is room.
 *
 * The public forms (leads, implementation requests and their documents, data-subject
 * requests, cookie choices) share LEAD_RATE_LIMIT per hashed client address, each form
 * with its own counter, through the one RateLimiter the composition root builds
 * (src/server/compose.ts). The address is the connection's (src/server/http/client-address.ts),
 * never a value the client sends. The failure rule is the same for all of them: while the
 * database is not ready, or when the count fails, the same rule is counted in this process's
 * memory instead (`memoryCounters`) — an outage is exactly when a lead goes to the spool and is
 * sent directly, so it must not be when the limit goes away. Each process then counts on its
 * own, so a client gets at most the limit per process and window.
 *
 * The account e-mails (links to choose a password, "someone tried to sign up") use the same
 * counter per keyed hash of the recipient address (ACCOUNT_MAIL_LIMITS, src/server/auth/account-mail.ts),
 * and Better Auth's per-address limits per keyed hash of the address
 * (src/server/auth/auth-rate-limit-storage.ts, which falls back to memory the same way).
 */
import { createHmac, createSecretKey } from 'node:crypto';
import { lte, sql } from 'drizzle-orm';
import { addressKey } from './client-address';
import type { Config, RateLimit } from './config';
import type { Db, DbOrTx } from './db/client';
import type { PersonalDataPart } from './db/personal-data';
import { rateLimits } from './db/schema/rate-limits';
import type { Clock } from './clock';

/** The public forms with a counter of their own (the prefix of the counter's key). */
export type RateLimitedForm =
  'lead' | 'lgpd' | 'implementacao' | 'implementacao-documento' | 'implementacao-documento-parte' | 'cookies';

export interface RateLimiter {
  /**
   * Counts one post of `form` from `ip` (an unknown address shares the 'unknown' counter);
   * false when it goes over LEAD_RATE_LIMIT × `scale`. Never throws.
   */
  allow(form: RateLimitedForm, ip: string | undefined, scale?: number): Promise<boolean>;
  /** The short keyed hash of an address's client (its /64 for IPv6) the counters use (also stored with a lead). */
  hashIp(ip: string): string;
}

export interface RateLimiterDeps {
  db: Db;
  config: Pick<Config, 'leadRateLimit' | 'authSecret'>;
  now: Clock;
  ready: () => boolean;
}

export function createRateLimiter({ db, config, now, ready }: RateLimiterDeps): RateLimiter {
  // One key object for the process: building one per request showed up in profiles.
  const key = createSecretKey(Buffer.from(config.authSecret ?? ''));
  const hash = (ip: string) => hashIpWith(key, ip);
  const fallback = memoryCounters();
  return {
    hashIp: hash,
    allow: async (form, ip, scale = 1) => {
      const limit = config.leadRateLimit;
      if (!limit) return true;
      const counter = `${form}:${ip ? hash(ip) : 'unknown'}`;
      const rule = { ...limit, count: Math.ceil(limit.count * scale) };
      const at = now();
      if (!ready()) return fallback.hit(counter, rule, at);
      return hitOrCountInMemory(db, fallback, counter, rule, at);
    },
  };
}

/**
 * Counters the in-memory fallback keeps at most. Far more clients than post in one window
 * of an outage; a flood from more addresses than that drops the counters hit longest ago
 * (each holds at most a limit's worth of times, so the table stays a few megabytes).
 */
export const MEMORY_COUNTERS_MAX = 20_000;

/** The sliding window of `hitRateLimit`, held in this process (see createRateLimiter). */
export interface MemoryCounters {
  /** Counts one hit for `key`; false when `limit.count` hits were let through within the last `limit.windowMs`. */
  hit(key: string, limit: RateLimit, now: Date): boolean;
}

/**
 * The fallback of a limit kept in the database, for while it cannot be reached: the same
 * rule, counted the same way (a refused hit is not kept), in this process only.
 */
export function memoryCounters(maxKeys = MEMORY_COUNTERS_MAX): MemoryCounters {
  // Insertion order is the order of the latest hit: a key is moved to the end on each one.
  const counters = new Map<string, number[]>();
  return {
    hit(key, limit, now) {
      const at = now.getTime();
      const recent = (counters.get(key) ?? []).filter((hit) => hit > at - limit.windowMs);
      const allowed = recent.length < limit.count;
      if (allowed) recent.push(at);
      counters.delete(key);
      counters.set(key, recent);
      if (counters.size > maxKeys) counters.delete(counters.keys().next().value!);
      return allowed;
    },
  };
}

/**
 * A short keyed hash of the client an IP stands for (client-address.ts: an IPv6 /64 is one
 * client): stable for rate limiting, useless for identifying anyone.
 */
function hashIpWith(key: ReturnType<typeof createSecretKey>, ip: string): string {
  return createHmac('sha256', key).update(addressKey(ip)).digest('hex').slice(0, 32);
}

/** How long a counter outlives its latest hit before housekeeping deletes it: longer than any window. */
export const RATE_LIMIT_ROW_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one hit for `key`; false when `limit.count` hits were already let through within
 * the last `limit.windowMs`. A refused hit is not kept, so a client that keeps trying gets
 * through again as soon as its oldest let-through hit leaves the window.
 */
export async function hitRateLimit(db: DbOrTx, key: string, limit: RateLimit, now: Date): Promise<boolean> {
  // ISO strings with explicit casts: both drivers bind them the same way.
  const cutoff = sql`${new Date(now.getTime() - limit.windowMs).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const recent = sql`array(select hit from unnest(${rateLimits.hits}) as hit where hit > ${cutoff} order by hit)`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1, hits: sql`array[${at}]` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when cardinality(${recent}) < ${limit.count} then ${recent} || ${at} else ${recent} end`,
        count: sql`cardinality(${recent}) + 1`,
        windowStart: at,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 1) <= limit.count;
}

/**
 * Every per-client or per-recipient limit's one failure rule: counts the hit in the database,
 * or, when that count fails, in `fallback` (this process's memory) with the same rule. A hit is
 * never let through uncounted, so an outage never lifts a limit.
 */
export function hitOrCountInMemory(
  db: DbOrTx,
  fallback: MemoryCounters,
  key: string,
  limit: RateLimit,
  now: Date,
): Promise<boolean> {
  return hitRateLimit(db, key, limit, now).catch(() => fallback.hit(key, limit, now));
}

/** Deletes the counters nobody hit for RATE_LIMIT_ROW_TTL_MS; returns how many. */
export async function pruneRateLimits(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lte(rateLimits.windowStart, new Date(now.getTime() - RATE_LIMIT_ROW_TTL_MS)))
    .returning({ key: rateLimits.key });
  return gone.length;
}

/** A counter kept in this process only (see createLocalRateLimiter). */
export interface LocalRateLimiter {
  /** Counts one hit for `key`; false once `count` hits were let through in the current window. */
  allow(key: string): boolean;
}

/**
 * A fixed-window limit held in memory, for traffic too frequent and too harmless for a
 * database statement per hit (visit beacons, src/server/analytics/ingest.ts): each key may
 * pass `count` times per `windowMs`; the whole table is dropped when a window ends, so it
 * never holds more than one window's keys.
 */
export function createLocalRateLimiter(count: number, windowMs: number, now: Clock): LocalRateLimiter {
  let windowStart = now().getTime();
  let hits = new Map<string, number>();
  return {
    allow(key) {
      const at = now().getTime();
      if (at - windowStart >= windowMs) {
        windowStart = at;
        hits = new Map();
      }
      const seen = (hits.get(key) ?? 0) + 1;
      hits.set(key, seen);
      return seen <= count;
    },
  };
}

/** The counters' personal data (src/server/db/personal-data.ts): keys are hashes, never an address. */
export const rateLimitsPersonalData: PersonalDataPart = {
  tables: {
    rate_limits: { holds: 'pseudonymous', kept: 'a day after the last hit (housekeeping)' },
  },
};
