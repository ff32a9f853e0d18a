/*
 * /blog/imagens/{id}-{width}.{avif|webp}: one variant of a cover, from the database,
 * cacheable for a year (a new upload gets a new id, so a URL never changes content).
 * A plain route, not an action: <img> loads it with GET and it answers image bytes with
 * caching headers; actions take POSTs and answer data for a script to read.
 */
import type { APIRoute } from 'astro';
import { parseCoverFileName, SERVED_MIME } from '~/lib/cover-image';
import { IMMUTABLE } from '~/server/http';

export const prerender = false;

export const GET: APIRoute = async ({ params, locals }) => {
  const file = parseCoverFileName(params.file ?? '');
  const variant = file && (await locals.runtime.blog.coverVariant(file.imageId, file.width, file.format));
  if (!file || !variant) return new Response('Imagem não encontrada', { status: 404 });
  return new Response(Buffer.from(variant.data), {
    headers: {
      // The type of what was stored (our own re-encoding), not of what the URL asked for.
      'Content-Type': SERVED_MIME[variant.format],
      'Content-Length': String(variant.byteSize),
      'Cache-Control': IMMUTABLE,
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
