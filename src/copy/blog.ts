/**
 * The blog's words (content/pages/blog.yaml) and the example posts seeded into an empty
 * database (content/blog/example-posts.yaml), both checked at build.
 */
import type { BlogPageCopy, ExamplePost } from '~/lib/content-schemas';
import { fillTemplate } from '~/lib/fill-template';
import * as page from '../../content/pages/blog.yaml';
import * as examples from '../../content/blog/example-posts.yaml';

export type { ExamplePost };

const copy = page as unknown as BlogPageCopy;

export const blogCopy = {
  ...copy,
  pageOf: (current: number, pageCount: number) => fillTemplate(copy.pageOf, { page: current, pageCount }),
  pageTitle: (current: number) => fillTemplate(copy.pageTitle, { page: current }),
  tagTitle: (tag: string) => fillTemplate(copy.tagTitle, { tag }),
  tagDescription: (tag: string) => fillTemplate(copy.tagDescription, { tag }),
  tagPageTitle: (tag: string, current: number) => fillTemplate(copy.tagPageTitle, { tag, page: current }),
};

export const rssCopy = { title: copy.rssTitle, description: copy.description, language: 'pt-BR' } as const;

/**
 * Seeded once, on the first start of an empty database, as published posts flagged
 * `is_example`. Deleting them is permanent: they are not seeded again.
 */
export const examplePosts: readonly ExamplePost[] = (examples as unknown as { posts: ExamplePost[] }).posts;
