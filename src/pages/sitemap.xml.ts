import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { partners } from '~/lib/content-data';
import { sitemapEntries, sitemapXml } from '~/lib/sitemap';

// On demand, so sources that live in the database (blog posts) can join the list later.
export const prerender = false;

export const GET: APIRoute = async ({ site, url, locals }) => {
  const legal = (await getCollection('legal')).map((entry) => ({ slug: entry.id, updatedAt: entry.data.updatedAt }));
  // Blog posts and other future public pages go into `extra`.
  const { blog } = locals.runtime;
  // The blog's home, then every published post and every tag a published post carries.
  const blogPages = [{ path: '/blog', lastmod: await blog.lastPublishedChange() }, ...(await blog.sitemapPaths())];
  const entries = sitemapEntries({ legal, partners, extra: blogPages });
  return new Response(sitemapXml(entries, site ?? new URL(url.origin)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
