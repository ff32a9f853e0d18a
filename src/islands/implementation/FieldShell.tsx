import type { ReactNode } from 'react';

/** The look of every text input of the form. */
export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-700';

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
  className?: string | undefined;
}

/** Label, control, hint and error, associated for assistive technology. */
export function FieldShell({ id, label, required, error, hint, children, className }: FieldShellProps) {
  return (
    <div className={className}>
      {/* The asterisk sits outside the label so the field's name stays just the label;
          aria-required says "required" to assistive technology. */}
      <div className="flex gap-1 text-sm font-medium text-slate-800">
        <label htmlFor={id}>{label}</label>
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby for a control: its hint and its error, when present. */
export const describedBy = (id: string, hint: boolean, error: boolean) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
