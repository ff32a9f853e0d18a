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
 * data-utm-defaults) where the URL has none, and a submission key generated with the
 * form so a double submit or a retry never creates a second lead.
 */
import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { actions, isInputError } from 'astro:actions';
import { useForm } from 'react-hook-form';
import { Toaster, toast } from 'sonner';
import {
  consentNotice,
  fieldLabels,
  placeholders,
  rateLimitMessage,
  submitLabels,
  tipoLabels,
  toasts,
} from '@content/messages/lead';
import { LEAD_EVENT, type LeadConversion } from '~/lib/cookie-consent';
import { ATTRIBUTION_ATTRIBUTE, parseAttribution, resolveUtm } from '~/lib/partner';
import { formatLeadPhone, LEAD_PHONE_MAX_LENGTH } from '~/lib/phone';
import { HONEYPOT_FIELD, LEAD_TIPOS, leadSchema, type LeadFormValues } from '~/lib/validation/lead';
import { settle, Unavailable } from './ui/request-failure';
import './lead-form.css';

export interface LeadServerState {
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
}

export interface LeadFormProps {
  withMessage?: boolean;
  messageLabel?: string;
  source?: string;
  submitLabel?: string;
  serverState?: LeadServerState;
  onSuccess?: () => void;
}

/** Where a plain (JavaScript-off) post goes; see src/middleware.ts. */
export const NO_JS_ENDPOINT = '/contato/enviar?_action=lead';
/** Time to read the success toast before /obrigado replaces the page. */
const REDIRECT_DELAY_MS = 1200;

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const noSubscription = () => () => {};

