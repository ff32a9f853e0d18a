/*
 * "Excluir este post?": a native modal <dialog> (focus kept inside, Escape closes), opened
 * by the toolbar's button; Cancel has the focus first, so Enter never deletes by accident.
 */
import type { RefObject } from 'react';
import { editorCopy as t } from '~/messages/blog';

export interface DeleteDialogProps {
  ref: RefObject<HTMLDialogElement | null>;
  idPrefix: string;
  deleting: boolean;
  onConfirm(): void;
}

export function DeleteDialog({ ref, idPrefix, deleting, onConfirm }: DeleteDialogProps) {
  const titleId = `${idPrefix}-confirm-title`;
  const textId = `${idPrefix}-confirm-text`;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="m-auto max-w-md rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t.confirmDeleteTitle}
      </h2>
      <p id={textId} className="mt-2 text-slate-700">
        {t.confirmDeleteText}
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <button
          type="button"
          className="btn-secondary px-4 py-2 text-sm"
          onClick={() => ref.current?.close()}
          autoFocus
        >
          {t.cancel}
        </button>
        <button
          type="button"
          className="btn bg-red-700 px-4 py-2 text-sm text-white hover:bg-red-800"
          disabled={deleting}
          onClick={onConfirm}
        >
          {deleting ? t.deleting : t.confirmDelete}
        </button>
      </div>
    </dialog>
  );
}
