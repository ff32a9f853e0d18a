/*
 * The editor's calls to the server: `actions.posts.*` (src/actions/posts.ts), each turned
 * into one of three outcomes the island can show without guessing:
 * - `ok` with the action's data;
 * - `refused` with a pt-BR message (and per-field messages when the input was judged);
 * - `Unavailable` (src/islands/ui/request-failure.ts): no usable answer came back — offline,
 *   refused connection, a proxy's error page, a 5xx, or no answer within the timeout. Astro's
 *   client takes no AbortSignal, so a request that hangs is raced by the timeout.
 */
import { actions, type SafeResult } from 'astro:actions';
import type { EditorPost, PostInput } from '~/lib/validation/post';
import { settle, Unavailable } from '../ui/request-failure';
import { refusalOf, type Refusal } from './refusal';

export type { Refusal } from './refusal';

export type Outcome<T> = { ok: true; data: T } | { ok: false; refusal: Refusal } | Unavailable;

async function call<T>(run: () => Promise<SafeResult<object, T>>): Promise<Outcome<T>> {
  const result = await settle(run, { statusOf: ({ error }) => error?.status });
  if (result instanceof Unavailable) return result;
  if (result.error) return { ok: false, refusal: refusalOf(result.error) };
  return { ok: true, data: result.data };
}

/**
 * A new post's id, chosen by the editor before its first save: a save that timed out here
 * may still have reached the server, and sending it again must not make a second post.
 * `getRandomValues` works on plain http too, where `crypto.randomUUID` does not.
 */
export function newPostId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Saves a stored post, or creates the new one under the id the editor chose for it. */
export function savePost(
  post: PostInput,
  target: { storedId: string } | { newId: string },
): Promise<Outcome<{ post: EditorPost }>> {
  return call(() =>
    'storedId' in target
      ? actions.posts.update({ ...post, id: target.storedId })
      : actions.posts.create({ ...post, id: target.newId }),
  );
}

export function deletePost(id: string): Promise<Outcome<{ deleted: boolean }>> {
  return call(() => actions.posts.delete({ id }));
}

export function previewPost(body: string): Promise<Outcome<{ html: string }>> {
  return call(() => actions.posts.preview({ body }));
}

/** Sends the cover file as a form (`cover`), the way the action reads it. */
export function uploadCover(file: File): Promise<Outcome<{ cover: NonNullable<EditorPost['cover']> }>> {
  const form = new FormData();
  form.set('cover', file);
  return call(() => actions.posts.uploadCover(form));
}
