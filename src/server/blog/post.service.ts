/*
 * Blog posts, the editor's side: create, update, publish, unpublish, delete, and the
 * admin's reads. What visitors see is read by ./published-posts.ts.
 *
 * Every write parses its input with the post schema of src/lib/validation/post.ts,
 * the same one the editor uses, so a hand-made request is judged like a form. Public
 * reads only ever see `status = 'published'`: a draft has no public existence.
 * Services take `{ db, now }` so tests pass a fresh database and a fixed clock.
 */
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { postErrors } from '~/messages/blog';
import { slugify } from '~/lib/slug';
import { isUuid } from '~/lib/uuid';
import { fieldErrors, postInputSchema, type PostData } from '~/lib/validation/post';
import type { DbOrTx } from '../db/client';
import { BLOG_TAG, postTag } from '../cdn/cache-tags';
import type { PurgeTags } from '../cdn/cdn-purge';
import { blogImages, blogPosts, type BlogPost } from '../db/schema/blog';
import { type Clock, systemClock } from '../clock';

export interface PostDeps {
  db: DbOrTx;
  now?: Clock;
  /**
   * Queues, in the write's transaction, the purge of the cached pages a change to a public
   * post makes stale (the lists and its page, by its old and new slug); none by default.
   */
  purge?: PurgeTags;
}

/** The CDN tags of the pages showing public posts of these slugs. */
function publicTags(posts: (Pick<BlogPost, 'slug' | 'status'> | undefined)[]): string[] {
  const slugs = posts.filter((post) => post?.status === 'published').map((post) => post!.slug);
  return slugs.length === 0 ? [] : [BLOG_TAG, ...new Set(slugs.map(postTag))];
}

/** The input did not pass the post schema, or broke a rule only the database knows (slug taken). */
export class PostValidationError extends Error {
  override name = 'PostValidationError';
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields)[0] ?? postErrors.invalid);
  }
}

/** The slug belongs to another post (a 409 rather than a 422 for the admin API). */
export class DuplicateSlugError extends PostValidationError {
  override name = 'DuplicateSlugError';
}

export class PostNotFoundError extends Error {
  override name = 'PostNotFoundError';
  constructor() {
    super(postErrors.notFound);
  }
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

function parse(input: unknown): PostData {
  const result = postInputSchema.safeParse(input);
  if (!result.success) throw new PostValidationError(fieldErrors(result.error));
  return result.data;
}

const duplicateSlug = (slug: string) => new DuplicateSlugError({ slug: postErrors.duplicateSlug(slug) });

async function assertSlugFree(db: DbOrTx, slug: string, exceptId?: string): Promise<void> {
  const where = exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug);
  const [taken] = await db.select({ id: blogPosts.id }).from(blogPosts).where(where).limit(1);
  if (taken) throw duplicateSlug(slug);
}

/** The columns a parsed post fills; tag slugs follow the tags. */
function columns(post: PostData) {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    bodyMd: post.body,
    tags: post.tags,
    tagSlugs: post.tags.map((tag) => slugify(tag)),
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    coverImageId: post.coverImageId,
    coverAlt: post.coverImageId ? post.coverAlt : '',
  };
}

/*
 * The slug check above gives the friendly message; the unique index is what actually
 * holds when two saves race, and its violation gets the same message.
 */
async function withSlugGuard<T>(slug: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSlug(slug);
    throw error;
  }
}

/** Deletes a cover image no post uses any more (covers are not shared on purpose, but may be). */
async function dropOrphanCover(db: DbOrTx, imageId: string | null | undefined): Promise<void> {
  if (!imageId) return;
  const [used] = await db.select({ n: count() }).from(blogPosts).where(eq(blogPosts.coverImageId, imageId));
  if ((used?.n ?? 0) === 0) await db.delete(blogImages).where(eq(blogImages.id, imageId));
}

