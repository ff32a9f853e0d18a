/**
 * A blog post as the editor sends it and the server stores it: the one zod schema the
 * editor island (field messages as you type) and the posts actions (the decision)
 * share. Parsing trims text, turns "a, b" tags into a de-duplicated list, fills the slug
 * from the title when it is left empty, and requires a body only to publish — a draft
 * may be just a title.
 */
import { z } from './zod';
import { postErrors, postLimits as L, postValidationMessages as m } from '~/messages/blog';
import { MAX_SLUG_LENGTH, SLUG_PATTERN, slugify } from '../slug';
import { plainText, singleLine } from './text';

export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/*
 * Slugs that name the blog's own routes (/blog/admin, /blog/tag/…, /blog/pagina/…,
 * /blog/imagens/…, /blog/rss.xml): a post there would be shadowed or confusing.
 */
export const RESERVED_SLUGS: readonly string[] = ['admin', 'tag', 'tags', 'pagina', 'imagens', 'rss', 'feed'];

/**
 * Tags as typed in one text field ("gestão, IPCA") or as a list: trimmed, inner spaces
 * collapsed, empty entries dropped, and duplicates (same slug) kept once, first spelling wins.
 * @example normalizeTags('Gestão,  gestao , IPCA,,') // ["Gestão", "IPCA"]
 */
export function normalizeTags(input: unknown): unknown {
  const list = typeof input === 'string' ? input.split(',') : input;
  if (!Array.isArray(list)) return list;
  const seen = new Set<string>();
  const tags: unknown[] = [];
  for (const item of list) {
    if (typeof item !== 'string') {
      tags.push(item);
      continue;
    }
    const tag = item.replace(/\s+/g, ' ').trim();
    if (!tag) continue;
    const key = slugify(tag) || tag;
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

const text = (max: number, maxMessage: string) =>
  plainText(z.string({ error: maxMessage }))
    .trim()
    .max(max, { error: maxMessage })
    .default('');

const tag = singleLine(z.string({ error: m.tagInvalid }))
  .max(L.tag, { error: m.tagMax })
  .refine((value) => slugify(value) !== '', { error: m.tagInvalid });

/** The post's editable fields; see the module comment for what parsing does. */
export const postInputSchema = z
  .object({
    title: singleLine(z.string({ error: m.titleRequired }))
      .trim()
      .min(1, { error: m.titleRequired })
      .max(L.title, { error: m.titleMax }),
    slug: singleLine(z.string({ error: m.slugInvalid }))
      .trim()
      .toLowerCase()
      .default(''),
    excerpt: text(L.excerpt, m.excerptMax),
    // Not trimmed: leading spaces are Markdown (an indented code block).
    body: plainText(z.string({ error: m.bodyRequired }))
      .max(L.body, { error: m.bodyMax })
      .default(''),
    tags: z
      .preprocess(normalizeTags, z.array(tag, { error: m.tagInvalid }).max(L.tags, { error: m.tagsMax }))
      .default([]),
    status: z.enum(POST_STATUSES, { error: m.statusInvalid }).default('draft'),
    seoTitle: singleLine(z.string({ error: m.seoTitleMax }))
      .trim()
      .max(L.seoTitle, { error: m.seoTitleMax })
      .default(''),
    seoDescription: text(L.seoDescription, m.seoDescriptionMax),
    coverImageId: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.uuid({ error: m.coverInvalid }).nullable(),
    ),
    coverAlt: text(L.coverAlt, m.coverAltMax),
  })
  .superRefine(
    (post, ctx) => {
      // Runs even when other fields failed, so the author sees every problem at once;
      // the values may then be unparsed, hence the type checks.
      const raw = post as Record<string, unknown>;
      if (raw['status'] === 'published' && (typeof raw['body'] !== 'string' || raw['body'].trim() === '')) {
        ctx.addIssue({ code: 'custom', path: ['body'], message: m.bodyRequired });
      }
      const alt = raw['coverAlt'];
      if (z.uuid().safeParse(raw['coverImageId']).success && (typeof alt !== 'string' || alt.trim() === '')) {
        ctx.addIssue({ code: 'custom', path: ['coverAlt'], message: m.coverAltRequired });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((post, ctx) => {
    const slug = post.slug || slugify(post.title);
    if (slug.length > MAX_SLUG_LENGTH) ctx.addIssue({ code: 'custom', path: ['slug'], message: m.slugMax });
    else if (!SLUG_PATTERN.test(slug)) ctx.addIssue({ code: 'custom', path: ['slug'], message: m.slugInvalid });
    else if (RESERVED_SLUGS.includes(slug)) ctx.addIssue({ code: 'custom', path: ['slug'], message: m.slugReserved });
    return { ...post, slug };
  });

/** Which stored post an action is about (an unknown or malformed id is simply not found). */
export const postIdSchema = z.object({ id: z.uuid({ error: postErrors.notFound }) });

/**
 * A new post: its fields and, from the editor, the id it chose for it (so a resent save
 * stores the same post: src/server/blog/post.service.ts, createPost).
 */
export const postCreateSchema = postIdSchema.partial().and(postInputSchema);

/** An update: the post's id beside its fields, both judged, every problem reported by field. */
export const postUpdateSchema = postIdSchema.and(postInputSchema);

/** The live preview's input: Markdown no longer than a post's body may be. */
export const postPreviewSchema = z.object({
  body: plainText(z.string({ error: postErrors.badRequest })).max(L.body, { error: postErrors.badRequest }),
});

/** What the editor sends (every field may be missing or loosely typed). */
export type PostInput = z.input<typeof postInputSchema>;
/** A parsed, valid post: what services store. */
export type PostData = z.output<typeof postInputSchema>;

/**
 * The first message per field of a failed parse, keyed by field name, for forms and
 * JSON error responses.
 * @example fieldErrors(postInputSchema.safeParse({ title: '' }).error!) // { title: "Informe o título do post" }
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A stored post as the editor island receives it from the page and the posts actions. */
export interface EditorPost extends PostData {
  id: string;
  /** ISO timestamps. */
  publishedAt: string | null;
  updatedAt: string;
  /** The cover's preview (its smallest WebP) when the post has one. */
  cover: { id: string; previewUrl: string; width: number; height: number } | null;
}
