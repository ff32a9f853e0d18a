/*
 * A public route's caching is decided in one place, src/server/cdn/cdn-cache.ts's table, and
 * applied by the middleware: a listed route's page sets no Cache-Control at all, so the page
 * and the CDN rule cannot drift apart (a page typing `s-maxage=300` while its rule keeps it an
 * hour). The listed routes are on demand (the middleware passes prerendered pages by).
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
  return [...text.matchAll(/['"]cache-control['"]\s*[:,]\s*((?:[^,(){}\n]|\([^()\n]*\))+)/gi)].map(([, value]) =>
    value!.trim(),
  );
}

describe('Cache-Control of the routes a CDN may keep', () => {
  const listed = new Set(Object.keys(CDN_CACHED_ROUTES));
  const listedPages = pages().filter(({ route }) => listed.has(route));

  it("is set by no listed route's page: the middleware sets the table's", () => {
    expect(listedPages.map(({ route }) => route).sort()).toEqual([...listed].sort());
    const set = listedPages.flatMap(({ file }) =>
      cacheControlValues(readFileSync(file, 'utf8')).map((value) => `${file}: ${value}`),
    );
    expect(set).toEqual([]);
  });

  it('is for on-demand pages only (a prerendered page never passes the middleware)', () => {
    const prerendered = listedPages.filter(({ file }) =>
      /export const prerender = true/.test(readFileSync(file, 'utf8')),
    );
    expect(prerendered.map(({ file }) => file)).toEqual([]);
  });
});
