/*
 * What the public blog routes render, gathered in one call per page so the routes
 * stay thin: the posts of a list page with their covers' sizes, or one post with its
 * HTML, cover and reading time. Nothing here knows about Astro.
 */
import { renderMarkdown, markdownToText } from '~/lib/markdown';
import { countWords, readingMinutes } from '~/lib/reading-time';
import { getCoverSizes, type CoverSizes } from './cover.service';
import type { PostDeps } from './post.service';
import { getPublishedPost, getTagLabel, listPublishedPosts, type PublicPost } from './published-posts';

export type PostWithCover = PublicPost & { cover: CoverSizes | undefined };

export interface BlogListPage {
  posts: PostWithCover[];
  page: number;
  pageCount: number;
  total: number;
  /** Set on tag pages: the tag as its newest post spells it. */
  tag?: { slug: string; label: string };
}

/**
 * Page `n` (1-based) of the blog or of one tag. Undefined means "no such page" (a
 * page past the last, or a tag no published post carries), which the route answers
 * with 404; page 1 of an empty blog is a page.
 */
export async function loadListPage(
  deps: PostDeps,
  options: { page: number; tagSlug?: string | undefined },
): Promise<BlogListPage | undefined> {
  let tag: BlogListPage['tag'];
  if (options.tagSlug !== undefined) {
    const label = await getTagLabel(deps, options.tagSlug);
    if (label === undefined) return undefined;
    tag = { slug: options.tagSlug, label };
  }
  const result = await listPublishedPosts(deps, { page: options.page, tagSlug: options.tagSlug });
  if (options.page > result.pageCount) return undefined;
  const covers = await getCoverSizes(
    deps,
    result.posts.flatMap((post) => (post.coverImageId ? [post.coverImageId] : [])),
  );
  return {
    ...result,
    posts: result.posts.map((post) => ({
      ...post,
      cover: post.coverImageId ? covers.get(post.coverImageId) : undefined,
    })),
    ...(tag ? { tag } : {}),
  };
}

export interface BlogPostPage {
  post: PostWithCover;
  html: string;
  readingMinutes: number;
  wordCount: number;
}

/** A published post with its sanitised HTML, or undefined for drafts and unknown slugs. */
export async function loadPostPage(deps: PostDeps, slug: string, siteUrl: string): Promise<BlogPostPage | undefined> {
  const post = await getPublishedPost(deps, slug);
  if (!post) return undefined;
  const covers = post.coverImageId ? await getCoverSizes(deps, [post.coverImageId]) : undefined;
  const text = markdownToText(post.bodyMd);
  return {
    post: { ...post, cover: post.coverImageId ? covers?.get(post.coverImageId) : undefined },
    html: renderMarkdown(post.bodyMd, { siteUrl }),
    readingMinutes: readingMinutes(text),
    wordCount: countWords(text),
  };
}

/**
 * The page number in a `/pagina/{n}` path segment: a positive integer written
 * without leading zeros, or undefined.
 */
export function parsePageParam(value: string | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,5}$/.test(value)) return undefined;
  return Number(value);
}
