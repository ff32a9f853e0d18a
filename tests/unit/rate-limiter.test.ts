/*
 * The public forms' one failure rule (src/server/rate-limit.ts): a post is let through
 * without counting when the limit is off or the database is not ready, and let through when
 * the count itself fails; the client address is kept only as a keyed hash. Counting against
 * a real database is covered by the forms' integration tests (lead, implementation, LGPD,
 * cookie consent).
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '~/server/db/client';
import { createRateLimiter } from '~/server/rate-limit';

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
  it.each([
    ['the limit is off', { leadRateLimit: null }, true],
    ['the database is not ready', { leadRateLimit: LIMIT }, false],
  ])('lets a post through without counting when %s', async (_case, config, ready) => {
    const touched = { count: 0 };
    const limiter = createRateLimiter({
      db: failingDb(touched),
      config: { ...config, authSecret: 'segredo' },
      now: () => new Date(),
      ready: () => ready,
    });
    expect(await limiter.allow('lead', '203.0.113.7')).toBe(true);
    expect(touched.count).toBe(0);
  });

  it('lets a post through when counting fails', async () => {
    const touched = { count: 0 };
    const limiter = createRateLimiter({
      db: failingDb(touched),
      config: { leadRateLimit: LIMIT, authSecret: 'segredo' },
      now: () => new Date(),
      ready: () => true,
    });
    await expect(limiter.allow('implementacao', '203.0.113.7')).resolves.toBe(true);
    await expect(limiter.allow('cookies', undefined, 2)).resolves.toBe(true);
    expect(touched.count).toBe(2);
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
