/**
 * What the blog tells machines: the BlogPosting structured data of a post page and
 * the RSS 2.0 feed at /blog/rss.xml. Builders take plain values (absolute URLs
 * included), so they are easy to test and know nothing of the database.
 */
import { getRssString } from '@astrojs/rss';
import { escapeXml, stripXmlForbidden } from './escape';
import type { JsonLdThing } from './structured-data';

export interface BlogPostingInput {
  /** Absolute URL of the post. */
  url: string;
  title: string;
  description: string;
  publishedAt: Date;
  updatedAt: Date;
  /** Absolute URLs of the cover, largest first; empty when the post has none. */
  images: readonly string[];
  tags: readonly string[];
  /** Whole minutes, as in the page's reading time. */
  readingMinutes: number;
  wordCount: number;
  /** The company, which is author and publisher of the blog. */
  organization: { name: string; url: string; logo: string };
}

/**
 * schema.org BlogPosting for a post page.
 * @example blogPostingLd({ url: 'https://pilota.example/blog/x', title: 'X', … })['@type'] // "BlogPosting"
 */
export function blogPostingLd(input: BlogPostingInput): JsonLdThing {
  const organization = {
    '@type': 'Organization',
    '@id': `${input.organization.url.replace(/\/$/, '')}/#organizacao`,
    name: input.organization.name,
    url: input.organization.url,
    logo: { '@type': 'ImageObject', url: input.organization.logo },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    url: input.url,
    // Google shows at most 110 characters of a headline.
    headline: input.title.length > 110 ? `${input.title.slice(0, 109)}…` : input.title,
    description: input.description,
    datePublished: input.publishedAt.toISOString(),
    dateModified: input.updatedAt.toISOString(),
    ...(input.images.length ? { image: [...input.images] } : {}),
    ...(input.tags.length ? { keywords: input.tags.join(', ') } : {}),
    inLanguage: 'pt-BR',
    wordCount: input.wordCount,
    timeRequired: `PT${input.readingMinutes}M`,
    author: organization,
    publisher: organization,
  };
}

export interface FeedItem {
  title: string;
  /** Absolute URL of the post; also its guid. */
  url: string;
  description: string;
  publishedAt: Date;
  categories: readonly string[];
}

export interface FeedInput {
  title: string;
  description: string;
  /** Absolute URL of the blog's home. */
  siteUrl: string;
  /** Absolute URL of the feed itself (atom:link rel="self"). */
  feedUrl: string;
  language: string;
  lastBuildDate: Date;
  items: readonly FeedItem[];
}

/**
 * The RSS 2.0 document, built by @astrojs/rss, with what it does not write itself added as
 * channel data: language, lastBuildDate and the atom:link self reference validators ask for.
 * Dates are RFC 822 in GMT, as RSS requires; the channel link keeps no trailing slash, and
 * control characters XML 1.0 forbids are dropped from every text (the builder escapes the rest).
 * @example (await rssXml({ title: 'Blog', items: [], … })).startsWith('<?xml version="1.0" encoding="UTF-8"?>') // true
 */
export async function rssXml(feed: FeedInput): Promise<string> {
  const text = stripXmlForbidden;
  return getRssString({
    title: text(feed.title),
    description: text(feed.description),
    site: feed.siteUrl,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: [
      `<language>${escapeXml(feed.language)}</language>`,
      `<lastBuildDate>${feed.lastBuildDate.toUTCString()}</lastBuildDate>`,
      `<atom:link href="${escapeXml(feed.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ].join(''),
    items: feed.items.map((item) => ({
      title: text(item.title),
      link: item.url,
      pubDate: item.publishedAt,
      description: text(item.description),
      categories: item.categories.map(text),
    })),
  });
}
