/*
 * The editor's form values and how they relate to a stored post: the text fields as typed
 * (tags as one comma-separated string), the status the next save asks for and the cover's
 * id. `snapshot` is what "unsaved changes" compares against the last saved state.
 */
import type { EditorPost, PostStatus } from '~/lib/validation/post';

export interface PostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  tags: string;
  seoTitle: string;
  seoDescription: string;
  coverAlt: string;
  /** Set by the button pressed (save keeps it, publish/unpublish change it), not typed. */
  status: PostStatus;
  /** The uploaded cover's id, set from the cover state before each save. */
  coverImageId: string | null;
}

/** The cover as the editor shows it: its id and the smallest WebP for the preview. */
export type EditorCover = { id: string; previewUrl: string } | null;

/** The form values of a stored post, or an empty draft. */
export function valuesOf(post: EditorPost | null): PostFormValues {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    body: post?.body ?? '',
    tags: post?.tags.join(', ') ?? '',
    seoTitle: post?.seoTitle ?? '',
    seoDescription: post?.seoDescription ?? '',
    coverAlt: post?.coverAlt ?? '',
    status: post?.status ?? 'draft',
    coverImageId: post?.cover?.id ?? null,
  };
}

export function coverOf(post: EditorPost | null): EditorCover {
  return post?.cover ? { id: post.cover.id, previewUrl: post.cover.previewUrl } : null;
}

const TYPED_FIELDS = ['title', 'slug', 'excerpt', 'body', 'tags', 'seoTitle', 'seoDescription', 'coverAlt'] as const;

/** What is compared to tell unsaved changes: the typed fields and the cover (not the status). */
export function snapshot(values: Partial<PostFormValues>, cover: EditorCover): string {
  const typed = TYPED_FIELDS.map((name) => values[name] ?? '');
  return JSON.stringify([...typed, cover?.id ?? null]);
}

/** The order fields appear in: the first with an error gets the focus. */
export const FIELD_ORDER = [
  'title',
  'slug',
  'excerpt',
  'tags',
  'body',
  'seoTitle',
  'seoDescription',
  'coverImageId',
  'coverAlt',
] as const;

/** The element id of a field's control (the cover's file input stands for `coverImageId`). */
export const controlName = (field: string) => (field === 'coverImageId' ? 'cover' : field);
