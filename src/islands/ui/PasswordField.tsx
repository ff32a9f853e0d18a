import { useState } from 'react';
import type { TextFieldProps } from './TextField';
import { Field, controlAria, inputClass } from './Field';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type'> {
  /** The toggle's text while the password is hidden, and while it shows. */
  showLabel: string;
  hideLabel: string;
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordField({
  id,
  label,
  description,
  error,
  requiredMark,
  describedBy,
  fieldClassName,
  showLabel,
  hideLabel,
  ...input
}: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const messages = { description, error, requiredMark, describedBy };
  return (
    <Field id={id} label={label} className={fieldClassName} {...messages}>
      <div className="relative">
        <input
          id={id}
          className={`${inputClass} pr-24`}
          {...controlAria(id, messages)}
          {...input}
          type={shown ? 'text' : 'password'}
        />
        <button
          type="button"
          onClick={() => setShown((now) => !now)}
          aria-pressed={shown}
          aria-controls={id}
          className="absolute inset-y-0 right-0 mt-1 rounded-r-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {shown ? hideLabel : showLabel}
        </button>
      </div>
    </Field>
  );
}
