/*
 * "Exercer meus direitos" (LGPD art. 18; issue 15 item 4), on /lgpd.
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
import { dsrAnswers, dsrForm as copy, dsrTipoLabels } from '@content/messages/lgpd';
import { DSR_TIPOS, HONEYPOT_FIELD, dsrSchema, type DsrFormValues } from '~/lib/validation/dsr';
import { settle, Unavailable } from './ui/request-failure';

export interface DsrServerState {
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
}

/** Where the form posts when JavaScript is off. */
export const DSR_NO_JS_ENDPOINT = '/lgpd/solicitacao?_action=lgpd.request';

const FIELDS = ['tipo', 'nome', 'email', 'cpf', 'detalhes'] as const;

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-600 disabled:bg-slate-100';
const labelClass = 'block text-sm font-semibold text-slate-800';

export function DsrForm({ serverState }: { serverState?: DsrServerState | undefined }) {
  const id = useId();
  const doneRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Never generated while rendering on the server: a prerendered page would hand everyone the same key.
  const [submissionKey] = useState(
    () => serverState?.values['submission_key'] || (typeof window === 'undefined' ? '' : newKey()),
  );
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
  });

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
  const messageOf = (name: keyof DsrFormValues) =>
    errors[name]?.message ?? (showServerErrors ? serverState?.errors[name] : undefined);
  const describe = (name: keyof DsrFormValues, hint = false) => {
    const ids = [hint ? `${fieldId(name)}-hint` : '', messageOf(name) ? `${fieldId(name)}-error` : '']
      .filter(Boolean)
      .join(' ');
    return { ...(messageOf(name) ? { 'aria-invalid': true } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
  };
  const errorText = (name: keyof DsrFormValues) =>
    messageOf(name) ? (
      <p id={`${fieldId(name)}-error`} className="mt-1 text-sm font-medium text-red-700">
        {messageOf(name)}
      </p>
    ) : null;
  const initial = (name: string) => ({ defaultValue: serverState?.values[name] ?? '' });

  return (
    <form
      ref={formRef}
      method="post"
      action={DSR_NO_JS_ENDPOINT}
      noValidate
      aria-label={copy.title}
      onSubmit={(event) => {
        setShowServerErrors(false);
        return handleSubmit(onValid)(event);
      }}
    >
      {alert && (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {alert}
        </p>
      )}
      <fieldset disabled={isSubmitting} className="space-y-4">
        <div>
          <label htmlFor={fieldId('tipo')} className={labelClass}>
            {copy.labels.tipo}
          </label>
          <select
            id={fieldId('tipo')}
            className={inputClass}
            {...describe('tipo')}
            {...initial('tipo')}
            {...register('tipo')}
          >
            <option value="">{copy.labels.tipoPlaceholder}</option>
            {DSR_TIPOS.map((tipo) => (
              <option key={tipo} value={tipo}>
                {dsrTipoLabels[tipo]}
              </option>
            ))}
          </select>
          {errorText('tipo')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={fieldId('nome')} className={labelClass}>
              {copy.labels.nome}
            </label>
            <input
              id={fieldId('nome')}
              type="text"
              autoComplete="name"
              placeholder={copy.placeholders.nome}
              className={inputClass}
              {...describe('nome')}
              {...initial('nome')}
              {...register('nome')}
            />
            {errorText('nome')}
          </div>
          <div>
            <label htmlFor={fieldId('email')} className={labelClass}>
              {copy.labels.email}
            </label>
            <input
              id={fieldId('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={copy.placeholders.email}
              className={inputClass}
              {...describe('email')}
              {...initial('email')}
              {...register('email')}
            />
            {errorText('email')}
          </div>
        </div>
        <div>
          <label htmlFor={fieldId('cpf')} className={labelClass}>
            {copy.labels.cpf}
          </label>
          <input
            id={fieldId('cpf')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            placeholder={copy.placeholders.cpf}
            className={inputClass}
            {...describe('cpf', true)}
            {...initial('cpf')}
            {...register('cpf')}
          />
          <p id={`${fieldId('cpf')}-hint`} className="mt-1 text-sm text-slate-600">
            {copy.labels.cpfHint}
          </p>
          {errorText('cpf')}
        </div>
        <div>
          <label htmlFor={fieldId('detalhes')} className={labelClass}>
            {copy.labels.detalhes}
          </label>
          <textarea
            id={fieldId('detalhes')}
            rows={4}
            placeholder={copy.labels.detalhesPlaceholder}
            className={inputClass}
            {...describe('detalhes')}
            {...initial('detalhes')}
            {...register('detalhes')}
          />
          {errorText('detalhes')}
        </div>
        {/* Honeypot: invisible to people and screen readers, tempting to bots. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={fieldId(HONEYPOT_FIELD)}>Não preencha este campo</label>
          <input id={fieldId(HONEYPOT_FIELD)} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>
        <input type="hidden" name="submission_key" value={submissionKey} />
        <button type="submit" className="btn-primary">
          {isSubmitting ? copy.submit.busy : copy.submit.idle}
        </button>
      </fieldset>
    </form>
  );
}

export default DsrForm;
