/*
 * The blog editor's actions (admins only: `posts` is an admin namespace of
 * src/server/auth/access-policy.ts, and each is a defineAdminAction, ./admin-only.ts).
 * The island calls them as `actions.posts.*`; each validates with the shared schemas of
 * src/lib/validation/post.ts, calls one service, and turns the service's known refusals
 * into ActionErrors with their pt-BR messages:
 * - a field the schema refuses → an input error, per field (`isInputError`);
 * - a slug another post has → CONFLICT (the editor puts it on the slug field);
 * - an unknown post → NOT_FOUND; a cover that is not a usable image → 413 / 422.
 */
import { ActionError } from 'astro:actions';
import { coverMessages, postErrors } from '~/messages/blog';
import { MAX_COVER_BYTES } from '~/lib/cover-image';
import { renderMarkdown } from '~/lib/markdown';
import { postCreateSchema, postIdSchema, postPreviewSchema, postUpdateSchema } from '~/lib/validation/post';
import { z } from '~/lib/validation/zod';
import { CoverUploadError, DuplicateSlugError, PostNotFoundError, PostValidationError } from '~/server/blog';
import { defineAdminAction } from './admin-only';

/** The post service's refusals as ActionErrors; anything else goes on to the wrapper (logged, 500). */
function refusalOf(error: unknown): unknown {
  if (error instanceof DuplicateSlugError) return new ActionError({ code: 'CONFLICT', message: error.message });
  if (error instanceof PostValidationError)
    return new ActionError({ code: 'BAD_REQUEST', message: postErrors.invalid });
  if (error instanceof PostNotFoundError) return new ActionError({ code: 'NOT_FOUND', message: error.message });
  if (error instanceof CoverUploadError) {
    return new ActionError({
      code: error.reason === 'size' ? 'CONTENT_TOO_LARGE' : 'UNPROCESSABLE_CONTENT',
      message: error.message,
    });
  }
  return error;
}

export const posts = {
  /**
   * A new post (a draft unless its status says published), answered as the editor shows it.
   * The editor sends the id it chose, so a resent create saves the same post.
   */
  create: defineAdminAction({
    input: postCreateSchema,
    failure: postErrors.unexpected,
    handler: async ({ id, ...input }, context, actor) => {
      try {
        return { post: await context.locals.runtime.blog.create(input, actor, { id }) };
      } catch (error) {
        throw refusalOf(error);
      }
    },
  }),

  /** Replaces a post's fields; the status among them publishes or unpublishes it. */
  update: defineAdminAction({
    input: postUpdateSchema,
    failure: postErrors.unexpected,
    handler: async ({ id, ...input }, context) => {
      try {
        return { post: await context.locals.runtime.blog.update(id, input) };
      } catch (error) {
        throw refusalOf(error);
      }
    },
  }),

  /** Deletes a post with its cover. */
  delete: defineAdminAction({
    input: postIdSchema,
    failure: postErrors.unexpected,
    handler: async ({ id }, context) => {
      const deleted = await context.locals.runtime.blog.delete(id);
      if (!deleted) throw new ActionError({ code: 'NOT_FOUND', message: postErrors.notFound });
      return { deleted };
    },
  }),

  /*
   * The live preview, rendered by the very pipeline of the public post page
   * (src/lib/markdown.ts): what the admin sees is what visitors get, and the island
   * ships no Markdown parser.
   */
  preview: defineAdminAction({
    input: postPreviewSchema,
    failure: postErrors.unexpected,
    handler: async ({ body }, context) => ({
      html: renderMarkdown(body, { siteUrl: (context.site ?? context.url).origin }),
    }),
  }),

  /*
   * A cover image, posted as a form (`cover`: the file). Judged by its bytes, never by its
   * name or declared type; stored with its AVIF/WebP variants before the answer. The body
   * may be larger than other actions' (COVER_UPLOAD_BODY_BYTES, src/lib/cover-image.ts).
   */
  uploadCover: defineAdminAction({
    accept: 'form',
    input: z.object({ cover: z.instanceof(File, { error: coverMessages.invalidType }) }),
    failure: postErrors.unexpected,
    handler: async ({ cover }, context, actor) => {
      if (cover.size > MAX_COVER_BYTES) {
        throw new ActionError({ code: 'CONTENT_TOO_LARGE', message: coverMessages.tooLarge });
      }
      try {
        const bytes = new Uint8Array(await cover.arrayBuffer());
        return { cover: await context.locals.runtime.blog.uploadCover(bytes, actor) };
      } catch (error) {
        throw refusalOf(error);
      }
    },
  }),
};
