import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type ReactNode,
} from 'react';
import { coverMessages, editorCopy as t, editorToasts, postErrors, postLimits } from '@content/messages/blog';
import { checkCoverUpload, COVER_ACCEPT, IMAGE_SNIFF_BYTES } from '~/lib/cover-image';
import { slugify } from '~/lib/slug';
import { fieldErrors, postInputSchema, type EditorPost, type PostStatus } from '~/lib/validation/post';
import { Unavailable } from './ui/request-failure';
import { deletePost, newPostId, previewPost, savePost, uploadCover as sendCover } from './post-editor/post-actions';

/*
 * The blog post editor (admin only): fields of the shared post schema, a Markdown
 * text area with a live preview, save / publish / unpublish / delete, and a cover upload.
 *
 * - The preview is rendered by the server (`actions.posts.preview`) with the public
 *   page's own pipeline, so it cannot differ from the page and this island carries no
 *   Markdown parser; requests are debounced and a stale one's answer is dropped.
 * - Fields are checked with the same zod schema the server uses, so the messages match;
 *   the server's answer (e.g. a slug already taken) lands on the same fields.
 * - Unsaved changes are compared with the last saved state; while there are some,
 *   leaving the page asks for confirmation (beforeunload).
 * - The form is disabled until hydrated: typing into server-rendered inputs before
 *   React owns them would be lost.
 */

interface Props {
  /** The stored post, or null for a new one. */
  post: EditorPost | null;
}

interface Values {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  tags: string;
  seoTitle: string;
  seoDescription: string;
  coverAlt: string;
}

type Cover = { id: string; previewUrl: string } | null;
type Busy = 'save' | 'publish' | 'unpublish' | 'delete' | 'upload' | null;
type Notice = { kind: 'ok' | 'error'; text: string } | null;

const PREVIEW_DEBOUNCE_MS = 350;

const noSubscription = () => () => {};

function valuesOf(post: EditorPost | null): Values {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    body: post?.body ?? '',
    tags: post?.tags.join(', ') ?? '',
    seoTitle: post?.seoTitle ?? '',
    seoDescription: post?.seoDescription ?? '',
    coverAlt: post?.coverAlt ?? '',
  };
}

const snapshot = (values: Values, cover: Cover) => JSON.stringify({ ...values, cover: cover?.id ?? null });

interface FieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** Shows "used/max" beside the label. */
  count?: { used: number; max: number } | undefined;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

