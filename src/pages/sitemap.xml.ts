import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { partners } from '~/lib/content-data';
import { sitemapEntries, sitemapXml } from '~/lib/sitemap';
import { lastPublishedChange, listSitemapPaths } from '~/server/blog/published-posts';

// On demand, so sources that live in the database (blog posts) can join the list later.
export const prerender = false;

export const GET: APIRoute = async ({ site, url, locals }) => {
  const legal = (await getCollection('legal')).map((entry) => ({ slug: entry.id, updatedAt: entry.data.updatedAt }));
  // Blog posts and other future public pages go into `extra`.
  const blogDeps = { db: locals.runtime.db };
  // The blog's home, then every published post and every tag a published post carries.
  const blog = [{ path: '/blog', lastmod: await lastPublishedChange(blogDeps) }, ...(await listSitemapPaths(blogDeps))];
  const entries = sitemapEntries({ legal, partners, extra: blog });
  return new Response(sitemapXml(entries, site ?? new URL(url.origin)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
