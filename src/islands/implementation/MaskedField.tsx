import { useEffect, useRef } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import type { ImplementationFormValues } from '~/lib/validation/implementation-fields';
import { Field, controlAria, inputClass } from '../ui/Field';

/*
 * A required input that formats as the visitor types (CPF, CNPJ, phone). The mask library
 * (IMask) is loaded when such a field is first focused or typed into, and attached to the
 * input the page already has: until then it is a plain input (as without JavaScript), and
 * what was typed meanwhile is formatted as the mask arrives.
 */

export type MaskedName = 'cpf' | 'celular' | 'cnpj' | 'responsavelCpf' | 'responsavelCelular';

/** What the field uses of an attached IMask. */
interface AttachedMask {
  readonly value: string;
  updateValue(): void;
  destroy(): void;
  on(event: 'accept', handler: () => void): unknown;
}

let library: Promise<typeof import('imask').default> | undefined;
const loadMasks = () => {
  library ??= import('imask').then(
    (module) => module.default,
    (error: unknown) => {
      library = undefined;
      throw error;
    },
  );
  return library;
};

interface MaskedFieldProps {
  register: UseFormRegister<ImplementationFormValues>;
  name: MaskedName;
  id: string;
  label: string;
  placeholder?: string | undefined;
  /** IMask options (src/lib/documents.ts `masks`). */
  mask: object;
  maxLength: number;
  busy: boolean;
  error?: string | undefined;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  hint?: string | undefined;
}

export function MaskedField({ register, name, id, label, mask, busy, error, hint, ...input }: MaskedFieldProps) {
  const registered = register(name);
  const element = useRef<HTMLInputElement | null>(null);
  const instance = useRef<AttachedMask | null>(null);

  useEffect(() => () => instance.current?.destroy(), []);

  const attach = () => {
    const current = instance.current;
    // The form's reset writes the input directly: bring the mask in line before the next keystroke.
    if (current) {
      if (current.value !== element.current?.value) current.updateValue();
      return;
    }
    loadMasks()
      .then((IMask) => {
        const input = element.current;
        if (instance.current || !input) return;
        const attached: AttachedMask = IMask(input, mask as Parameters<typeof IMask>[1]);
        instance.current = attached;
        /*
         * React does not see a change IMask writes into the input (it tracks the value the
         * input was last given, and IMask gives it the formatted one), so each change IMask
         * accepts goes to react-hook-form as the input's change: its value, and its checks by
         * the form's mode, as any other field's. The first one is IMask formatting what was
         * typed before it arrived.
         */
        // react-hook-form's handler works on the form's state, whichever render it came from.
        const { onChange } = registered;
        const changed = () => void onChange({ target: input, type: 'change' });
        attached.on('accept', changed);
        if (attached.value) changed();
      })
      // Offline before the library came: the field stays a plain input, which the schema accepts too.
      .catch(() => undefined);
  };

  return (
    <Field id={id} label={label} requiredMark error={error} description={hint}>
      <input
        {...registered}
        ref={(node) => {
          registered.ref(node);
          element.current = node;
        }}
        id={id}
        type="text"
        {...input}
        onFocus={attach}
        onInput={attach}
        {...controlAria(id, { description: hint, error, requiredMark: true })}
        disabled={busy}
        className={inputClass}
      />
    </Field>
  );
}
