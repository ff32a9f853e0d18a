/*
 * The blog: posts, their cover images, and one bookkeeping table.
 *
 * Cover images live in the database (bytea), the original and every generated
 * variant, rather than under DATA_DIR: serverless deploys have no lasting disk and
 * only DATABASE_URL in common, several instances must serve the same files, and a
 * database backup then holds the whole blog. Covers are few and small (≤ 5 MB
 * originals, variants of tens of KB), and their public URLs are cached for a year
 * by browsers and CDNs, so the database is read about once per variant per edge.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Raw bytes. PGlite hands back a Uint8Array and node-postgres a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
  fromDriver: (value) => value,
});

export const BLOG_POST_STATUSES = ['draft', 'published'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

/** Formats a cover upload may have (judged by its bytes). */
export const COVER_SOURCE_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type CoverSourceFormat = (typeof COVER_SOURCE_FORMATS)[number];

/** Formats served to browsers. */
export const COVER_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type CoverVariantFormat = (typeof COVER_VARIANT_FORMATS)[number];

export const blogImages = pgTable(
  'blog_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The upload as received, kept so variants can be regenerated in new sizes later. */
    original: bytea('original').notNull(),
    originalFormat: text('original_format').$type<CoverSourceFormat>().notNull(),
    /** Of the original, after applying its EXIF orientation. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** Auth user id of the uploader; no foreign key, an image outlives a deleted account. */
    uploadedBy: text('uploaded_by'),
  },
  (table) => [check('blog_images_format_check', sql`${table.originalFormat} in ('jpeg', 'png', 'webp')`)],
);

export const blogImageVariants = pgTable(
  'blog_image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => blogImages.id, { onDelete: 'cascade' }),
    format: text('format').$type<CoverVariantFormat>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    byteSize: integer('byte_size').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.imageId, table.format, table.width] }),
    check('blog_image_variants_format_check', sql`${table.format} in ('avif', 'webp')`),
  ],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set on the first publication and kept through unpublish/publish, so a post keeps its date. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    status: text('status').$type<BlogPostStatus>().notNull().default('draft'),
    title: text('title').notNull(),
    /** /blog/{slug}; lower-case ASCII words and hyphens (src/lib/slug.ts). */
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt').notNull().default(''),
    bodyMd: text('body_md').notNull().default(''),
    coverImageId: uuid('cover_image_id').references(() => blogImages.id, { onDelete: 'set null' }),
    coverAlt: text('cover_alt').notNull().default(''),
    /** Tags as the author spelled them ("Gestão", "IPCA"), in order. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The same tags slugified ("gestao", "ipca"), kept in step by the service: /blog/tag/{slug} filters on it. */
    tagSlugs: text('tag_slugs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /** Auth user id of the author; no foreign key, a post outlives a deleted account. */
    authorId: text('author_id'),
    /** Seeded example content, flagged so the editor can label it and nobody mistakes it for real. */
    isExample: boolean('is_example').notNull().default(false),
  },
  (table) => [
    index('blog_posts_status_published_idx').on(table.status, table.publishedAt.desc()),
    index('blog_posts_tag_slugs_idx').using('gin', table.tagSlugs),
    check('blog_posts_status_check', sql`${table.status} in ('draft', 'published')`),
    check('blog_posts_published_at_check', sql`${table.status} = 'draft' or ${table.publishedAt} is not null`),
  ],
);

/** Small facts the blog remembers about itself, e.g. that the example posts were seeded once. */
export const blogMeta = pgTable('blog_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type BlogPost = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;
export type BlogImage = typeof blogImages.$inferSelect;
export type BlogImageVariant = typeof blogImageVariants.$inferSelect;
