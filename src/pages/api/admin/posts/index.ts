/*
 * /api/admin/posts — GET: every post (drafts too) for the editor's list;
 * POST: create a post from the editor's JSON (validated by the shared post schema).
 * Admins only (middleware + refuseUnlessAdmin).
 */
import type { APIRoute } from 'astro';
import { errorResponse, json, readJson, refuseUnlessAdmin, toEditorPost } from '~/server/blog/admin-api';
import { createPost, listAllPosts } from '~/server/blog/post.service';

export const prerender = false;

export const GET: APIRoute = async ({ locals, request, url }) => {
  const refused = refuseUnlessAdmin(locals.session, request, url);
  if (refused) return refused;
  return json({ posts: await listAllPosts({ db: locals.runtime.db }) });
};

export const POST: APIRoute = async ({ locals, request, url }) => {
  const refused = refuseUnlessAdmin(locals.session, request, url);
  if (refused) return refused;
  const read = await readJson(request);
  if ('response' in read) return read.response;
  const { db } = locals.runtime;
  try {
    const post = await createPost({ db }, read.body, { authorId: locals.session?.user.id ?? null });
    return json({ post: await toEditorPost(db, post) }, 201);
  } catch (error) {
    return errorResponse(error);
  }
};
