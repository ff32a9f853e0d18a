/*
 * Ingest of visit events: the beacon endpoint (src/pages/api/visita.ts) hands each request here
 * and answers 204 without waiting for the database. Events are buffered in memory and
 * written in one multi-row insert per batch (every FLUSH_MS or FLUSH_ROWS), so a burst of
 * page views costs a few statements, not one each, and the lead action never queues
 * behind them. Where no process outlives the request (Netlify's function) the caller asks
 * for the batch to be written before answering.
 *
 * Counting rules: a known bot's user agent (the `isbot` list), a request with no user
 * agent, a prefetch or prerender (`Sec-Purpose`/`Purpose`), and a browser sending Global
 * Privacy Control or Do Not Track (the privacy policy's way to object) are not counted. The
 * visitor key is a keyed hash of the day's random salt, the site, the client (an IPv6 /64
 * is one client, client-address.ts) and the user agent: no cookie, nothing stored in the
 * browser, the address never written, and a key cannot be linked to another day's once
 * that day's salt is deleted (here, when a new day's salt is made, and by retention).
 *
 * Each visitor key may send EVENTS_PER_MINUTE events a minute, and each client address
 * ADDRESS_EVENTS_PER_MINUTE whatever its user agents (the key includes the user agent, so
 * rotating it would otherwise make each request a new visitor); more are dropped. The
 * address's counter is keyed by a hash of it, like the visitor's, so not even memory holds
 * the address. These counters live in this process (src/server/rate-limit.ts `createLocalRateLimiter`): a
 * database round trip per beacon would cost more than the insert it guards, and an abuser
 * spread over instances can only inflate anonymous counts, never reach a lead.
 *
 * Beyond those, this process takes at most EVENTS_PER_MINUTE_BUDGET events a minute from
 * everyone together, and counts (and logs once a minute) what it drops over it: many
 * addresses together cannot make the database or the roll-ups work without bound either.
 * The budget is a token bucket: BUDGET_BURST at once, the rest at its pace (one event every
 * 12 ms), not all at the start of a minute, so a flood's events reach the pipeline evenly. While
 * the bucket is empty the process's shed (src/server/http/beacon-shed.ts) is told until when,
 * and the posts meanwhile are answered before the request pipeline: an over-budget post costs
 * the event loop a header check, not Astro's pipeline, the body's parsing and two hashes.
 * Every dimension is bounded before it is kept (./site-values.ts, ./value-registry.ts).
 * The site in the visitor key is the configured SITE_URL's host, never the request's Host
 * header, which the client chooses.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import { sql } from 'drizzle-orm';
import { saoPauloDay } from '~/lib/time-zone';
import { addressKey } from '../client-address';
import type { BeaconShed } from '../http/beacon-shed';
import type { Db } from '../db/client';
import { bulkInsert } from '../db/bulk';
import { analyticsEvents, analyticsSalts } from '../db/schema/analytics';
import { describeError } from '../describe-error';
import { createLocalRateLimiter } from '../rate-limit';
import type { EventInput } from './beacon-input';
import { siteEvent } from './site-values';
import { admitted, createValueRegistry } from './value-registry';
import type { Logger } from '../log/logger';
import type { Clock } from '../clock';

/** How many events one visitor key may send in a minute; a page and its dialog send a handful. */
export const EVENTS_PER_MINUTE = 60;
/**
 * How many events one client address (an IPv6 /64) may send in a minute, all user agents
 * together: an office behind one NAT with a hundred people browsing stays well under it.
 */
export const ADDRESS_EVENTS_PER_MINUTE = 600;
/**
 * Events this process takes in a minute from all clients together: 100 a second, far over
 * what the site's audience sends (a page view and its dialog are a handful), and a load the
 * embedded database writes and rolls up in a fraction of a second per minute.
 */
export const EVENTS_PER_MINUTE_BUDGET = 6000;
/**
 * Of the budget, what may come at once (a burst of visitors, a test); the rest comes at its
 * pace, (EVENTS_PER_MINUTE_BUDGET − BUDGET_BURST) a minute, so no minute has more than the budget.
 */
export const BUDGET_BURST = 1000;
/** Milliseconds of the budget's pace: one event each (after the burst). */
const MS_PER_EVENT = 60_000 / (EVENTS_PER_MINUTE_BUDGET - BUDGET_BURST);
const FLUSH_MS = 1000;
const FLUSH_ROWS = 500;
/** Events held while the database is away; beyond this they are dropped (counts are best effort). */
const MAX_BUFFERED = 20_000;

/** What became of one beacon request. */
export type IngestOutcome = 'recorded' | 'ignored' | 'limited' | 'dropped';

export interface BeaconRequest {
  headers: Headers;
  /** The client's trusted address (src/server/http `clientAddressOf`; only hashed, never kept). */
  ip: string | undefined;
}

export interface AnalyticsIngest {
  /** Counts one event unless its request is a bot's, a prefetch, over its key's limit or over the budget. */
  record(request: BeaconRequest, event: EventInput): Promise<IngestOutcome>;
  /** Writes what is buffered now; resolves once written (or dropped after a failure). */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  stop(): Promise<void>;
}

export interface AnalyticsIngestDeps {
  db: Db;
  now: Clock;
  ready: () => boolean;
  log: Logger;
  /** The site's host (the configured SITE_URL's), part of the key so two sites on one database do not share keys. */
  site: string;
  /** Write each event before `record` resolves (no process to flush later: Netlify). */
  writeThrough?: boolean;
  /** Bound each client address (ADDRESS_EVENTS_PER_MINUTE); off only where every per-address limit is (LEAD_RATE_LIMIT=off). */
  addressLimit?: boolean;
  /** The process's early answer to beacon posts over the budget (`processBeaconShed()`); none: every post reaches `record`. */
  shed?: BeaconShed;
}

