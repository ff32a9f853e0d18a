/*
 * A field of the editor: the shared Field (label, description, error and their ARIA wiring,
 * src/islands/ui/Field.tsx) plus, for length-limited text, a "used/max" counter read with
 * the control. The control is rendered by the caller with the ARIA attributes it is given.
 */
import type { ReactNode } from 'react';
import { editorCopy as t } from '~/messages/blog';
import { Field, controlAria } from '../ui/Field';

export interface EditorFieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** Shows "used/max" under the control, in red past the limit. */
  count?: { used: number; max: number } | undefined;
  children: (aria: ReturnType<typeof controlAria>) => ReactNode;
}

export function EditorField({ id, label, hint, error, count, children }: EditorFieldProps) {
  const countId = count ? `${id}-count` : undefined;
  const messages = { description: hint, error, describedBy: countId };
  return (
    <Field id={id} label={label} {...messages}>
      {children(controlAria(id, messages))}
      {count && (
        <p
          id={countId}
          className={`mt-1 text-right text-xs tabular-nums ${count.used > count.max ? 'font-semibold text-red-700' : 'text-slate-600'}`}
        >
          {t.counter(count.used, count.max)}
        </p>
      )}
    </Field>
  );
}
