/*
 * /api/admin/posts/{id} — GET the post, PUT its fields (the status in the body
 * publishes or unpublishes it), DELETE it with its cover. Admins only.
 */
import type { APIRoute } from 'astro';
import { postErrors } from '@content/messages/blog';
import { errorResponse, json, jsonError, readJson, refuseUnlessAdmin, toEditorPost } from '~/server/blog/admin-api';
import { deletePost, getPostById, updatePost } from '~/server/blog/post.service';
import { NO_STORE } from '~/server/http/cache-control';

export const prerender = false;

export const GET: APIRoute = async ({ locals, request, url, params }) => {
  const refused = refuseUnlessAdmin(locals.session, request, url);
  if (refused) return refused;
  const { db } = locals.runtime;
  const post = await getPostById({ db }, params.id ?? '');
  if (!post) return jsonError(404, postErrors.notFound);
  return json({ post: await toEditorPost(db, post) });
};

export const PUT: APIRoute = async ({ locals, request, url, params }) => {
  const refused = refuseUnlessAdmin(locals.session, request, url);
  if (refused) return refused;
  const read = await readJson(request);
  if ('response' in read) return read.response;
  const { db } = locals.runtime;
  try {
    const post = await updatePost({ db }, params.id ?? '', read.body);
    return json({ post: await toEditorPost(db, post) });
  } catch (error) {
    return errorResponse(error);
  }
};

export const DELETE: APIRoute = async ({ locals, request, url, params }) => {
  const refused = refuseUnlessAdmin(locals.session, request, url);
  if (refused) return refused;
  const id = params.id ?? '';
  const { db } = locals.runtime;
  if (!(await getPostById({ db }, id))) return jsonError(404, postErrors.notFound);
  await deletePost({ db }, id);
  return new Response(null, { status: 204, headers: { 'Cache-Control': NO_STORE } });
};
