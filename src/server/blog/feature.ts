/*
 * The blog's part in the server's start-up (registered in src/server/runtime.ts):
 * seed the example posts into an empty database once migrations have run.
 */
import type { Feature } from '../runtime-types';
import { componentLogger } from '../log/logger';
import { examplePosts } from '~/copy/blog';
import { seedExamplePosts } from './seed';

export const blogFeature: Feature = {
  name: 'blog',
  onStart: async (runtime) => {
    const created = await seedExamplePosts({ db: runtime.db, posts: examplePosts, now: runtime.now });
    if (created > 0)
      componentLogger('blog').info(`${created} example posts created (delete them in /blog/admin/posts)`);
  },
};
