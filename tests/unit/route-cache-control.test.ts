/*
 * A public route's caching is decided in one place, src/server/cdn/cdn-cache.ts's table: a
 * listed route's page sets no Cache-Control of its own making, only routeCacheControl of its
 * own route, so the page and the CDN rule cannot drift apart (a page typing `s-maxage=300`
 * while its rule keeps it an hour).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CDN_CACHED_ROUTES } from '../../src/server/cdn/cdn-cache';

const PAGES = 'src/pages';

/** Every page file with its Astro route pattern. */
function pages(dir = PAGES): { file: string; route: string }[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return pages(full);
    if (!/\.(astro|ts)$/.test(entry)) return [];
    const route =
      `/${relative(PAGES, full)
        .replace(/\.(astro|ts)$/, '')
        .replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/';
    return [{ file: full, route }];
  });
}

/** The expressions a page sets Cache-Control to: `'Cache-Control': x` and `.set('Cache-Control', x)`. */
function cacheControlValues(text: string): string[] {
  return [...text.matchAll(/['"]cache-control['"]\s*[:,]\s*((?:[^,(){}\n]|\([^()\n]*\))+)/gi)].map(([, value]) => value!.trim());
}

describe('Cache-Control of the routes a CDN may keep', () => {
  it("is set by each listed route's page only as its own route's policy", () => {
    const listed = new Set(Object.keys(CDN_CACHED_ROUTES));
    const found: { file: string; value: string }[] = [];
    const expected: { file: string; value: string }[] = [];
    for (const { file, route } of pages()) {
      const text = readFileSync(file, 'utf8');
      const values = cacheControlValues(text);
      const named = [...text.matchAll(/routeCacheControl\(\s*(['"][^'"]*['"])\s*\)/g)].map(([call]) => call);
      const own = `routeCacheControl('${route}')`;
      for (const value of listed.has(route) ? values : []) {
        found.push({ file, value });
        expected.push({ file, value: own });
      }
      // A page outside the table, or one naming another route, borrows a policy not its own.
      for (const call of named) {
        found.push({ file, value: call });
        expected.push({ file, value: listed.has(route) ? own : '(no listed route)' });
      }
    }
    // A listed page that sets none gets its route's policy from the middleware.
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(expected);
  });
});
