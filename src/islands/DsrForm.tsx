/*
 * "Exercer meus direitos" (LGPD art. 18), on /lgpd.
 *
 * The server renders a complete HTML form that posts to /lgpd/solicitacao?_action=lgpd.request,
 * so it works with JavaScript off (that page answers with the outcome or the form again with
 * the server's messages: `serverState`). /lgpd hydrates it with `client:interaction`: no
 * JavaScript until the visitor touches the form; then the same zod schema as the action checks
 * the fields here, the request goes through `actions.lgpd.request`, and the answer replaces the
 * form. A submission key generated in the browser makes a double submit or a retry harmless.
 */
import { useId, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { actions, isInputError } from 'astro:actions';
import { useForm } from 'react-hook-form';
import { dsrAnswers, dsrForm as copy, dsrTipoLabels } from '~/copy/messages/lgpd';
import { DSR_TIPOS, HONEYPOT_FIELD, dsrSchema, type DsrFormValues } from '~/lib/validation/dsr';
import { Field, controlAria, inputClass } from './ui/Field';
import { Honeypot, fieldMessage, useSubmissionKey, type ServerFormState } from './ui/no-js-form';
import { settle, Unavailable } from './ui/request-failure';
import { TextField } from './ui/TextField';
import { useFocusFirstError } from './ui/useFocusFirstError';

export type DsrServerState = ServerFormState;

/** Where the form posts when JavaScript is off. */
export const DSR_NO_JS_ENDPOINT = '/lgpd/solicitacao?_action=lgpd.request';

const FIELDS = ['tipo', 'nome', 'email', 'cpf', 'detalhes'] as const;

export function DsrForm({ serverState }: { serverState?: DsrServerState | undefined }) {
  const id = useId();
  const doneRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [submissionKey] = useSubmissionKey(serverState);
  const [done, setDone] = useState(false);
  const [alert, setAlert] = useState<string | undefined>(serverState?.message);
  const [showServerErrors, setShowServerErrors] = useState(true);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<DsrFormValues>({
    resolver: zodResolver(dsrSchema),
    defaultValues: Object.fromEntries(FIELDS.map((name) => [name, serverState?.values[name] ?? ''])),
    // react-hook-form focuses in registration order; `focusFirstError` follows the order the visitor sees.
    shouldFocusError: false,
  });
  const focusFirstError = useFocusFirstError(formRef, isSubmitting);

  const onValid = async () => {
    setAlert(undefined);
    // The values as typed (the action parses them with the same schema), read from the form's
    // state: the fieldset is disabled while sending, and disabled controls are left out of FormData.
    const values = getValues();
    const data = new FormData();
    for (const name of FIELDS) data.set(name, String(values[name] ?? ''));
    const honeypot = formRef.current?.elements.namedItem(HONEYPOT_FIELD);
    if (honeypot instanceof HTMLInputElement) data.set(HONEYPOT_FIELD, honeypot.value);
    data.set('submission_key', submissionKey);
    const outcome = await settle(() => actions.lgpd.request(data), { statusOf: ({ error }) => error?.status });
    if (outcome instanceof Unavailable) {
      setAlert(dsrAnswers.failure);
      return;
    }
    if (outcome.error) {
      if (isInputError(outcome.error)) {
        for (const [name, messages] of Object.entries(outcome.error.fields)) {
          if (messages?.[0]) setError(name as keyof DsrFormValues, { type: 'server', message: messages[0] });
        }
        setAlert(dsrAnswers.invalid);
        focusFirstError();
      } else {
        setAlert(outcome.error.code === 'TOO_MANY_REQUESTS' ? dsrAnswers.rateLimited : dsrAnswers.failure);
      }
      return;
    }
    setDone(true);
    requestAnimationFrame(() => doneRef.current?.focus());
  };

  if (done) {
    return (
      <div ref={doneRef} tabIndex={-1} role="status" className="rounded-lg bg-green-50 p-4 text-green-900">
        <p className="font-semibold">{dsrAnswers.filed.title}</p>
        <p className="mt-1 text-sm">{dsrAnswers.filed.text}</p>
      </div>
    );
  }

  const fieldId = (name: string) => `${id}-${name}`;
  /** What every field takes: its id, its message, the server's value and react-hook-form's wiring. */
  const field = (name: keyof DsrFormValues) => ({
    id: fieldId(name),
    error: fieldMessage(errors[name]?.message, serverState, name, showServerErrors),
    defaultValue: serverState?.values[name] ?? '',
    ...register(name),
  });
  const { error: tipoError, ...tipo } = field('tipo');
  const { error: detalhesError, ...detalhes } = field('detalhes');

  return (
    <form
      ref={formRef}
      method="post"
      action={DSR_NO_JS_ENDPOINT}
      noValidate
      aria-label={copy.title}
      onSubmit={(event) => {
        setShowServerErrors(false);
        return handleSubmit(onValid, focusFirstError)(event);
      }}
    >
      {alert && (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {alert}
        </p>
      )}
      <fieldset disabled={isSubmitting} className="space-y-4">
        <Field id={tipo.id} label={copy.labels.tipo} error={tipoError}>
          <select {...tipo} className={inputClass} {...controlAria(tipo.id, { error: tipoError })}>
            <option value="">{copy.labels.tipoPlaceholder}</option>
            {DSR_TIPOS.map((value) => (
              <option key={value} value={value}>
                {dsrTipoLabels[value]}
              </option>
            ))}
          </select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={copy.labels.nome}
            autoComplete="name"
            placeholder={copy.placeholders.nome}
            {...field('nome')}
          />
          <TextField
            label={copy.labels.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={copy.placeholders.email}
            {...field('email')}
          />
        </div>
        <TextField
          label={copy.labels.cpf}
          description={copy.labels.cpfHint}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          placeholder={copy.placeholders.cpf}
          {...field('cpf')}
        />
        <Field id={detalhes.id} label={copy.labels.detalhes} error={detalhesError}>
          <textarea
            {...detalhes}
            rows={4}
            placeholder={copy.labels.detalhesPlaceholder}
            className={inputClass}
            {...controlAria(detalhes.id, { error: detalhesError })}
          />
        </Field>
        <Honeypot id={fieldId(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} />
        <input type="hidden" name="submission_key" value={submissionKey} />
        <button type="submit" className="btn-primary">
          {isSubmitting ? copy.submit.busy : copy.submit.idle}
        </button>
      </fieldset>
    </form>
  );
}

export default DsrForm;
