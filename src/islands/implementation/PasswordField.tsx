import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldShell, describedBy, inputClass } from './FieldShell';

interface PasswordFieldProps {
  id: string;
  label: string;
  placeholder: string;
  showLabel: string;
  hideLabel: string;
  error?: string | undefined;
  busy: boolean;
  registered: UseFormRegisterReturn<'senha'>;
}

/** The access password, with a button that shows or hides what was typed. */
export function PasswordField({
  id,
  label,
  placeholder,
  showLabel,
  hideLabel,
  error,
  busy,
  registered,
}: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <FieldShell id={id} label={label} required error={error}>
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, false, Boolean(error))}
          aria-required="true"
          disabled={busy}
          className={`${inputClass} pr-24`}
          {...registered}
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
    </FieldShell>
  );
}
