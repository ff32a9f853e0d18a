import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TipoDocumento } from '~/lib/validation/implementation-fields';

interface DocumentTypeChoiceProps {
  legend: string;
  labels: Record<TipoDocumento, string>;
  defaultValue: TipoDocumento;
  busy: boolean;
  /** react-hook-form's registration, taken once per radio. */
  register: () => UseFormRegisterReturn<'tipoDocumento'>;
}

/** CPF or CNPJ: two radios; CSS on the checked one shows its section (see the form). */
export function DocumentTypeChoice({ legend, labels, defaultValue, busy, register }: DocumentTypeChoiceProps) {
  return (
    <fieldset disabled={busy}>
      <legend className="text-lg font-semibold text-slate-900">{legend}</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {(['cpf', 'cnpj'] as const).map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-4 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              value={value}
              // In the server HTML too: the section switch and a form posted without JavaScript need it.
              defaultChecked={value === defaultValue}
              className="size-4 accent-brand-700"
              {...register()}
            />
            <span className="font-medium text-slate-900">{labels[value]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
