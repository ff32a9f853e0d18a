/*
 * The lead form (SPEC §2, §4, §5), used by the lead dialog, /contato, partner pages
 * and /gestao.
 *
 * Props (all optional, all serialisable so pages can pass them from .astro):
 * - `withMessage`      adds the free-text "Mensagem (opcional)" field (/contato).
 * - `messageLabel`     its label, default 'Mensagem (opcional)'.
 * - `source`           CTA source stored with the lead; inside the dialog the trigger's
 *                      `data-lead-trigger` value wins.
 * - `submitLabel`      button text, default 'Solicitar contato'.
 * - `serverState`      values and errors of a post made without JavaScript (see
 *                      src/pages/contato/enviar.astro); pages never need to pass it.
 * - `onSuccess`        for React parents only: runs instead of going to /obrigado.
 *
 * Usage: `<LeadForm client:visible withMessage />`. With JavaScript off the form is a
 * plain POST to /contato/enviar?_action=lead: success redirects to /obrigado, errors
 * re-render there with the server's messages.
 *
 * The same zod schema validates here and in the server action. Hidden fields carry the
 * page address and utm_* from the URL, with the partner page's defaults (body
 * data-utm-defaults) where the URL has none (lead/lead-data.ts), and a submission key
 * generated with the form so a double submit or a retry never creates a second lead.
 * Fields, toasts and the no-JavaScript plumbing are the shared pieces of ./ui.
 */
