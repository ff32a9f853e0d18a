/*
 * The cover: the file input (uploads as soon as a file is chosen, ./useCoverUpload.ts), a
 * status line while it goes, the stored image's preview with a button to remove it, and the
 * alternative text, which the schema requires once there is a cover.
 */
import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { coverMessages, editorCopy as t, postLimits } from '~/messages/blog';
import { COVER_ACCEPT } from '~/lib/cover-image';
import { inputClass } from '../ui/Field';
import { EditorField } from './EditorField';
import type { EditorCover } from './form-values';

export interface CoverSectionProps {
  controlId(name: string): string;
  cover: EditorCover;
  alt: string;
  altField: UseFormRegisterReturn<'coverAlt'>;
  errors: { cover?: string | undefined; alt?: string | undefined };
  uploading: boolean;
  working: boolean;
  onFile(event: ChangeEvent<HTMLInputElement>): void;
  onRemove(): void;
}

export function CoverSection({
  controlId,
  cover,
  alt,
  altField,
  errors,
  uploading,
  working,
  onFile,
  onRemove,
}: CoverSectionProps) {
  return (
    <div className="flex flex-col gap-5">
      <EditorField id={controlId('cover')} label={t.fields.cover} hint={t.fields.coverHint} error={errors.cover}>
        {(aria) => (
          <input
            id={controlId('cover')}
            type="file"
            accept={COVER_ACCEPT}
            className="mt-1 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
            onChange={onFile}
            disabled={working}
            {...aria}
          />
        )}
      </EditorField>
      {uploading && (
        <p role="status" className="text-sm text-slate-700">
          {coverMessages.uploading}
        </p>
      )}
      {cover && (
        <div className="flex items-start gap-4">
          <img src={cover.previewUrl} alt={alt} className="h-24 w-40 rounded-lg border border-slate-200 object-cover" />
          <button type="button" className="btn-ghost px-3 py-2 text-sm" disabled={working} onClick={onRemove}>
            {t.fields.removeCover}
          </button>
        </div>
      )}
      {cover && (
        <EditorField
          id={controlId('coverAlt')}
          label={t.fields.coverAlt}
          error={errors.alt}
          count={{ used: alt.trim().length, max: postLimits.coverAlt }}
        >
          {(aria) => <input id={controlId('coverAlt')} className={inputClass} {...aria} {...altField} />}
        </EditorField>
      )}
    </div>
  );
}