/**
 * Creates a post (a draft unless the input says 'published'). The editor names a new post
 * itself (`options.id`), so sending it again — a save that timed out in the browser but did
 * reach the server — saves the same post instead of making a second one.
 */
export async function createPost(
  deps: PostDeps,
  input: unknown,
  options: { id?: string; authorId?: string | null; isExample?: boolean } = {},
): Promise<BlogPost> {
  const post = parse(input);
  const now = (deps.now ?? systemClock)();
  await assertSlugFree(deps.db, post.slug, options.id);
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await withSlugGuard(post.slug, () =>
      tx
        .insert(blogPosts)
        .values({
          ...(options.id ? { id: options.id } : {}),
          ...columns(post),
          status: post.status,
          publishedAt: post.status === 'published' ? now : null,
          createdAt: now,
          updatedAt: now,
          authorId: options.authorId ?? null,
          isExample: options.isExample ?? false,
        })
        .onConflictDoNothing({ target: blogPosts.id })
        .returning(),
    );
    const tags = publicTags([inserted]);
    if (tags.length > 0) await deps.purge?.(tx, tags);
    return inserted;
  });
  if (row) return row;
  // That id is stored already: this is the same new post sent again.
  return updatePost(deps, options.id!, input);
}

/**
 * Replaces a post's fields. The status in the input publishes or unpublishes it;
 * the first publication stamps `publishedAt`, which later ones keep.
 */
export async function updatePost(deps: PostDeps, id: string, input: unknown): Promise<BlogPost> {
  const post = parse(input);
  const now = (deps.now ?? systemClock)();
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!current) throw new PostNotFoundError();
    await assertSlugFree(tx, post.slug, id);
    const [row] = await withSlugGuard(post.slug, () =>
      tx
        .update(blogPosts)
        .set({
          ...columns(post),
          status: post.status,
          publishedAt: post.status === 'published' ? (current.publishedAt ?? now) : current.publishedAt,
          updatedAt: now,
        })
        .where(eq(blogPosts.id, id))
        .returning(),
    );
    if (current.coverImageId !== row!.coverImageId) await dropOrphanCover(tx, current.coverImageId);
    const tags = publicTags([current, row]);
    if (tags.length > 0) await deps.purge?.(tx, tags);
    return row!;
  });
}

async function setStatus(deps: PostDeps, id: string, status: BlogPost['status']): Promise<BlogPost> {
  const current = await getPostById(deps, id);
  if (!current) throw new PostNotFoundError();
  // Publishing goes through the schema too: a post without a body cannot go public.
  return updatePost(deps, id, { ...toInput(current), status });
}

/** Makes a post public (validated as a whole: publishing needs a body). */
export function publishPost(deps: PostDeps, id: string): Promise<BlogPost> {
  return setStatus(deps, id, 'published');
}

/** Takes a post off the public site; it becomes a draft again and keeps its first publication date. */
export function unpublishPost(deps: PostDeps, id: string): Promise<BlogPost> {
  return setStatus(deps, id, 'draft');
}

/** Deletes a post and its cover image. Returns false when there was no such post. */
export async function deletePost(deps: PostDeps, id: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!deleted) return false;
    await dropOrphanCover(tx, deleted.coverImageId);
    const tags = publicTags([deleted]);
    if (tags.length > 0) await deps.purge?.(tx, tags);
    return true;
  });
}

/** Any post, draft or not (the editor). */
export async function getPostById(deps: PostDeps, id: string): Promise<BlogPost | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await deps.db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row;
}

/** The editor's form values for a stored post. */
export function toInput(post: BlogPost): PostData {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    body: post.bodyMd,
    tags: post.tags,
    status: post.status,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    coverImageId: post.coverImageId,
    coverAlt: post.coverAlt,
  };
}

/** Every post for the admin list, most recently edited first, without bodies. */
export async function listAllPosts(deps: PostDeps) {
  return deps.db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      status: blogPosts.status,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
      createdAt: blogPosts.createdAt,
      isExample: blogPosts.isExample,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.updatedAt));
}
