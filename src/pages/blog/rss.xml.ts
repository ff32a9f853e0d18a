/* /blog/rss.xml: the 20 newest published posts as RSS 2.0. */
import type { APIRoute } from 'astro';
import { rssCopy } from '~/copy/blog';
import { rssXml } from '~/lib/blog-seo';

export const prerender = false;

export const GET: APIRoute = async ({ site, url, locals }) => {
  const base = site ?? new URL(url.origin);
  const { blog } = locals.runtime;
  const [posts, lastChange] = await Promise.all([blog.feedPosts(), blog.lastPublishedChange()]);
  const body = await rssXml({
    title: rssCopy.title,
    description: rssCopy.description,
    language: rssCopy.language,
    siteUrl: new URL('/blog', base).href,
    feedUrl: new URL('/blog/rss.xml', base).href,
    lastBuildDate: lastChange ?? new Date(0),
    items: posts.map((post) => ({
      title: post.title,
      url: new URL(`/blog/${post.slug}`, base).href,
      description: post.excerpt,
      publishedAt: post.publishedAt,
      categories: post.tags.map((tag) => tag.label),
    })),
  });
  return new Response(body, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  });
};
