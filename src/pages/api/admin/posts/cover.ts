/*
 * /api/admin/posts/cover — POST the image file itself as the body (what the editor's
 * `fetch(url, { body: file })` sends); answers 201 { cover } once the AVIF/WebP
 * variants are stored, 413 over 5 MB, 422 for anything that is not a readable
 * JPEG, PNG or WebP (judged by content, never by name or declared type).
 */
import type { APIRoute } from 'astro';
import { coverUrl } from '~/lib/cover-image';
import { errorResponse, json, readCoverUpload, refuseUnlessAdmin } from '~/server/blog/admin-api';
import { storeCover } from '~/server/blog/cover.service';

export const prerender = false;

export const POST: APIRoute = async ({ locals, request, url }) => {
  const refused = refuseUnlessAdmin(locals.session, request, url);
  if (refused) return refused;
  const read = await readCoverUpload(request);
  if ('response' in read) return read.response;
  try {
    const cover = await storeCover({ db: locals.runtime.db }, read.bytes, {
      uploadedBy: locals.session?.user.id ?? null,
    });
    const smallest = Math.min(...cover.variants.map((variant) => variant.width));
    return json(
      {
        cover: {
          id: cover.id,
          width: cover.width,
          height: cover.height,
          previewUrl: coverUrl(cover.id, smallest, 'webp'),
        },
      },
      201,
    );
  } catch (error) {
    return errorResponse(error);
  }
};
