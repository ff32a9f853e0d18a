/*
 * The editor's sticky bar: the post's status, whether everything is saved, a link to the
 * public page once published, and the save / publish / unpublish / delete buttons (each
 * saying what it is doing while its request runs).
 */
import { editorCopy as t } from '~/messages/blog';
import type { PostStatus } from '~/lib/validation/post';
import type { Busy, SaveKind } from './usePostDraft';

export interface EditorToolbarProps {
  status: PostStatus;
  dirty: boolean;
  busy: Busy;
  /** The post's public address once stored and published (shown only with nothing unsaved). */
  publicPath: string | null;
  canDelete: boolean;
  disabled: boolean;
  onSave(kind: SaveKind): void;
  onDelete(): void;
}

export function EditorToolbar({
  status,
  dirty,
  busy,
  publicPath,
  canDelete,
  disabled,
  onSave,
  onDelete,
}: EditorToolbarProps) {
  const published = status === 'published';
  const off = disabled || busy !== null;
  return (
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
        {published && publicPath && !dirty && (
          <a href={publicPath} className="font-medium text-brand-700 hover:underline">
            {t.view}
          </a>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary px-4 py-2 text-sm" disabled={off} onClick={() => onSave('save')}>
          {busy === 'save' ? t.saving : published ? t.saveChanges : t.saveDraft}
        </button>
        {published ? (
          <button
            type="button"
            className="btn-secondary px-4 py-2 text-sm"
            disabled={off}
            onClick={() => onSave('unpublish')}
          >
            {busy === 'unpublish' ? t.unpublishing : t.unpublish}
          </button>
        ) : (
          <button
            type="button"
            className="btn-primary px-4 py-2 text-sm"
            disabled={off}
            onClick={() => onSave('publish')}
          >
            {busy === 'publish' ? t.publishing : t.publish}
          </button>
        )}
        {canDelete && (
          <button
            type="button"
            className="btn px-4 py-2 text-sm text-red-700 hover:bg-red-50"
            disabled={off}
            onClick={onDelete}
          >
            {t.delete}
          </button>
        )}
      </div>
    </div>
  );
}
