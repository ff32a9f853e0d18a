import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldShell, describedBy, inputClass } from './FieldShell';

interface TextFieldProps {
  id: string;
  label: string;
  placeholder?: string | undefined;
  type: 'text' | 'email';
  autoComplete: string;
  inputMode?: 'email' | undefined;
  error?: string | undefined;
  busy: boolean;
  registered: UseFormRegisterReturn;
}

/** A required text or e-mail input with its label and error. */
export function TextField({ id, label, error, busy, registered, ...input }: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} required error={error}>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, false, Boolean(error))}
        aria-required="true"
        disabled={busy}
        className={inputClass}
        {...registered}
      />
    </FieldShell>
  );
}