import { useId, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { actions, isInputError } from 'astro:actions';
import { useForm } from 'react-hook-form';
import {
  consentNotice,
  fieldLabels,
  marketingNotice,
  placeholders,
  rateLimitMessage,
  submitLabels,
  tipoLabels,
  toasts,
} from '~/copy/messages/lead';
import { LEAD_EVENT, type LeadConversion } from '~/lib/cookie-consent';
import { formatLeadPhone, PHONE_INPUT_MAX_LENGTH } from '~/lib/phone';
import { HONEYPOT_FIELD, LEAD_TIPOS, leadSchema, type LeadFormValues } from '~/lib/validation/lead';
import { leadFormData } from './lead/lead-data';
import { Field, controlAria, inputClass } from './ui/Field';
import { Honeypot, fieldMessage, useSubmissionKey, type ServerFormState } from './ui/no-js-form';
import { settle, Unavailable } from './ui/request-failure';
import { Spinner } from './ui/Spinner';
import { TextField } from './ui/TextField';
import { notify, preloadToasts, toastShown } from './ui/toasts';
import { useFocusFirstError } from './ui/useFocusFirstError';
import './lead-form.css';

export type LeadServerState = ServerFormState;

export interface LeadFormProps {
  withMessage?: boolean;
  messageLabel?: string;
  source?: string;
  submitLabel?: string;
  serverState?: LeadServerState;
  onSuccess?: () => void;
}

/** Where a plain (JavaScript-off) post goes; src/pages/contato/enviar.astro answers it. */
export const NO_JS_ENDPOINT = '/contato/enviar?_action=lead';
/** Time to read the success toast before /obrigado replaces the page. */
const REDIRECT_DELAY_MS = 1200;

const VISIBLE_FIELDS = ['nome', 'email', 'celular', 'tipo', 'empresa', 'mensagem'] as const;
const EMPTY = {
  ...Object.fromEntries(VISIBLE_FIELDS.map((name) => [name, ''])),
  marketing_opt_in: false,
} as unknown as LeadFormValues;

export function LeadForm({
  withMessage = false,
  messageLabel = fieldLabels.mensagem,
  source = '',
  submitLabel = submitLabels.idle,
  serverState,
  onSuccess,
}: LeadFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [submissionKey, renewSubmissionKey] = useSubmissionKey(serverState);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LeadFormValues>({
    resolver: zodResolver(leadSchema),
    defaultValues: Object.fromEntries(VISIBLE_FIELDS.map((name) => [name, serverState?.values[name] ?? ''])),
    // react-hook-form focuses in registration order; `focusFirstError` follows the order the visitor sees.
    shouldFocusError: false,
  });
  const focusFirstError = useFocusFirstError(formRef, isSubmitting);
  // Server messages (a post without JavaScript) show until the visitor submits again.
  const [showServerErrors, setShowServerErrors] = useState(true);

  const onValid = async (values: LeadFormValues) => {
    const form = formRef.current!;
    const dialog = form.closest('dialog');
    // Inside the dialog the trigger's `data-lead-trigger` value wins.
    const data = leadFormData(values, form, { source: dialog?.dataset['source'] || source, submissionKey });

    // Astro's client takes no AbortSignal: a request that hangs is raced by the timeout. The
    // submission key makes a resend of the same lead safe if the first one did arrive.
    const outcome = await settle(() => actions.lead(data), { statusOf: ({ error }) => error?.status });
    if (outcome instanceof Unavailable) {
      notify('error', toasts.failure.title, toasts.failure.description);
      return;
    }
    const { data: result, error } = outcome;
    if (error) {
      if (isInputError(error)) {
        for (const [name, messages] of Object.entries(error.fields)) {
          if (messages?.[0]) setError(name as keyof LeadFormValues, { type: 'server', message: messages[0] });
        }
        focusFirstError();
      }
      const description = error.code === 'TOO_MANY_REQUESTS' ? rateLimitMessage : toasts.failure.description;
      notify('error', toasts.failure.title, description);
      return;
    }
    const saved = result.outcome === 'warning' ? toasts.savedLater : toasts.success;
    const shown = toastShown(result.outcome === 'warning' ? 'message' : 'success', saved.title, saved.description);
    // For the analytics/marketing tags, when configured and consented (src/components/consent/tag-loader.ts).
    const conversion: LeadConversion = { tipo: values.tipo, source: String(data.get('cta_source') ?? '') };
    document.dispatchEvent(new CustomEvent(LEAD_EVENT, { detail: conversion }));
    dialog?.close();
    reset(EMPTY);
    renewSubmissionKey();
    if (onSuccess) onSuccess();
    // The reading time counts from when the toast is up.
    else void shown.then(() => setTimeout(() => window.location.assign('/obrigado'), REDIRECT_DELAY_MS));
  };

  /** What every field takes: its id, its message, the server-rendered value and react-hook-form's wiring. */
  const field = (name: keyof LeadFormValues) => ({
    id: `${id}-${name}`,
    error: fieldMessage(errors[name]?.message, serverState, name, showServerErrors),
    defaultValue: serverState?.values[name] ?? '',
    ...register(name),
  });
  const celular = field('celular');
  const { error: tipoError, ...tipo } = field('tipo');
  const { error: mensagemError, ...mensagem } = field('mensagem');

  return (
    <form
      ref={formRef}
      method="post"
      action={NO_JS_ENDPOINT}
      noValidate
      className="lead-form"
      aria-label="Solicitar contato"
      // The visitor starts on the form: fetch the toasts now, so a failure still shows offline.
      onFocus={preloadToasts}
      onSubmit={(event) => {
        setShowServerErrors(false);
        return handleSubmit(onValid, focusFirstError)(event);
      }}
    >
      {serverState?.message && (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {serverState.message}
        </p>
      )}
      <fieldset disabled={isSubmitting} className="space-y-4">
        <TextField label={fieldLabels.nome} autoComplete="name" placeholder={placeholders.nome} {...field('nome')} />
        <TextField
          label={fieldLabels.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={placeholders.email}
          {...field('email')}
        />
        <TextField
          label={fieldLabels.celular}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          // Room for a pasted or autofilled "+55 …", which formatLeadPhone then drops.
          maxLength={PHONE_INPUT_MAX_LENGTH}
          placeholder={placeholders.celular}
          {...celular}
          onChange={(event) => {
            event.target.value = formatLeadPhone(event.target.value);
            return celular.onChange(event);
          }}
        />
        <Field id={tipo.id} label={fieldLabels.tipo} error={tipoError}>
          <select {...tipo} className={inputClass} {...controlAria(tipo.id, { error: tipoError })}>
            <option value="">{fieldLabels.tipoPlaceholder}</option>
            {LEAD_TIPOS.map((value) => (
              <option key={value} value={value}>
                {tipoLabels[value]}
              </option>
            ))}
          </select>
        </Field>
        {/* Shown only for the tipos that have a company, by CSS (lead-form.css). */}
        <TextField
          label={fieldLabels.empresa}
          autoComplete="organization"
          placeholder={placeholders.empresa}
          fieldClassName="lead-empresa"
          {...field('empresa')}
        />
        {withMessage && (
          <Field id={mensagem.id} label={messageLabel} error={mensagemError}>
            <textarea
              {...mensagem}
              rows={4}
              placeholder={fieldLabels.mensagemPlaceholder}
              className={inputClass}
              {...controlAria(mensagem.id, { error: mensagemError })}
            />
          </Field>
        )}
        {/* Optional and unticked: marketing e-mail is a purpose of its own (LGPD art. 8 §4), apart from the request. */}
        <div className="flex items-start gap-3">
          <input
            type="checkbox"
            id={`${id}-marketing`}
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
            defaultChecked={serverState?.values['marketing_opt_in'] !== undefined}
            {...register('marketing_opt_in')}
          />
          <label htmlFor={`${id}-marketing`} className="text-sm text-slate-700">
            {marketingNotice.before}
          </label>
        </div>
        <Honeypot id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} />
        <input type="hidden" name="submission_key" value={submissionKey} />
        <input type="hidden" name="consent_version" value={consentNotice.version} />
        <input type="hidden" name="marketing_version" value={marketingNotice.version} />
        <input type="hidden" name="cta_source" value={serverState?.values['cta_source'] ?? source} />
        <input type="hidden" name="pagina_origem" value={serverState?.values['pagina_origem'] ?? ''} />
        <button type="submit" className="btn-primary w-full justify-center" aria-live="polite">
          {isSubmitting ? (
            <>
              <Spinner />
              {submitLabels.busy}
            </>
          ) : (
            submitLabel
          )}
        </button>
      </fieldset>
      <p className="mt-3 text-xs text-slate-600">
        {consentNotice.before}
        <a href={consentNotice.href} className="font-medium text-brand-700 underline">
          {consentNotice.linkText}
        </a>
        {consentNotice.after}
      </p>
    </form>
  );
}

export default LeadForm;
