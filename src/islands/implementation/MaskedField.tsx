import type { ComponentType, InputHTMLAttributes, Ref } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import type { ImplementationFormValues, ImplementationRequest } from '~/lib/validation/implementation';
import { FieldShell, describedBy, inputClass } from './FieldShell';

// react-imask's own prop types enumerate every mask kind; the form only needs this much.
type MaskedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'defaultValue'> & {
  value: string;
  onAccept: (value: string) => void;
  inputRef: Ref<HTMLInputElement>;
} & Record<string, unknown>;
const MaskedInput = IMaskInput as unknown as ComponentType<MaskedInputProps>;

export type MaskedName = 'cpf' | 'celular' | 'cnpj' | 'responsavelCpf' | 'responsavelCelular';

interface MaskedFieldProps {
  control: Control<ImplementationFormValues, unknown, ImplementationRequest>;
  name: MaskedName;
  id: string;
  label: string;
  placeholder?: string | undefined;
  mask: object;
  maxLength: number;
  busy: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  hint?: string | undefined;
}

/** A required input that formats as the visitor types (CPF, CNPJ, phone). */
export function MaskedField({
  control,
  name,
  id,
  label,
  placeholder,
  mask,
  maxLength,
  busy,
  ...options
}: MaskedFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldShell id={id} label={label} required error={fieldState.error?.message} hint={options.hint}>
          <MaskedInput
            {...mask}
            id={id}
            name={field.name}
            value={field.value}
            onAccept={(value: string) => field.onChange(value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            maxLength={maxLength}
            autoComplete={options.autoComplete}
            inputMode={options.inputMode}
            placeholder={placeholder}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={describedBy(id, Boolean(options.hint), Boolean(fieldState.error))}
            aria-required="true"
            disabled={busy}
            className={inputClass}
          />
        </FieldShell>
      )}
    />
  );
}
