/*
 * The blog's words and its example posts (content/pages/blog.yaml, content/blog).
 */
import { z } from 'zod';
import { text, slug, template } from './fields.ts';

/** The blog's words (content/pages/blog.yaml); `{…}` slots are filled by src/copy/blog.ts. */
export const blogPageSchema = z.object({
  title: text('title'),
  heading: text('heading'),
  description: text('description'),
  intro: text('intro'),
  empty: text('empty'),
  publishedOn: text('publishedOn'),
  updatedOn: text('updatedOn'),
  tagsLabel: text('tagsLabel'),
  readMore: text('readMore'),
  backToBlog: text('backToBlog'),
  newer: text('newer'),
  older: text('older'),
  pagination: text('pagination'),
  pageOf: template('pageOf', 'page', 'pageCount'),
  pageTitle: template('pageTitle', 'page'),
  tagTitle: template('tagTitle', 'tag'),
  tagDescription: template('tagDescription', 'tag'),
  tagPageTitle: template('tagPageTitle', 'tag', 'page'),
  rssLabel: text('rssLabel'),
  breadcrumb: text('breadcrumb'),
  cta: z.object({ title: text('title'), text: text('text'), button: text('button') }),
  rssTitle: text('rssTitle'),
});
export type BlogPageCopy = z.output<typeof blogPageSchema>;

/** The posts seeded once into an empty database (content/blog/example-posts.yaml). */
export const examplePostsSchema = z.object({
  posts: z.array(
    z.object({
      title: text('title'),
      slug,
      excerpt: text('excerpt'),
      tags: z.array(text('tag')),
      body: text('body'),
    }),
  ),
});
export type ExamplePost = z.output<typeof examplePostsSchema>['posts'][number];