/** Whether a request is not to be counted: a bot, no user agent, a prefetch/prerender, or an objection (GPC, DNT). */
export function notCounted(headers: Headers): boolean {
  const ua = headers.get('user-agent') ?? '';
  if (!ua || isbot(ua)) return true;
  if (headers.get('sec-gpc') === '1' || headers.get('dnt') === '1') return true;
  const purpose = `${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''} ${headers.get('x-moz') ?? ''}`;
  return /prefetch|prerender/i.test(purpose);
}

/** The visitor key: 16 hex digits of HMAC(salt, site · client · user agent). */
export function visitorKey(salt: string, site: string, ip: string | undefined, ua: string): string {
  return createHmac('sha256', salt)
    .update(`${site}\n${ip ? addressKey(ip) : 'unknown'}\n${ua}`)
    .digest('hex')
    .slice(0, 16);
}

/** Today's salt, made (once, across instances) on the first event of the day; older days' salts deleted. */
export async function daySalt(db: Db, day: string): Promise<string> {
  const fresh = randomBytes(32).toString('hex');
  const made = await db
    .insert(analyticsSalts)
    .values({ day, salt: fresh })
    .onConflictDoNothing()
    .returning({ salt: analyticsSalts.salt });
  if (made[0]) {
    await db.execute(sql`delete from analytics_salts where day < ${day}::date`);
    // The values admitted on past days (./value-registry.ts): yesterday's stay for its leads' recount.
    await db.execute(sql`delete from analytics_values where day < ${day}::date - 1`);
    return made[0].salt;
  }
  const [row] = await db
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(sql`day = ${day}::date`);
  return row?.salt ?? fresh;
}

export function createAnalyticsIngest(deps: AnalyticsIngestDeps): AnalyticsIngest {
  const { db, now, log } = deps;
  const limiter = createLocalRateLimiter(EVENTS_PER_MINUTE, 60_000, now);
  const addressLimiter = createLocalRateLimiter(ADDRESS_EVENTS_PER_MINUTE, 60_000, now);
  const registry = createValueRegistry(db);
  let salt: { day: string; value: Promise<string> } | null = null;
  const started = now().getTime();
  /** The bucket's tokens as of `at`; `since`: the start of the minute whose drops are counted. */
  const budget = { tokens: BUDGET_BURST, at: started, dropped: 0, since: started };
  const shed = deps.shed;
  /** Logs what the minute dropped: here, and answered early by the shed. */
  const reportDropped = () => {
    const dropped = budget.dropped + (shed?.shed ?? 0);
    if (shed) shed.shed = 0;
    budget.dropped = 0;
    if (dropped > 0) log.warn(`${dropped} beacon events dropped over the per-minute budget`);
  };
  /** Whether the bucket has a token for one more event; while it has none, beacon posts are shed. */
  const withinBudget = (at: number): boolean => {
    if (at - budget.since >= 60_000) {
      reportDropped();
      budget.since = at;
    }
    budget.tokens = Math.min(BUDGET_BURST, budget.tokens + Math.max(0, at - budget.at) / MS_PER_EVENT);
    budget.at = Math.max(budget.at, at);
    const taken = budget.tokens >= 1;
    if (taken) budget.tokens -= 1;
    else budget.dropped += 1;
    // Empty: until its next token, the process answers beacon posts before the pipeline.
    if (shed && budget.tokens < 1) shed.until = budget.at + Math.ceil((1 - budget.tokens) * MS_PER_EVENT);
    return taken;
  };
  let buffer: (typeof analyticsEvents.$inferInsert)[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  const saltFor = (day: string): Promise<string> => {
    if (salt?.day !== day) {
      const value = daySalt(db, day);
      salt = { day, value };
      // A failed read is not cached: the next event asks again.
      value.catch(() => {
        if (salt?.value === value) salt = null;
      });
    }
    return salt.value;
  };

  const write = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = buffer;
    buffer = [];
    if (rows.length === 0) return writing;
    writing = writing.then(() =>
      bulkInsert(db, analyticsEvents, rows).then(
        () => undefined,
        (error: unknown) => log.warn(`${rows.length} events not written: ${describeError(error)}`),
      ),
    );
    return writing;
  };

  return {
    async record(request, event) {
      if (notCounted(request.headers)) return 'ignored';
      if (!deps.ready()) return 'ignored';
      const at = now();
      const day = saoPauloDay(at);
      const ua = request.headers.get('user-agent') ?? '';
      const daySaltValue = await saltFor(day);
      const visitor = visitorKey(daySaltValue, deps.site, request.ip, ua);
      if (!limiter.allow(visitor)) return 'limited';
      // No address known (no proxy header where one is expected): no bucket every client would share.
      if (
        deps.addressLimit !== false &&
        request.ip &&
        !addressLimiter.allow(visitorKey(daySaltValue, deps.site, request.ip, ''))
      )
        return 'limited';
      if (!withinBudget(at.getTime())) return 'dropped';
      if (buffer.length >= MAX_BUFFERED) return 'ignored';
      const bounded = await admitted(registry, day, siteEvent(event));
      buffer.push({ at, day, visitor, ...bounded });
      if (deps.writeThrough || buffer.length >= FLUSH_ROWS) await write();
      else if (!timer) {
        timer = setTimeout(() => void write(), FLUSH_MS);
        timer.unref?.();
      }
      return 'recorded';
    },
    flush: write,
    async stop() {
      reportDropped();
      await write();
    },
  };
}