const VISIBLE_FIELDS = ['nome', 'email', 'celular', 'tipo', 'empresa', 'mensagem'] as const;

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
  const popoverRef = useRef<HTMLDivElement>(null);
  // The toasts' popover is portalled to <body> once mounted: inside the dialog it would vanish when the dialog closes.
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  /** Server-rendered value of a field (a post made without JavaScript), so the HTML already shows it. */
  const initial = (name: string) => ({ defaultValue: serverState?.values[name] ?? '' });
  // Never generated during server rendering: a prerendered page would hand every visitor the same key.
  const [submissionKey, setSubmissionKey] = useState(
    () => serverState?.values['submission_key'] || (typeof window === 'undefined' ? '' : newKey()),
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LeadFormValues>({
    resolver: zodResolver(leadSchema),
    defaultValues: Object.fromEntries(VISIBLE_FIELDS.map((name) => [name, serverState?.values[name] ?? ''])),
  });
  // Server messages (a post without JavaScript) show until the visitor submits again.
  const [showServerErrors, setShowServerErrors] = useState(true);

  /** Toasts live in a popover so they show above the modal dialog (both in the top layer). */
  const notify = (show: () => void) => {
    const popover = popoverRef.current;
    if (popover?.showPopover) {
      if (popover.matches(':popover-open')) popover.hidePopover();
      popover.showPopover();
    }
    show();
  };

  const onValid = async (values: LeadFormValues) => {
    const form = formRef.current!;
    const dialog = form.closest('dialog');
    const attribution = parseAttribution(document.body.getAttribute(ATTRIBUTION_ATTRIBUTE));
    // From the validated values, not the DOM: the fieldset is disabled while sending, and
    // disabled controls are left out of a form's FormData.
    const data = new FormData();
    for (const [key, value] of Object.entries(values)) if (typeof value === 'string') data.set(key, value);
    const honeypot = form.elements.namedItem(HONEYPOT_FIELD);
    if (honeypot instanceof HTMLInputElement) data.set(HONEYPOT_FIELD, honeypot.value);
    data.set('consent_version', consentNotice.version);
    data.set('pagina_origem', window.location.href);
    for (const [key, value] of Object.entries(resolveUtm(window.location.search, attribution))) data.set(key, value);
    data.set('partner_slug', attribution?.partner_slug ?? '');
    data.set('cta_source', dialog?.dataset['source'] || source);
    data.set('submission_key', submissionKey);

    // Astro's client takes no AbortSignal: a request that hangs is raced by the timeout. The
    // submission key makes a resend of the same lead safe if the first one did arrive.
    const outcome = await settle(() => actions.lead(data), { statusOf: ({ error }) => error?.status });
    if (outcome instanceof Unavailable) {
      notify(() => toast.error(toasts.failure.title, { description: toasts.failure.description, toasterId: id }));
      return;
    }
    const { data: result, error } = outcome;
    if (error) {
      if (isInputError(error)) {
        for (const [name, messages] of Object.entries(error.fields)) {
          if (messages?.[0]) setError(name as keyof LeadFormValues, { type: 'server', message: messages[0] });
        }
      }
      const description = error.code === 'TOO_MANY_REQUESTS' ? rateLimitMessage : toasts.failure.description;
      notify(() => toast.error(toasts.failure.title, { description, toasterId: id }));
      return;
    }
    const message = result.outcome === 'warning' ? toasts.savedLater : toasts.success;
    if (result.outcome === 'warning')
      notify(() => toast(message.title, { description: message.description, toasterId: id }));
    else notify(() => toast.success(message.title, { description: message.description, toasterId: id }));
    // For the analytics/marketing tags, when configured and consented (src/components/consent/tag-loader.ts).
    const conversion: LeadConversion = { tipo: values.tipo, source: String(data.get('cta_source') ?? '') };
    document.dispatchEvent(new CustomEvent(LEAD_EVENT, { detail: conversion }));
    dialog?.close();
    reset({ nome: '', email: '', celular: '', tipo: '', empresa: '', mensagem: '' } as unknown as LeadFormValues);
    setSubmissionKey(newKey());
    if (onSuccess) onSuccess();
    else setTimeout(() => window.location.assign('/obrigado'), REDIRECT_DELAY_MS);
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const messageOf = (name: keyof LeadFormValues): string | undefined =>
    errors[name]?.message ?? (showServerErrors ? serverState?.errors[name] : undefined);
  const describe = (name: keyof LeadFormValues) =>
    messageOf(name) ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(name)}-error` } : {};
  const errorText = (name: keyof LeadFormValues) =>
    messageOf(name) ? (
      <p id={`${fieldId(name)}-error`} className="mt-1 text-sm font-medium text-red-700">
        {messageOf(name)}
      </p>
    ) : null;

  const inputClass =
    'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-600 disabled:bg-slate-100';
  const labelClass = 'block text-sm font-semibold text-slate-800';

  const celular = register('celular');

  return (
    <>
      <form
        ref={formRef}
        method="post"
        action={NO_JS_ENDPOINT}
        noValidate
        className="lead-form"
        aria-label="Solicitar contato"
        onSubmit={(event) => {
          setShowServerErrors(false);
          return handleSubmit(onValid)(event);
        }}
      >
        {serverState?.message && (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {serverState.message}
          </p>
        )}
        <fieldset disabled={isSubmitting} className="space-y-4">
          <div>
            <label htmlFor={fieldId('nome')} className={labelClass}>
              {fieldLabels.nome}
            </label>
            <input
              id={fieldId('nome')}
              type="text"
              autoComplete="name"
              placeholder={placeholders.nome}
              className={inputClass}
              {...describe('nome')}
              {...initial('nome')}
              {...register('nome')}
            />
            {errorText('nome')}
          </div>
          <div>
            <label htmlFor={fieldId('email')} className={labelClass}>
              {fieldLabels.email}
            </label>
            <input
              id={fieldId('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={placeholders.email}
              className={inputClass}
              {...describe('email')}
              {...initial('email')}
              {...register('email')}
            />
            {errorText('email')}
          </div>
          <div>
            <label htmlFor={fieldId('celular')} className={labelClass}>
              {fieldLabels.celular}
            </label>
            <input
              id={fieldId('celular')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={LEAD_PHONE_MAX_LENGTH}
              placeholder={placeholders.celular}
              className={inputClass}
              {...describe('celular')}
              {...initial('celular')}
              {...celular}
              onChange={(event) => {
                event.target.value = formatLeadPhone(event.target.value);
                return celular.onChange(event);
              }}
            />
            {errorText('celular')}
          </div>
          <div>
            <label htmlFor={fieldId('tipo')} className={labelClass}>
              {fieldLabels.tipo}
            </label>
            <select
              id={fieldId('tipo')}
              className={inputClass}
              {...describe('tipo')}
              {...initial('tipo')}
              {...register('tipo')}
            >
              <option value="">{fieldLabels.tipoPlaceholder}</option>
              {LEAD_TIPOS.map((tipo) => (
                <option key={tipo} value={tipo}>
                  {tipoLabels[tipo]}
                </option>
              ))}
            </select>
            {errorText('tipo')}
          </div>
          <div className="lead-empresa">
            <label htmlFor={fieldId('empresa')} className={labelClass}>
              {fieldLabels.empresa}
            </label>
            <input
              id={fieldId('empresa')}
              type="text"
              autoComplete="organization"
              placeholder={placeholders.empresa}
              className={inputClass}
              {...describe('empresa')}
              {...initial('empresa')}
              {...register('empresa')}
            />
            {errorText('empresa')}
          </div>
          {withMessage && (
            <div>
              <label htmlFor={fieldId('mensagem')} className={labelClass}>
                {messageLabel}
              </label>
              <textarea
                id={fieldId('mensagem')}
                rows={4}
                placeholder={fieldLabels.mensagemPlaceholder}
                className={inputClass}
                {...describe('mensagem')}
                {...initial('mensagem')}
                {...register('mensagem')}
              />
              {errorText('mensagem')}
            </div>
          )}
          {/* Honeypot: invisible to people and screen readers, tempting to bots. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor={fieldId(HONEYPOT_FIELD)}>Não preencha este campo</label>
            <input id={fieldId(HONEYPOT_FIELD)} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
          </div>
          <input type="hidden" name="submission_key" value={submissionKey} />
          <input type="hidden" name="consent_version" value={consentNotice.version} />
          <input type="hidden" name="cta_source" value={serverState?.values['cta_source'] ?? source} />
          <input type="hidden" name="pagina_origem" value={serverState?.values['pagina_origem'] ?? ''} />
          <button type="submit" className="btn-primary w-full justify-center" aria-live="polite">
            {isSubmitting ? (
              <>
                <svg className="size-5 animate-spin motion-reduce:animate-none" viewBox="0 0 24 24" aria-hidden="true">
                  <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="4" opacity="0.25" />
                  <path d="M22 12a10 10 0 0 0-10-10" fill="none" stroke="currentColor" strokeWidth="4" />
                </svg>
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
      {mounted &&
        createPortal(
          <div ref={popoverRef} popover="manual" className="m-0 size-0 overflow-visible border-0 bg-transparent p-0">
            <Toaster id={id} position="top-center" richColors duration={4000} visibleToasts={3} />
          </div>,
          document.body,
        )}
    </>
  );
}

export default LeadForm;
