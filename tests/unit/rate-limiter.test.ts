/*
 * The public forms' one failure rule (src/server/rate-limit.ts): a post is let through
 * without counting only when the limit is off; while the database is not ready, or when the
 * count itself fails, the same rule is counted in the process's memory (a sliding window
 * too), so an outage never lifts the limit. The client address is kept only as a keyed hash.
 * The windows slide, for the forms' limits and the sign-in lockout alike: a burst on both
 * sides of where a fixed window would restart is refused (counted in an in-memory embedded
 * database). The forms' own counting is covered by their integration tests (lead,
 * implementation, LGPD, cookie consent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_MAX_FAILURES, lockedUntil, recordFailedSignIn } from '~/server/auth/lockout';
import { openDatabase, type DatabaseHandle, type Db } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { addressKey } from '~/server/client-address';
import { ACCOUNT_MAIL_LIMITS, accountMailAllowance } from '~/server/auth/account-mail';
import { allowInvitationRequest, INVITATION_RATE_LIMITS } from '~/server/auth/invitation-accept';
import { createRateLimiter, hitRateLimit, memoryCounters, pruneRateLimits } from '~/server/rate-limit';
import { createSecurityLogger } from '~/server/security/events';

/** A database every query of which fails (or, with `touched`, records that it was asked). */
function failingDb(touched: { count: number }): Db {
  const fail = (): never => {
    touched.count++;
    throw new Error('connection refused');
  };
  return { insert: fail } as unknown as Db;
}

const LIMIT = { count: 1, windowMs: 60_000 };

describe('createRateLimiter', () => {
  it('lets a post through without counting when the limit is off', async () => {
    const touched = { count: 0 };
    const limiter = createRateLimiter({
      db: failingDb(touched),
      config: { leadRateLimit: null, authSecret: 'segredo' },
      now: () => new Date(),
      ready: () => true,
    });
    for (let i = 0; i < 20; i++) expect(await limiter.allow('lead', '203.0.113.7')).toBe(true);
    expect(touched.count).toBe(0);
  });

  it.each([
    ['the database is not ready', false, 0],
    ['counting in the database fails', true, 1],
  ])('counts the same rule in memory when %s: the limit holds per address and form', async (_case, ready, tries) => {
    const touched = { count: 0 };
    let now = new Date('2026-03-02T12:00:00Z');
    const limiter = createRateLimiter({
      db: failingDb(touched),
      config: { leadRateLimit: { count: 10, windowMs: 60_000 }, authSecret: 'segredo' },
      now: () => now,
      ready: () => ready,
    });
    const verdicts: boolean[] = [];
    for (let i = 0; i < 150; i++) verdicts.push(await limiter.allow('lead', '203.0.113.7'));
    expect(verdicts.filter(Boolean)).toHaveLength(10);
    expect(verdicts.slice(0, 10).every(Boolean)).toBe(true);
    expect(touched.count).toBe(150 * tries);
    // Another address, another form, and a scaled limit each have their own count.
    expect(await limiter.allow('lead', '203.0.113.8')).toBe(true);
    expect(await limiter.allow('lgpd', '203.0.113.7')).toBe(true);
    for (let i = 0; i < 20; i++) expect(await limiter.allow('cookies', undefined, 2)).toBe(true);
    expect(await limiter.allow('cookies', undefined, 2)).toBe(false);
    // The window slides: half a window later the first ten hits are still in it.
    now = new Date('2026-03-02T12:00:30Z');
    expect(await limiter.allow('lead', '203.0.113.7')).toBe(false);
    now = new Date('2026-03-02T12:01:00.001Z');
    expect(await limiter.allow('lead', '203.0.113.7')).toBe(true);
  });

  it('hashes an address with AUTH_SECRET: stable, short, and different under another secret', () => {
    const limiter = (authSecret: string) =>
      createRateLimiter({
        db: failingDb({ count: 0 }),
        config: { leadRateLimit: LIMIT, authSecret },
        now: () => new Date(),
        ready: () => true,
      });
    const hash = limiter('segredo').hashIp('203.0.113.7');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(hash).not.toContain('203.0.113.7');
    expect(limiter('segredo').hashIp('203.0.113.7')).toBe(hash);
    expect(limiter('outro').hashIp('203.0.113.7')).not.toBe(hash);
  });
});

describe('the limits outside the forms fail closed too', () => {
  it('counts account e-mails per recipient in memory when the database cannot', async () => {
    const touched = { count: 0 };
    const allow = accountMailAllowance({
      db: failingDb(touched),
      config: { authSecret: 'segredo' },
      now: () => new Date('2026-03-02T12:00:00Z'),
    });
    const links: boolean[] = [];
    for (let i = 0; i < 10; i++) links.push(await allow('link', 'joão@exemplo.com.br'));
    expect(links.filter(Boolean)).toHaveLength(ACCOUNT_MAIL_LIMITS.link.count);
    expect(touched.count).toBe(10);
    // Each kind keeps its own budget, and so does each recipient.
    expect(await allow('notice', 'joão@exemplo.com.br')).toBe(true);
    expect(await allow('link', 'maria@exemplo.com.br')).toBe(true);
  });

  it("counts the invitation page's requests in memory when the database cannot", async () => {
    const db = failingDb({ count: 0 });
    const deps = {
      db,
      security: createSecurityLogger({ db, secret: 'segredo', now: () => new Date('2026-03-02T12:00:00Z') }),
      now: () => new Date('2026-03-02T12:00:00Z'),
    };
    const verdicts: boolean[] = [];
    for (let i = 0; i < 50; i++) verdicts.push(await allowInvitationRequest(deps, 'accept', '198.51.100.23'));
    expect(verdicts.filter(Boolean)).toHaveLength(INVITATION_RATE_LIMITS.accept.count);
  });
});

