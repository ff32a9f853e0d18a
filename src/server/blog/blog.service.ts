/*
 * The blog of one runtime (built in src/server/compose.ts): the public pages' reads and the
 * editor's writes, as verbs over the stateless functions of this folder. A write that
 * changes a public post queues the CDN purge of the pages it made stale (../cdn/cdn-purge.ts),
 * in its own transaction; the editor's answers are posts as the editor island works with them.
 * What reaches the cover encoder (sharp, a native module) is loaded on first use, so a
 * runtime that never shows a cover does not load it at its start.
 */
import type { ServedFormat } from '~/lib/cover-image';
import type { EditorPost } from '~/lib/validation/post';
import type { Actor } from '../actor';
import { cdnPurger } from '../cdn/cdn-purge';
import type { Config } from '../config';
import type { BlogPost } from '../db/schema/blog';
import type { ServiceDeps } from '../service-deps';
import type { BlogListPage, BlogPostPage } from './pages';
import { createPost, deletePost, getPostById, listAllPosts, updatePost, type PostDeps } from './post.service';
import { lastPublishedChange, listFeedPosts, listSitemapPaths, type PublicPost } from './published-posts';

export interface BlogDeps extends Pick<ServiceDeps, 'db' | 'now' | 'outbox'> {
  /** The deploy target: only Netlify has a CDN to purge. */
  config: Pick<Config, 'deployTarget'>;
}

export interface BlogService {
  /** Page `page` of the blog or of one tag; undefined for no such page (404). */
  listPage(options: { page: number; tagSlug?: string | undefined }): Promise<BlogListPage | undefined>;
  /** A published post with its HTML (links made absolute against `siteUrl`); undefined for drafts and unknown slugs. */
  postPage(slug: string, siteUrl: string): Promise<BlogPostPage | undefined>;
  /** The newest published posts, for the RSS feed. */
  feedPosts(): Promise<PublicPost[]>;
  /** The public paths of posts and tags, for the sitemap. */
  sitemapPaths(): Promise<{ path: string; lastmod: Date }[]>;
  /** When the public blog last changed (a publish, an edit, an unpublish). */
  lastPublishedChange(): Promise<Date | undefined>;
  /** One stored cover variant's bytes, or undefined. */
  coverVariant(
    imageId: string,
    width: number,
    format: ServedFormat,
  ): Promise<{ data: Uint8Array; byteSize: number; format: ServedFormat } | undefined>;
  /** Every post for the admin list, drafts included, most recently edited first. */
  allPosts(): ReturnType<typeof listAllPosts>;
  /** A stored post as the editor shows it, or undefined. */
  editorPost(id: string): Promise<EditorPost | undefined>;
  /** A new post by `actor` (the editor may name its id, so a resent create saves the same post). */
  create(input: unknown, actor: Actor, options?: { id?: string | undefined }): Promise<EditorPost>;
  update(id: string, input: unknown): Promise<EditorPost>;
  /** Deletes a post with its cover; false for an unknown id. */
  delete(id: string): Promise<boolean>;
  /** Stores a cover image with its variants; answered as the editor previews it. */
  uploadCover(bytes: Uint8Array, actor: Actor): Promise<NonNullable<EditorPost['cover']>>;
}

const pages = () => import('./pages');
const covers = () => import('./cover.service');
const editor = () => import('./editor-post');

export function createBlogService(deps: BlogDeps): BlogService {
  const reads: PostDeps = { db: deps.db, now: deps.now };
  // Built per write, as each write reads the purge endpoint from the environment.
  const writes = (): PostDeps => ({ ...reads, purge: cdnPurger(deps) });
  const editorPost = async (post: BlogPost) => (await editor()).toEditorPost(deps.db, post);
  return {
    listPage: async (options) => (await pages()).loadListPage(reads, options),
    postPage: async (slug, siteUrl) => (await pages()).loadPostPage(reads, slug, siteUrl),
    feedPosts: () => listFeedPosts(reads),
    sitemapPaths: () => listSitemapPaths(reads),
    lastPublishedChange: () => lastPublishedChange(reads),
    coverVariant: async (imageId, width, format) => (await covers()).getCoverVariant(reads, imageId, width, format),
    allPosts: () => listAllPosts(reads),
    editorPost: async (id) => {
      const stored = await getPostById(reads, id);
      return stored && editorPost(stored);
    },
    create: async (input, actor, options = {}) =>
      editorPost(await createPost(writes(), input, { authorId: actor.id, ...(options.id ? { id: options.id } : {}) })),
    update: async (id, input) => editorPost(await updatePost(writes(), id, input)),
    delete: (id) => deletePost(writes(), id),
    uploadCover: async (bytes, actor) => {
      const stored = await (await covers()).storeCover(reads, bytes, { uploadedBy: actor.id });
      return (await editor()).toEditorCover(stored);
    },
  };
}
