/*
 * The blog post editor (admin only): fields of the shared post schema, a Markdown text area
 * with a live preview, save / publish / unpublish / delete, and a cover upload. Its parts live
 * in ./post-editor/: the draft and its round trips (usePostDraft), the preview (usePreview),
 * the upload (useCoverUpload), the calls to `actions.posts` (post-actions) and the pieces of
 * the page; fields use the islands' shared Field (./ui/Field.tsx).
 *
 * - Fields are checked with the same zod schema the server uses, so the messages match; the
 *   server's answer (e.g. a slug already taken) lands on the same fields.
 * - A new post's address follows its title until the author edits it; a stored one keeps it.
 * - The form is disabled until hydrated: typing into server-rendered inputs before React
 *   owns them would be lost.
 */
import { useId, useRef, useSyncExternalStore } from 'react';
import { coverMessages, editorCopy as t, postLimits } from '~/messages/blog';
import type { EditorPost } from '~/lib/validation/post';
import { CoverSection } from './post-editor/CoverSection';
import { DeleteDialog } from './post-editor/DeleteDialog';
import { EditorField } from './post-editor/EditorField';
import { EditorToolbar } from './post-editor/EditorToolbar';
import { PreviewPane } from './post-editor/PreviewPane';
import { useCoverUpload } from './post-editor/useCoverUpload';
import { usePostDraft } from './post-editor/usePostDraft';
import { usePreview } from './post-editor/usePreview';
import { inputClass } from './ui/Field';

interface Props {
  /** The stored post, or null for a new one. */
  post: EditorPost | null;
}

const noSubscription = () => () => {};

export function PostEditor({ post }: Props) {
  const uid = useId();
  const controlId = (name: string) => `${uid}-${name}`;
  // False on the server and while hydrating, true once React owns the inputs.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const draft = usePostDraft(post, controlId);
  const { register, setError, clearErrors, formState } = draft.form;
  const { errors } = formState;
  const values = draft.values;
  const preview = usePreview(values.body ?? '', hydrated);
  const confirmRef = useRef<HTMLDialogElement>(null);

  const upload = useCoverUpload({
    setUploading: (uploading) => {
      draft.setBusy(uploading ? 'upload' : null);
      if (uploading) draft.setNotice(null);
    },
    setError: (message) =>
      message ? setError('coverImageId', { type: 'server', message }) : clearErrors('coverImageId'),
    onUploaded: (cover) => {
      draft.setCover(cover);
      draft.setNotice({ kind: 'ok', text: coverMessages.uploaded });
    },
  });

  const remove = async () => {
    if (await draft.remove()) confirmRef.current?.close();
  };

  const counted = (text: string | undefined, max: number) => ({ used: (text ?? '').trim().length, max });
  const working = draft.busy !== null;

  return (
    <div className="mt-6 flex flex-col gap-6">
      <EditorToolbar
        status={draft.status}
        dirty={draft.dirty}
        busy={draft.busy}
        publicPath={draft.id ? `/blog/${values.slug ?? ''}` : null}
        canDelete={draft.id !== null}
        disabled={!hydrated}
        onSave={(kind) => void draft.save(kind)}
        onDelete={() => confirmRef.current?.showModal()}
      />

      <div aria-live="polite" className="empty:hidden">
        {draft.notice?.kind === 'ok' && (
          <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
            {draft.notice.text}
          </p>
        )}
      </div>
      {draft.notice?.kind === 'error' && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {draft.notice.text}
        </p>
      )}

      <fieldset disabled={!hydrated} className="grid gap-8 lg:grid-cols-2">
        <div className="flex flex-col gap-5">
          <EditorField id={controlId('title')} label={t.fields.title} error={errors.title?.message}>
            {(aria) => (
              <input
                id={controlId('title')}
                className={inputClass}
                maxLength={postLimits.title + 20}
                required
                {...aria}
                {...register('title', {
                  onChange: (event: { target: { value: string } }) => draft.followTitle(event.target.value),
                })}
              />
            )}
          </EditorField>
          <EditorField
            id={controlId('slug')}
            label={t.fields.slug}
            hint={`${t.fields.slugHint}${values.slug ?? ''}`}
            error={errors.slug?.message}
          >
            {(aria) => (
              <input
                id={controlId('slug')}
                className={`${inputClass} font-mono text-sm`}
                autoCapitalize="off"
                spellCheck={false}
                {...aria}
                {...register('slug', { onChange: draft.markSlugEdited })}
              />
            )}
          </EditorField>
          <EditorField
            id={controlId('excerpt')}
            label={t.fields.excerpt}
            hint={t.fields.excerptHint}
            error={errors.excerpt?.message}
            count={counted(values.excerpt, postLimits.excerpt)}
          >
            {(aria) => (
              <textarea id={controlId('excerpt')} className={inputClass} rows={3} {...aria} {...register('excerpt')} />
            )}
          </EditorField>
          <EditorField
            id={controlId('tags')}
            label={t.fields.tags}
            hint={t.fields.tagsHint}
            error={errors.tags?.message}
          >
            {(aria) => <input id={controlId('tags')} className={inputClass} {...aria} {...register('tags')} />}
          </EditorField>
          <EditorField
            id={controlId('body')}
            label={t.fields.body}
            hint={t.fields.bodyHint}
            error={errors.body?.message}
          >
            {(aria) => (
              <textarea
                id={controlId('body')}
                className={`${inputClass} min-h-[24rem] font-mono text-sm leading-relaxed`}
                rows={20}
                spellCheck
                {...aria}
                {...register('body')}
              />
            )}
          </EditorField>
        </div>

        <PreviewPane
          headingId={controlId('preview-title')}
          title={values.title ?? ''}
          html={preview.html}
          failed={preview.failed}
        />

        <div className="flex flex-col gap-5 lg:col-span-2 lg:grid lg:grid-cols-2 lg:gap-8">
          <div className="flex flex-col gap-5">
            <EditorField
              id={controlId('seoTitle')}
              label={t.fields.seoTitle}
              hint={t.fields.seoTitleHint}
              error={errors.seoTitle?.message}
              count={counted(values.seoTitle, postLimits.seoTitle)}
            >
              {(aria) => (
                <input id={controlId('seoTitle')} className={inputClass} {...aria} {...register('seoTitle')} />
              )}
            </EditorField>
            <EditorField
              id={controlId('seoDescription')}
              label={t.fields.seoDescription}
              hint={t.fields.seoDescriptionHint}
              error={errors.seoDescription?.message}
              count={counted(values.seoDescription, postLimits.seoDescription)}
            >
              {(aria) => (
                <textarea
                  id={controlId('seoDescription')}
                  className={inputClass}
                  rows={3}
                  {...aria}
                  {...register('seoDescription')}
                />
              )}
            </EditorField>
          </div>
          <CoverSection
            controlId={controlId}
            cover={draft.cover}
            alt={values.coverAlt ?? ''}
            altField={register('coverAlt')}
            errors={{ cover: errors.coverImageId?.message, alt: errors.coverAlt?.message }}
            uploading={draft.busy === 'upload'}
            working={working}
            onFile={(event) => void upload(event)}
            onRemove={() => {
              draft.setCover(null);
              clearErrors('coverAlt');
            }}
          />
        </div>
      </fieldset>

      <DeleteDialog
        ref={confirmRef}
        idPrefix={uid}
        deleting={draft.busy === 'delete'}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
