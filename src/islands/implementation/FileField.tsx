import type { ChangeEvent } from 'react';
import { ACCEPT_ATTRIBUTE } from '~/lib/file-type';

interface FileFieldProps {
  id: string;
  /** The form field's name, for a post without JavaScript. */
  name: string;
  label: string;
  hint: string;
  removeLabel: string;
  file: File | null;
  busy: boolean;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}

/** An optional CNH: the file input, its hint, and the chosen file's name with a remove button. */
export function FileField({
  id,
  name,
  label,
  hint,
  removeLabel,
  file,
  busy,
  inputRef,
  onChange,
  onRemove,
}: FileFieldProps) {
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        ref={inputRef}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        aria-describedby={`${id}-hint${file ? ` ${id}-name` : ''}`}
        disabled={busy}
        onChange={onChange}
        className="mt-1 block w-full rounded-lg border border-dashed border-slate-300 bg-slate-50 p-2 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-800"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      {file ? (
        <p id={`${id}-name`} className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <span className="font-medium break-all">{file.name}</span>
          <button
            type="button"
            onClick={onRemove}
            disabled={busy}
            className="rounded px-2 py-1 font-semibold text-brand-700 underline hover:bg-brand-50"
          >
            {removeLabel}
            <span className="sr-only"> {file.name}</span>
          </button>
        </p>
      ) : null}
    </div>
  );
}
