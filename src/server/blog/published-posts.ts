/*
 * Blog posts as visitors see them: published posts by page, by tag, by slug; the feed
 * and the sitemap. Only `status = 'published'` is ever read here: a draft has no public
 * existence. The editor's writes are ./post.service.ts.
 */
import { and, arrayContains, count, desc, eq, sql } from 'drizzle-orm';
import { markdownToText, truncateText } from '~/lib/markdown';
import { readingTimeLabel } from '~/lib/reading-time';
import { slugify } from '~/lib/slug';
import { blogPosts, type BlogPost } from '../db/schema/blog';
import type { PostDeps } from './post.service';

/** Posts per page on /blog and the tag pages. */
export const POSTS_PER_PAGE = 10;

/** Longest excerpt derived from the body when the author wrote none. */
export const DERIVED_EXCERPT_LENGTH = 200;

/** A published post as the public pages, the feed and the sitemap use it. */
export interface PublicPost {
  id: string;
  title: string;
  slug: string;
  /** The author's excerpt, or the start of the text. */
  excerpt: string;
  bodyMd: string;
  tags: { label: string; slug: string }[];
  coverImageId: string | null;
  coverAlt: string;
  publishedAt: Date;
  updatedAt: Date;
  seoTitle: string;
  seoDescription: string;
  readingTime: string;
}

function toPublic(row: BlogPost): PublicPost {
  const text = markdownToText(row.bodyMd);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt || truncateText(text, DERIVED_EXCERPT_LENGTH),
    bodyMd: row.bodyMd,
    tags: row.tags.map((label, i) => ({ label, slug: row.tagSlugs[i] ?? slugify(label) })),
    coverImageId: row.coverImageId,
    coverAlt: row.coverAlt,
    publishedAt: row.publishedAt!,
    updatedAt: row.updatedAt,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    readingTime: readingTimeLabel(text),
  };
}

const published = eq(blogPosts.status, 'published');
const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];

/** A published post by slug; drafts and unknown slugs are undefined alike. */
export async function getPublishedPost(deps: PostDeps, slug: string): Promise<PublicPost | undefined> {
  const [row] = await deps.db
    .select()
    .from(blogPosts)
    .where(and(published, eq(blogPosts.slug, slug)));
  return row && toPublic(row);
}

export interface PostPage {
  posts: PublicPost[];
  page: number;
  pageCount: number;
  total: number;
}

/**
 * One page of published posts, newest first, optionally of one tag. A page past the
 * last one comes back empty (the route answers 404); page 1 of an empty blog is a page.
 */
export async function listPublishedPosts(
  deps: PostDeps,
  options: { page?: number; tagSlug?: string | undefined; perPage?: number } = {},
): Promise<PostPage> {
  const perPage = options.perPage ?? POSTS_PER_PAGE;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const where = options.tagSlug ? and(published, arrayContains(blogPosts.tagSlugs, [options.tagSlug])) : published;
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(blogPosts).where(where);
  const rows = await deps.db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { posts: rows.map(toPublic), page, pageCount: Math.max(1, Math.ceil(total / perPage)), total };
}

/** The label of a tag as its newest published post spells it, or undefined when no published post has it. */
export async function getTagLabel(deps: PostDeps, tagSlug: string): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ tags: blogPosts.tags, tagSlugs: blogPosts.tagSlugs })
    .from(blogPosts)
    .where(and(published, arrayContains(blogPosts.tagSlugs, [tagSlug])))
    .orderBy(...newestFirst)
    .limit(1);
  if (!row) return undefined;
  return row.tags[row.tagSlugs.indexOf(tagSlug)] ?? tagSlug;
}

/** The newest published posts, for the RSS feed. */
export async function listFeedPosts(deps: PostDeps, limit = 20): Promise<PublicPost[]> {
  const rows = await deps.db
    .select()
    .from(blogPosts)
    .where(published)
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toPublic);
}

/** What the sitemap lists: every published post, and every tag a published post carries. */
export async function listSitemapPaths(deps: PostDeps): Promise<{ path: string; lastmod: Date }[]> {
  const rows = await deps.db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt, tagSlugs: blogPosts.tagSlugs })
    .from(blogPosts)
    .where(published)
    .orderBy(...newestFirst);
  const tags = new Map<string, Date>();
  for (const row of rows) {
    for (const tag of row.tagSlugs) {
      const seen = tags.get(tag);
      if (!seen || seen < row.updatedAt) tags.set(tag, row.updatedAt);
    }
  }
  return [
    ...rows.map((row) => ({ path: `/blog/${row.slug}`, lastmod: row.updatedAt })),
    ...[...tags].map(([tag, lastmod]) => ({ path: `/blog/tag/${tag}`, lastmod })),
  ];
}

/** Newest publication or edit among published posts: the feed's lastBuildDate and /blog's lastmod. */
export async function lastPublishedChange(deps: PostDeps): Promise<Date | undefined> {
  const [row] = await deps.db
    .select({ last: sql<string | Date | null>`max(${blogPosts.updatedAt})` })
    .from(blogPosts)
    .where(published);
  return row?.last ? new Date(row.last) : undefined;
}