describe('addressKey: what a per-address limit counts as one client', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:a:b:c:d', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::198.51.100.1', '64:ff9b:0:0::/64'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['unknown', 'unknown'],
  ])('%s → %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

describe('sliding windows', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({});
    await migrateDatabase(database.db);
  }, 60_000);
  afterAll(() => database.close());

  const T0 = Date.parse('2026-08-03T15:00:00Z');
  const at = (seconds: number) => new Date(T0 + seconds * 1000);
  const WINDOW = { count: 20, windowMs: 60_000 };

  async function burst(key: string, hits: number, seconds: number): Promise<number> {
    let allowed = 0;
    for (let i = 0; i < hits; i++) if (await hitRateLimit(database.db, key, WINDOW, at(seconds))) allowed++;
    return allowed;
  }

  it('a burst across a window boundary is refused: never more than the limit in any 60 s', async () => {
    // One hit opens what a fixed window would count from; the rest come just before it would end.
    expect(await burst('lead:burst', 1, 0)).toBe(1);
    expect(await burst('lead:burst', 25, 59)).toBe(19);
    // Two seconds later a fixed window would start from zero and take 20 more; only the first hit has left.
    expect(await burst('lead:burst', 25, 61)).toBe(1);
    expect(await burst('lead:burst', 5, 118)).toBe(0);
    // Once the burst of second 59 has left the window, its 19 places are free again.
    expect(await burst('lead:burst', 25, 119.5)).toBe(19);
  });

  it('refused hits are not kept: a client that keeps trying gets through as its oldest hits leave', async () => {
    expect(await burst('lead:steady', 20, 0)).toBe(20);
    for (let second = 1; second < 60; second++) expect(await burst('lead:steady', 1, second)).toBe(0);
    expect(await burst('lead:steady', 25, 60.5)).toBe(20);
  });

  it('the in-memory fallback decides every hit as the database counter does', async () => {
    const memory = memoryCounters();
    // Bursts on both sides of a fixed window's boundary, and a client that keeps trying.
    const seconds = [0, ...Array<number>(25).fill(59), ...Array<number>(25).fill(61), 90, 118, 119.5, 119.5, 125];
    for (const [index, second] of seconds.entries()) {
      const inDatabase = await hitRateLimit(database.db, 'lead:twin', WINDOW, at(second));
      expect(memory.hit('lead:twin', WINDOW, at(second)), `hit ${index} at ${second} s`).toBe(inDatabase);
    }
  });

  it('the in-memory fallback keeps at most its number of counters, dropping the one hit longest ago', () => {
    const memory = memoryCounters(3);
    const one = { count: 1, windowMs: 60_000 };
    for (const key of ['a', 'b', 'c']) expect(memory.hit(key, one, at(0))).toBe(true);
    expect(memory.hit('a', one, at(1))).toBe(false);
    // A fourth counter drops 'b', the one hit longest ago: 'a' and 'c' are still counted.
    expect(memory.hit('d', one, at(2))).toBe(true);
    expect(memory.hit('a', one, at(3))).toBe(false);
    expect(memory.hit('c', one, at(3))).toBe(false);
    expect(memory.hit('b', one, at(3))).toBe(true);
  });

  it('counters nobody hit for a day are deleted', async () => {
    await burst('lead:old', 1, 0);
    await burst('lead:recent', 1, 86_000);
    expect(await pruneRateLimits(database.db, at(86_401))).toBeGreaterThanOrEqual(1);
    expect(await burst('lead:recent', 19, 86_402)).toBe(19);
  });

  it('the limiters hash every address of an IPv6 /64 alike, and share one counter for them', async () => {
    const limiter = createRateLimiter({
      db: database.db,
      config: { leadRateLimit: { count: 2, windowMs: 60_000 }, authSecret: 'segredo' },
      now: () => new Date('2026-08-03T15:00:00Z'),
      ready: () => true,
    });
    const hash = limiter.hashIp('2001:db8:1:2::1');
    expect(limiter.hashIp('2001:db8:1:2:8a3c:41ff:fe12:9b07')).toBe(hash);
    expect(limiter.hashIp('2001:db8:1:3::1')).not.toBe(hash);
    expect(limiter.hashIp('::ffff:203.0.113.7')).toBe(limiter.hashIp('203.0.113.7'));
    expect(await limiter.allow('lead', '2001:db8:1:2::1')).toBe(true);
    expect(await limiter.allow('lead', '2001:db8:1:2::2')).toBe(true);
    // A third address of the same /64 is the same client, past its limit; the next /64 is not.
    expect(await limiter.allow('lead', '2001:db8:1:2:ffff::3')).toBe(false);
    expect(await limiter.allow('lead', '2001:db8:1:3::1')).toBe(true);
  });

  it('sign-in lockout: failures on both sides of a 5-minute boundary still lock the e-mail', async () => {
    const email = 'alvo@exemplo.com';
    expect(await recordFailedSignIn(database.db, email, at(0))).toBeUndefined();
    for (let i = 0; i < LOCKOUT_MAX_FAILURES - 2; i++) {
      expect(await recordFailedSignIn(database.db, email, at(290))).toBeUndefined();
    }
    // Past five minutes from the first failure a fixed window would start over at one; the three
    // failures of second 290 still count, so the fifth within five minutes locks.
    expect(await recordFailedSignIn(database.db, email, at(305))).toBeUndefined();
    const until = await recordFailedSignIn(database.db, email, at(306));
    expect(until).toBeInstanceOf(Date);
    expect(await lockedUntil(database.db, email, at(307))).toEqual(until);
  });
});
