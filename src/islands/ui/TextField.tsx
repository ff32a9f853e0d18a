import type { InputHTMLAttributes, Ref } from 'react';
import { Field, controlAria, inputClass, type FieldMessages } from './Field';

export interface TextFieldProps extends FieldMessages, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** react-hook-form's `register(name)` may be spread in: its ref reaches the input. */
  ref?: Ref<HTMLInputElement> | undefined;
  /** Classes for the field's wrapper (e.g. a grid span). */
  fieldClassName?: string | undefined;
}

/** A text-like input (text, e-mail, tel) with its label, description and error. */
export function TextField({
  id,
  label,
  description,
  error,
  requiredMark,
  describedBy,
  fieldClassName,
  type = 'text',
  ...input
}: TextFieldProps) {
  const messages = { description, error, requiredMark, describedBy };
  return (
    <Field id={id} label={label} className={fieldClassName} {...messages}>
      <input id={id} type={type} className={inputClass} {...controlAria(id, messages)} {...input} />
    </Field>
  );
}
