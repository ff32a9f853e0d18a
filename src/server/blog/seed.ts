/*
 * Two example posts on the first start of an empty database, so a fresh install
 * shows what the blog looks like (and the JS-budget check has a post page to measure).
 *
 * "First start" is remembered in blog_meta, inside the same transaction as the
 * posts: an admin who deletes the examples does not see them come back on the next
 * restart, a database that already had posts gets none, and two instances booting
 * against one PostgreSQL at once seed once (the key's primary key decides).
 */
import { count } from 'drizzle-orm';
import type { ExamplePost } from '~/lib/content-schemas';
import type { Db } from '../db/client';
import { blogMeta, blogPosts } from '../db/schema/blog';
import { createPost } from './post.service';
import { type Clock, systemClock } from '../clock';

const SEEDED_KEY = 'example_posts_seeded';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Seeds the example posts (content/blog/example-posts.yaml: `examplePosts` of src/copy/blog.ts
 * in the server, read from disk by the Netlify build script) if this database never had them;
 * returns how many were created.
 */
export async function seedExamplePosts(deps: {
  db: Db;
  posts: readonly ExamplePost[];
  now?: Clock;
}): Promise<number> {
  const examplePosts = deps.posts;
  const now = (deps.now ?? systemClock)();
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(blogMeta)
      .values({ key: SEEDED_KEY, value: now.toISOString(), updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return 0;
    const [existing] = await tx.select({ n: count() }).from(blogPosts);
    if ((existing?.n ?? 0) > 0) return 0;
    // The first example is the newest; one day apart keeps their order stable.
    for (const [index, post] of examplePosts.entries()) {
      const publishedAt = new Date(now.getTime() - index * DAY_MS);
      await createPost({ db: tx, now: () => publishedAt }, { ...post, status: 'published' }, { isExample: true });
    }
    return examplePosts.length;
  });
}
