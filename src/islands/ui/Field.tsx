/*
 * One field of any island's form: the label, the control, an optional description and the
 * error, tied together for assistive technology (the control's id, aria-describedby naming the
 * description and the error, aria-invalid while there is an error). The look is the
 * implementation form's, which every form now shares: one class string for every text-like
 * control (`inputClass`), so a change of style happens in one place.
 *
 * Kept free of react-hook-form and zod: public pages load it with their islands, and only
 * the forms that already carried those libraries may bring them.
 */
import type { ReactNode } from 'react';

/** The look of every text input, select and textarea of the islands. */
export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-700 disabled:bg-slate-100';

/** What a field says about its control, besides the label. */
export interface FieldMessages {
  /** Help shown under the control, read with it. */
  description?: ReactNode | undefined;
  /** The current error; the control is marked invalid while there is one. */
  error?: string | undefined;
  /** Shows an asterisk after the label and says "required" to assistive technology. */
  requiredMark?: boolean | undefined;
  /** Ids of further text that describes the control (e.g. a password's strength meter). */
  describedBy?: string | undefined;
}

export interface FieldProps extends FieldMessages {
  id: string;
  label: ReactNode;
  children: ReactNode;
  className?: string | undefined;
}

export const descriptionId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/**
 * The ARIA attributes of a field's control: aria-describedby (description, error, then any
 * other ids), aria-invalid while there is an error, aria-required when the field is marked so.
 * @example controlAria('f-email', { error: 'E-mail inválido' })
 * // { 'aria-describedby': 'f-email-error', 'aria-invalid': true }
 */
export function controlAria(id: string, { description, error, requiredMark, describedBy }: FieldMessages) {
  const ids = [description ? descriptionId(id) : '', error ? errorId(id) : '', describedBy ?? '']
    .filter(Boolean)
    .join(' ');
  return {
    ...(ids ? { 'aria-describedby': ids } : {}),
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(requiredMark ? { 'aria-required': true as const } : {}),
  };
}

/** Label, control, description and error, associated for assistive technology. */
export function Field({ id, label, requiredMark, description, error, children, className }: FieldProps) {
  return (
    <div className={className}>
      {/* The asterisk sits outside the label so the field's name stays just the label;
          aria-required says "required" to assistive technology. */}
      <div className="flex gap-1 text-sm font-medium text-slate-800">
        <label htmlFor={id}>{label}</label>
        {requiredMark ? (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        ) : null}
      </div>
      {children}
      {description ? (
        <p id={descriptionId(id)} className="mt-1 text-sm text-slate-600">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(id)} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
