/**
 * What the blog tells machines: the BlogPosting structured data of a post page and
 * the RSS 2.0 feed at /blog/rss.xml. Builders take plain values (absolute URLs
 * included), so they are easy to test and know nothing of the database.
 */
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

/** Text for XML content and attribute values. Control characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing exactly the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/**
 * The RSS 2.0 document (with the atom:link self reference validators ask for).
 * Dates are RFC 822 in GMT, as RSS requires.
 * @example rssXml({ title: 'Blog', items: [], … }).startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"') // true
 */
export function rssXml(feed: FeedInput): string {
  const items = feed.items.map((item) =>
    [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
      `      <pubDate>${item.publishedAt.toUTCString()}</pubDate>`,
      `      <description>${escapeXml(item.description)}</description>`,
      ...item.categories.map((category) => `      <category>${escapeXml(category)}</category>`),
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(feed.title)}</title>`,
    `    <link>${escapeXml(feed.siteUrl)}</link>`,
    `    <description>${escapeXml(feed.description)}</description>`,
    `    <language>${escapeXml(feed.language)}</language>`,
    `    <lastBuildDate>${feed.lastBuildDate.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(feed.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
