/*
 * A stored post in the shape the editor island works with (src/lib/validation/post.ts,
 * EditorPost): its form values, timestamps as ISO strings and its cover's preview. The
 * editor page renders it and the posts actions (src/actions/posts.ts) answer with it.
 */
import { coverUrl } from '~/lib/cover-image';
import type { EditorPost } from '~/lib/validation/post';
import type { DbOrTx } from '../db/client';
import type { BlogPost } from '../db/schema/blog';
import { getCoverSizes, type StoredCover } from './cover.service';
import { toInput } from './post.service';

/** A stored post as the editor works with it. */
export async function toEditorPost(db: DbOrTx, post: BlogPost): Promise<EditorPost> {
  const sizes = post.coverImageId
    ? (await getCoverSizes({ db }, [post.coverImageId])).get(post.coverImageId)
    : undefined;
  return {
    ...toInput(post),
    id: post.id,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    updatedAt: post.updatedAt.toISOString(),
    cover: sizes
      ? {
          id: sizes.id,
          previewUrl: coverUrl(sizes.id, sizes.widths[0]!, 'webp'),
          width: sizes.width,
          height: sizes.height,
        }
      : null,
  };
}

/** A cover just stored, as the editor shows it: its smallest WebP for the preview. */
export function toEditorCover(cover: StoredCover): NonNullable<EditorPost['cover']> {
  const smallest = Math.min(...cover.variants.map((variant) => variant.width));
  return { id: cover.id, width: cover.width, height: cover.height, previewUrl: coverUrl(cover.id, smallest, 'webp') };
}
