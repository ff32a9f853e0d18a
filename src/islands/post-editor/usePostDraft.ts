/*
 * The draft the editor works on: the form (react-hook-form, judged by the post schema the
 * server uses, so the messages match), the stored post's id and status, the cover, what is
 * unsaved, and the save / publish / unpublish / delete round trips through `actions.posts`.
 *
 * - Saving validates first with the status the button asks for (publishing needs a body);
 *   the server's refusals land on the same fields, and the first field in error gets focus.
 * - A new post is saved under an id chosen here (newPostId), so a save that timed out but
 *   did arrive is not made twice; once stored, the address bar names it, so a reload edits
 *   it instead of starting another.
 * - While something is unsaved, leaving the page asks first (beforeunload).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { editorToasts, postErrors } from '~/messages/blog';
import { slugify } from '~/lib/slug';
import { postInputSchema, type EditorPost, type PostStatus } from '~/lib/validation/post';
import { Unavailable } from '../ui/request-failure';
import {
  coverOf,
  FIELD_ORDER,
  controlName,
  snapshot,
  valuesOf,
  type EditorCover,
  type PostFormValues,
} from './form-values';
import { deletePost, newPostId, savePost } from './post-actions';

export type SaveKind = 'save' | 'publish' | 'unpublish';
export type Busy = SaveKind | 'delete' | 'upload' | null;
export type Notice = { kind: 'ok' | 'error'; text: string } | null;

const SAVED_TEXT: Record<Exclude<SaveKind, 'save'>, string> = {
  publish: editorToasts.published,
  unpublish: editorToasts.unpublished,
};

/*
 * The post schema judges the form's values; `raw` keeps them as typed (the server parses them
 * again). The form's values are one shape of the schema's looser input, hence the cast.
 */
const resolver = zodResolver(postInputSchema, undefined, { raw: true }) as unknown as Resolver<PostFormValues>;

export function usePostDraft(post: EditorPost | null, controlId: (name: string) => string) {
  const form = useForm<PostFormValues>({
    defaultValues: valuesOf(post),
    resolver,
    // The editor focuses in its own field order, the cover's file input included.
    shouldFocusError: false,
  });
  const { control, getValues, handleSubmit, reset, setError, setValue } = form;
  const values = useWatch({ control });
  const [id, setId] = useState<string | null>(post?.id ?? null);
  // The id a new post will be stored under (see newPostId).
  const [newId] = useState(newPostId);
  const [status, setStatus] = useState<PostStatus>(post?.status ?? 'draft');
  const [cover, setCover] = useState<EditorCover>(() => coverOf(post));
  // A stored post keeps its address unless the author edits it; a new one follows its title.
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [saved, setSaved] = useState(() => snapshot(valuesOf(post), coverOf(post)));
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // Set once the post is deleted, so the page can leave without the unsaved-changes prompt.
  const leaving = useRef(false);

  const dirty = snapshot(values, cover) !== saved;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** Shows the message and focuses the first field (in the page's order) that has an error. */
  function showErrors(fields: readonly string[], message: string) {
    setNotice({ kind: 'error', text: message });
    const first = FIELD_ORDER.find((name) => fields.includes(name));
    if (first) document.getElementById(controlId(controlName(first)))?.focus();
  }

  async function send(kind: SaveKind) {
    setBusy(kind);
    setNotice(null);
    try {
      const outcome = await savePost(getValues(), id ? { storedId: id } : { newId });
      if (outcome instanceof Unavailable) {
        setNotice({ kind: 'error', text: postErrors.unavailable });
        return;
      }
      if (!outcome.ok) {
        const { message, fields } = outcome.refusal;
        for (const [name, text] of Object.entries(fields)) {
          setError(name as keyof PostFormValues, { type: 'server', message: text });
        }
        if (Object.keys(fields).length > 0) showErrors(Object.keys(fields), message);
        else setNotice({ kind: 'error', text: message });
        return;
      }
      const stored = outcome.data.post;
      const storedCover = coverOf(stored);
      reset(valuesOf(stored));
      setCover(storedCover);
      setSaved(snapshot(valuesOf(stored), storedCover));
      setStatus(stored.status);
      setSlugEdited(true);
      if (!id) {
        setId(stored.id);
        // The page now edits the stored post: a reload must not start a new one.
        window.history.replaceState(null, '', `/blog/admin/posts/${stored.id}`);
      }
      const text =
        kind !== 'save' ? SAVED_TEXT[kind] : stored.status === 'published' ? editorToasts.updated : editorToasts.saved;
      setNotice({ kind: 'ok', text });
    } finally {
      setBusy(null);
    }
  }

  /** Saves with the status the button asks for: the current one, published or draft. */
  function save(kind: SaveKind) {
    const nextStatus: PostStatus = kind === 'publish' ? 'published' : kind === 'unpublish' ? 'draft' : status;
    setValue('status', nextStatus);
    setValue('coverImageId', cover?.id ?? null);
    const invalid = (errors: FieldErrors<PostFormValues>) => showErrors(Object.keys(errors), postErrors.invalid);
    return handleSubmit(() => send(kind), invalid)();
  }

  /** Deletes the stored post and leaves for the list; answers whether it stayed (the request failed). */
  async function remove(): Promise<boolean> {
    if (!id) return true;
    setBusy('delete');
    try {
      const outcome = await deletePost(id);
      // Already gone (NOT_FOUND) is what deleting wanted.
      if (outcome instanceof Unavailable || (!outcome.ok && outcome.refusal.code !== 'NOT_FOUND')) {
        const text = outcome instanceof Unavailable ? postErrors.deleteUnavailable : outcome.refusal.message;
        setNotice({ kind: 'error', text });
        return true;
      }
      // Deleted: nothing is unsaved any more, so leaving must not ask.
      leaving.current = true;
      window.location.assign('/blog/admin/posts?excluido=1');
      return false;
    } finally {
      setBusy(null);
    }
  }

  /** The title changed: a new post's address follows it until the author edits the address. */
  function followTitle(title: string) {
    if (!slugEdited) setValue('slug', slugify(title));
  }

  return {
    form,
    values,
    id,
    status,
    cover,
    setCover,
    dirty,
    busy,
    setBusy,
    notice,
    setNotice,
    save,
    remove,
    followTitle,
    markSlugEdited: () => setSlugEdited(true),
  };
}