function Field({ id, label, hint, error, count, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const countId = count ? `${id}-count` : undefined;
  const describedBy = [errorId, hintId, countId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-slate-900">
          {label}
        </label>
        {count && (
          <span
            id={countId}
            className={`text-xs tabular-nums ${count.used > count.max ? 'font-semibold text-red-700' : 'text-slate-600'}`}
          >
            {t.counter(count.used, count.max)}
          </span>
        )}
      </div>
      {children(describedBy, Boolean(error))}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-600 disabled:bg-slate-100';

const FIELD_ORDER = [
  'title',
  'slug',
  'excerpt',
  'tags',
  'body',
  'seoTitle',
  'seoDescription',
  'coverImageId',
  'coverAlt',
];

export function PostEditor({ post }: Props) {
  const uid = useId();
  const fieldId = (name: string) => `${uid}-${name}`;

  // False on the server and while hydrating, true once React owns the inputs.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [id, setId] = useState<string | null>(post?.id ?? null);
  // The id a new post will be stored under (see newPostId).
  const [newId] = useState(newPostId);
  const [status, setStatus] = useState<PostStatus>(post?.status ?? 'draft');
  const [values, setValues] = useState<Values>(() => valuesOf(post));
  const [cover, setCover] = useState<Cover>(
    post?.cover ? { id: post.cover.id, previewUrl: post.cover.previewUrl } : null,
  );
  // A stored post keeps its address unless the author edits it; a new one follows its title.
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [saved, setSaved] = useState(() => snapshot(valuesOf(post), post?.cover ?? null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [previewHtml, setPreviewHtml] = useState('');
  const [previewFailed, setPreviewFailed] = useState(false);
  const confirmRef = useRef<HTMLDialogElement>(null);
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

  useEffect(() => {
    if (!hydrated || values.body.trim() === '') return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const outcome = await previewPost(values.body);
      // A newer text replaced this one: its own request answers.
      if (controller.signal.aborted) return;
      const html = outcome instanceof Unavailable || !outcome.ok ? undefined : outcome.data.html;
      if (html !== undefined) setPreviewHtml(html);
      setPreviewFailed(html === undefined);
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [values.body, hydrated]);

  const set = useCallback(
    (name: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => {
        const next = { ...current, [name]: value };
        if (name === 'title' && !slugEdited) next.slug = slugify(value);
        return next;
      });
      setErrors((current) => {
        if (!(name in current)) return current;
        const { [name]: _removed, ...rest } = current;
        return rest;
      });
    },
    [slugEdited],
  );

  const showErrors = (fields: Record<string, string>, message: string) => {
    setErrors(fields);
    setNotice({ kind: 'error', text: message });
    const first = FIELD_ORDER.find((name) => name in fields);
    if (first) document.getElementById(fieldId(first === 'coverImageId' ? 'cover' : first))?.focus();
  };

  async function save(nextStatus: PostStatus, action: Exclude<Busy, 'delete' | 'upload' | null>) {
    const payload = { ...values, status: nextStatus, coverImageId: cover?.id ?? null };
    const parsed = postInputSchema.safeParse(payload);
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error), postErrors.invalid);
      return;
    }
    setBusy(action);
    setNotice(null);
    try {
      const outcome = await savePost(payload, id ? { storedId: id } : { newId });
      if (outcome instanceof Unavailable) {
        setNotice({ kind: 'error', text: postErrors.unavailable });
        return;
      }
      if (!outcome.ok) {
        const { message, fields } = outcome.refusal;
        if (Object.keys(fields).length > 0) showErrors(fields, message);
        else setNotice({ kind: 'error', text: message });
        return;
      }
      const stored = outcome.data.post;
      const storedValues = valuesOf(stored);
      const storedCover = stored.cover ? { id: stored.cover.id, previewUrl: stored.cover.previewUrl } : null;
      setValues(storedValues);
      setCover(storedCover);
      setSaved(snapshot(storedValues, storedCover));
      setStatus(stored.status);
      setSlugEdited(true);
      setErrors({});
      if (!id) {
        setId(stored.id);
        // The page now edits the stored post: a reload must not start a new one.
        window.history.replaceState(null, '', `/blog/admin/posts/${stored.id}`);
      }
      const text =
        action === 'publish'
          ? editorToasts.published
          : action === 'unpublish'
            ? editorToasts.unpublished
            : stored.status === 'published'
              ? editorToasts.updated
              : editorToasts.saved;
      setNotice({ kind: 'ok', text });
    } finally {
      setBusy(null);
    }
  }

  async function uploadCover(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
    const check = checkCoverUpload(head, file.size);
    if (!check.ok) {
      setErrors((current) => ({
        ...current,
        coverImageId: check.reason === 'type' ? coverMessages.invalidType : coverMessages.tooLarge,
      }));
      event.target.value = '';
      return;
    }
    setBusy('upload');
    setNotice(null);
    try {
      const outcome = await sendCover(file);
      if (outcome instanceof Unavailable || !outcome.ok) {
        const error =
          outcome instanceof Unavailable
            ? coverMessages.unavailable
            : (outcome.refusal.fields['cover'] ?? outcome.refusal.message);
        setErrors((current) => ({ ...current, coverImageId: error }));
        return;
      }
      const uploaded = outcome.data.cover;
      setCover({ id: uploaded.id, previewUrl: uploaded.previewUrl });
      setErrors(({ coverImageId: _cover, ...rest }) => rest);
      setNotice({ kind: 'ok', text: coverMessages.uploaded });
    } finally {
      setBusy(null);
      event.target.value = '';
    }
  }

  async function remove() {
    if (!id) return;
    setBusy('delete');
    try {
      const outcome = await deletePost(id);
      // Already gone (NOT_FOUND) is what deleting wanted.
      if (outcome instanceof Unavailable || (!outcome.ok && outcome.refusal.code !== 'NOT_FOUND')) {
        confirmRef.current?.close();
        const text = outcome instanceof Unavailable ? postErrors.deleteUnavailable : outcome.refusal.message;
        setNotice({ kind: 'error', text });
        return;
      }
      // Deleted: nothing is unsaved any more, so leaving must not ask.
      leaving.current = true;
      window.location.assign('/blog/admin/posts?excluido=1');
    } finally {
      setBusy(null);
    }
  }

  const disabled = !hydrated;
  const working = busy !== null;
  const published = status === 'published';

  return (
    <div className="mt-6 flex flex-col gap-6">
      <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur">
        <div className="flex items-center gap-3 text-sm">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${published ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}
          >
            {t.statusNow(status)}
          </span>
          <span className={dirty ? 'font-medium text-amber-900' : 'text-slate-600'}>
            {dirty ? t.unsaved : t.allSaved}
          </span>
          {published && id && !dirty && (
            <a href={`/blog/${values.slug}`} className="font-medium text-brand-700 hover:underline">
              {t.view}
            </a>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary px-4 py-2 text-sm"
            disabled={disabled || working}
            onClick={() => void save(status, 'save')}
          >
            {busy === 'save' ? t.saving : published ? t.saveChanges : t.saveDraft}
          </button>
          {published ? (
            <button
              type="button"
              className="btn-secondary px-4 py-2 text-sm"
              disabled={disabled || working}
              onClick={() => void save('draft', 'unpublish')}
            >
              {busy === 'unpublish' ? t.unpublishing : t.unpublish}
            </button>
          ) : (
            <button
              type="button"
              className="btn-primary px-4 py-2 text-sm"
              disabled={disabled || working}
              onClick={() => void save('published', 'publish')}
            >
              {busy === 'publish' ? t.publishing : t.publish}
            </button>
          )}
          {id && (
            <button
              type="button"
              className="btn px-4 py-2 text-sm text-red-700 hover:bg-red-50"
              disabled={disabled || working}
              onClick={() => confirmRef.current?.showModal()}
            >
              {t.delete}
            </button>
          )}
        </div>
      </div>

      <div aria-live="polite" className="empty:hidden">
        {notice?.kind === 'ok' && (
          <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
            {notice.text}
          </p>
        )}
      </div>
      {notice?.kind === 'error' && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {notice.text}
        </p>
      )}

      <fieldset disabled={disabled} className="grid gap-8 lg:grid-cols-2">
        <div className="flex flex-col gap-5">
          <Field id={fieldId('title')} label={t.fields.title} error={errors['title']}>
            {(describedBy, invalid) => (
              <input
                id={fieldId('title')}
                className={inputClass}
                value={values.title}
                onChange={set('title')}
                maxLength={postLimits.title + 20}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                required
              />
            )}
          </Field>
          <Field
            id={fieldId('slug')}
            label={t.fields.slug}
            hint={`${t.fields.slugHint}${values.slug}`}
            error={errors['slug']}
          >
            {(describedBy, invalid) => (
              <input
                id={fieldId('slug')}
                className={`${inputClass} font-mono text-sm`}
                value={values.slug}
                onChange={(event) => {
                  setSlugEdited(true);
                  set('slug')(event);
                }}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                autoCapitalize="off"
                spellCheck={false}
              />
            )}
          </Field>
          <Field
            id={fieldId('excerpt')}
            label={t.fields.excerpt}
            hint={t.fields.excerptHint}
            error={errors['excerpt']}
            count={{ used: values.excerpt.trim().length, max: postLimits.excerpt }}
          >
            {(describedBy, invalid) => (
              <textarea
                id={fieldId('excerpt')}
                className={inputClass}
                rows={3}
                value={values.excerpt}
                onChange={set('excerpt')}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
          <Field id={fieldId('tags')} label={t.fields.tags} hint={t.fields.tagsHint} error={errors['tags']}>
            {(describedBy, invalid) => (
              <input
                id={fieldId('tags')}
                className={inputClass}
                value={values.tags}
                onChange={set('tags')}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
          <Field id={fieldId('body')} label={t.fields.body} hint={t.fields.bodyHint} error={errors['body']}>
            {(describedBy, invalid) => (
              <textarea
                id={fieldId('body')}
                className={`${inputClass} min-h-[24rem] font-mono text-sm leading-relaxed`}
                rows={20}
                value={values.body}
                onChange={set('body')}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                spellCheck
              />
            )}
          </Field>
        </div>

        <section
          aria-labelledby={fieldId('preview-title')}
          className="flex flex-col gap-3 lg:sticky lg:top-20 lg:self-start"
        >
          <h2 id={fieldId('preview-title')} className="text-sm font-semibold text-slate-900">
            {t.preview}
          </h2>
          <div
            className="max-h-[70vh] min-h-[16rem] overflow-y-auto rounded-xl border border-slate-200 bg-white p-6"
            data-testid="post-preview"
          >
            {values.title && <p className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{values.title}</p>}
            {previewHtml && values.body.trim() !== '' ? (
              // Sanitised by the server with the public page's pipeline (src/lib/markdown.ts).
              <div className="post-body" dangerouslySetInnerHTML={{ __html: previewHtml }} />
            ) : (
              <p className="text-sm text-slate-600">{t.previewEmpty}</p>
            )}
          </div>
          {previewFailed && (
            <p role="alert" className="text-sm text-red-700">
              {t.previewError}
            </p>
          )}
        </section>

        <div className="flex flex-col gap-5 lg:col-span-2 lg:grid lg:grid-cols-2 lg:gap-8">
          <div className="flex flex-col gap-5">
            <Field
              id={fieldId('seoTitle')}
              label={t.fields.seoTitle}
              hint={t.fields.seoTitleHint}
              error={errors['seoTitle']}
              count={{ used: values.seoTitle.trim().length, max: postLimits.seoTitle }}
            >
              {(describedBy, invalid) => (
                <input
                  id={fieldId('seoTitle')}
                  className={inputClass}
                  value={values.seoTitle}
                  onChange={set('seoTitle')}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                />
              )}
            </Field>
            <Field
              id={fieldId('seoDescription')}
              label={t.fields.seoDescription}
              hint={t.fields.seoDescriptionHint}
              error={errors['seoDescription']}
              count={{ used: values.seoDescription.trim().length, max: postLimits.seoDescription }}
            >
              {(describedBy, invalid) => (
                <textarea
                  id={fieldId('seoDescription')}
                  className={inputClass}
                  rows={3}
                  value={values.seoDescription}
                  onChange={set('seoDescription')}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                />
              )}
            </Field>
          </div>
          <div className="flex flex-col gap-5">
            <Field
              id={fieldId('cover')}
              label={t.fields.cover}
              hint={t.fields.coverHint}
              error={errors['coverImageId']}
            >
              {(describedBy, invalid) => (
                <input
                  id={fieldId('cover')}
                  type="file"
                  accept={COVER_ACCEPT}
                  className="text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
                  onChange={(event) => void uploadCover(event)}
                  disabled={working}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                />
              )}
            </Field>
            {busy === 'upload' && (
              <p role="status" className="text-sm text-slate-700">
                {coverMessages.uploading}
              </p>
            )}
            {cover && (
              <div className="flex items-start gap-4">
                <img
                  src={cover.previewUrl}
                  alt={values.coverAlt}
                  className="h-24 w-40 rounded-lg border border-slate-200 object-cover"
                />
                <button
                  type="button"
                  className="btn-ghost px-3 py-2 text-sm"
                  disabled={working}
                  onClick={() => {
                    setCover(null);
                    setErrors(({ coverAlt: _alt, ...rest }) => rest);
                  }}
                >
                  {t.fields.removeCover}
                </button>
              </div>
            )}
            {cover && (
              <Field
                id={fieldId('coverAlt')}
                label={t.fields.coverAlt}
                error={errors['coverAlt']}
                count={{ used: values.coverAlt.trim().length, max: postLimits.coverAlt }}
              >
                {(describedBy, invalid) => (
                  <input
                    id={fieldId('coverAlt')}
                    className={inputClass}
                    value={values.coverAlt}
                    onChange={set('coverAlt')}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                  />
                )}
              </Field>
            )}
          </div>
        </div>
      </fieldset>

      <dialog
        ref={confirmRef}
        aria-labelledby={fieldId('confirm-title')}
        aria-describedby={fieldId('confirm-text')}
        className="m-auto max-w-md rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id={fieldId('confirm-title')} className="text-lg font-bold text-slate-900">
          {t.confirmDeleteTitle}
        </h2>
        <p id={fieldId('confirm-text')} className="mt-2 text-slate-700">
          {t.confirmDeleteText}
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <button
            type="button"
            className="btn-secondary px-4 py-2 text-sm"
            onClick={() => confirmRef.current?.close()}
            autoFocus
          >
            {t.cancel}
          </button>
          <button
            type="button"
            className="btn bg-red-700 px-4 py-2 text-sm text-white hover:bg-red-800"
            disabled={busy === 'delete'}
            onClick={() => void remove()}
          >
            {busy === 'delete' ? t.deleting : t.confirmDelete}
          </button>
        </div>
      </dialog>
    </div>
  );
}
