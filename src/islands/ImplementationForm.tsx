import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { ImplementationFormCopy } from '~/lib/content-schemas';
import {
  errorToasts,
  requiredFieldMessages,
  submitPhases,
  successToast,
  validationMessages,
} from '~/copy/messages/implementation';
import { NO_SCRIPT_SUBMIT_PAGE } from '~/lib/document-upload';
import { INPUT_MAX_LENGTH, masks } from '~/lib/document-masks';
import type { ImplementationRequest } from '~/lib/validation/implementation';
import {
  emptyImplementationForm,
  type ImplementationFormValues,
  type TipoDocumento,
} from '~/lib/validation/implementation-fields';
import { requestReference } from '~/lib/uuid';
import { DocumentTypeChoice } from './implementation/DocumentTypeChoice';
import { FileField } from './implementation/FileField';
import { MaskedField, type MaskedName } from './implementation/MaskedField';
import { SubmitArea } from './implementation/SubmitArea';
import { showRefusal } from './implementation/refusal';
import type { FileSlot } from './implementation/submit-request';
import { useDocumentFiles } from './implementation/useDocumentFiles';
import { lazyResolver, loadValidation } from './implementation/validation';
import { PasswordField } from './ui/PasswordField';
import { TextField } from './ui/TextField';
import { notify, preloadToasts } from './ui/toasts';
import { useFocusFirstError } from './ui/useFocusFirstError';

/*
 * The implementation request form (SPEC §2 'Implementation request'). The same zod schema
 * checks the fields here and again on the server; the request goes out in phases the button
 * follows (implementation/submit-request.ts): the document in chunks, small enough for a
 * Netlify function, then the fields, then the notification e-mail's status. What only an
 * interaction needs — validation, masks, toasts — loads with the first one, so the page's
 * first JavaScript is React, react-hook-form and this form.
 */

type Phase = 'idle' | 'uploading' | 'saving' | 'mailing';

/** The sending code, needed only once the form is sent (prefetched when the visitor starts on it). */
const loadSubmit = () => import('./implementation/submit-request');

/** The confirmation, needed only once a request is saved (prefetched with the sending code). */
const loadConfirmation = () => import('./implementation/Confirmation');
const Confirmation = lazy(() => loadConfirmation().then((module) => ({ default: module.Confirmation })));

/** Which file input belongs to which document type. */
const SLOT_BY_TYPE: Record<TipoDocumento, FileSlot> = { cpf: 'cnh', cnpj: 'responsavelCnh' };

// The section switch is CSS on the checked radio (see the form body).
const HIDE_UNLESS_CPF = '[form:has(input[value=cnpj]:checked)_&]:hidden';
const HIDE_UNLESS_CNPJ = '[form:has(input[value=cpf]:checked)_&]:hidden';
const sectionClass = 'grid gap-4 sm:grid-cols-2';
const headingClass = 'text-lg font-semibold text-slate-900 sm:col-span-2';

type TextName = Exclude<FieldPath<ImplementationFormValues>, 'tipoDocumento' | 'senha' | MaskedName>;

export interface ImplementationFormProps {
  copy: ImplementationFormCopy;
}

export function ImplementationForm({ copy }: ImplementationFormProps) {
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;
  const f = copy.fields;

  const { register, handleSubmit, reset, setError, clearErrors, getValues, formState } = useForm<
    ImplementationFormValues,
    unknown,
    ImplementationRequest
  >({
    resolver: lazyResolver,
    defaultValues: emptyImplementationForm,
    mode: 'onTouched',
    // react-hook-form focuses in registration order; `focusFirstError` follows the order the visitor sees.
    shouldFocusError: false,
  });
  const { errors } = formState;
  const formRef = useRef<HTMLFormElement>(null);

  const documents = useDocumentFiles(copy.file.removed);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  // The reference of the request last saved from this page, shown in the confirmation.
  const [saved, setSaved] = useState<string | null>(null);
  const busy = phase !== 'idle';

  const focusFirstError = useFocusFirstError(formRef, busy);

  async function onValid() {
    const values = getValues();
    const slot = SLOT_BY_TYPE[values.tipoDocumento];
    const file = documents.files[slot];
    setProgress(0);
    setPhase(file ? 'uploading' : 'saving');
    try {
      const { submitRequest } = await loadSubmit();
      const outcome = await submitRequest(values, slot, file, {
        uploading: setProgress,
        saving: () => setPhase('saving'),
        mailing: () => setPhase('mailing'),
      });
      if (outcome.kind === 'failed') notify('error', outcome.title, outcome.description);
      else if (outcome.kind === 'refused') {
        showRefusal(outcome.status, outcome.body, {
          setError: (name, message) => setError(name, { type: 'server', message }),
          focusFirstError,
        });
      } else {
        // The request is saved either way: clear the form so it is not sent twice.
        reset(emptyImplementationForm);
        documents.clear();
        setSaved(requestReference(outcome.id));
        if (outcome.mail === 'failed') notify('error', errorToasts.sendTitle, errorToasts.sendMail);
        else notify('success', successToast.title, successToast.description);
      }
    } catch {
      // The sending code could not be fetched: nothing went out.
      notify('error', errorToasts.sendTitle, errorToasts.sendUpload);
    } finally {
      setPhase('idle');
    }
  }

  /*
   * The schema (shared with the server) says the spec's 'Todos os campos obrigatórios devem
   * ser preenchidos' for every empty field; each field says which one is missing instead, and
   * the spec's text shows once, as the summary by the button.
   */
  const messageOf = (name: TextName | MaskedName) => {
    const message = errors[name]?.message;
    return message === validationMessages.required && name in requiredFieldMessages
      ? requiredFieldMessages[name as keyof typeof requiredFieldMessages]
      : message;
  };
  const missing = Object.values(errors).some((error) => error?.message === validationMessages.required);

  const textField = (name: TextName, autoComplete: string, type: 'text' | 'email' = 'text') => {
    const field = f[name];
    return (
      <TextField
        {...{ type, autoComplete }}
        id={idOf(name)}
        label={field.label}
        requiredMark
        placeholder={'placeholder' in field ? field.placeholder : undefined}
        {...(type === 'email' ? { inputMode: 'email' as const } : {})}
        error={messageOf(name)}
        disabled={busy}
        {...register(name)}
      />
    );
  };
  const emailField = (name: TextName, autoComplete: string) => textField(name, autoComplete, 'email');

  const maskedField = (
    name: MaskedName,
    kind: keyof typeof INPUT_MAX_LENGTH,
    inputMode?: 'numeric' | 'tel',
    hint?: string,
  ) => {
    const autoComplete = kind === 'phone' ? 'tel' : 'off';
    const field = f[name];
    return (
      <MaskedField
        {...{ register, name, hint, autoComplete, busy }}
        {...(inputMode ? { inputMode } : {})}
        id={idOf(name)}
        label={field.label}
        placeholder={'placeholder' in field ? field.placeholder : undefined}
        mask={masks[kind]}
        maxLength={INPUT_MAX_LENGTH[kind]}
        error={messageOf(name)}
      />
    );
  };

  const fileField = (slot: FileSlot) => (
    <FileField
      id={idOf(slot)}
      name={slot}
      label={f[slot].label}
      hint={copy.file.hint}
      removeLabel={copy.file.remove}
      file={documents.files[slot]}
      busy={busy}
      inputRef={documents.inputRef(slot)}
      onChange={(event) => void documents.choose(slot, event)}
      onRemove={() => documents.remove(slot)}
    />
  );

  const heading = (key: string, text: string) => (
    <h2 id={idOf(key)} className={headingClass}>
      {text}
    </h2>
  );

  // The visitor starts on the form: fetch what the first check and the first toast need.
  const startLoading = () => {
    void loadValidation().catch(() => undefined);
    void loadSubmit().catch(() => undefined);
    void loadConfirmation().catch(() => undefined);
    preloadToasts();
  };

  return (
    <>
      {saved ? (
        <Suspense>
          <Confirmation copy={copy.confirmation} reference={saved} />
        </Suspense>
      ) : null}
      <form
        noValidate
        method="post"
        action={NO_SCRIPT_SUBMIT_PAGE}
        encType="multipart/form-data"
        ref={formRef}
        aria-label={copy.formLabel}
        onFocus={startLoading}
        onSubmit={(event) => void handleSubmit(onValid, focusFirstError)(event)}
        className="space-y-8"
        aria-busy={busy}
      >
        <DocumentTypeChoice
          legend={copy.tipoDocumento.legend}
          labels={copy.tipoDocumento}
          defaultValue={emptyImplementationForm.tipoDocumento}
          busy={busy}
          register={() => register('tipoDocumento', { onChange: () => clearErrors() })}
        />

        {/* Both sections are always in the page and CSS shows the chosen one, so the switch
            also works before hydration and with JavaScript off. */}
        <div className={HIDE_UNLESS_CPF}>
          <section aria-labelledby={idOf('sec-cpf')} className={sectionClass}>
            {heading('sec-cpf', copy.sections.cpf)}
            {maskedField('cpf', 'cpf', 'numeric')}
            {textField('nomeCompleto', 'name')}
            {maskedField('celular', 'phone', 'tel')}
            {emailField('email', 'email')}
            {fileField('cnh')}
          </section>
        </div>
        <div className={`space-y-8 ${HIDE_UNLESS_CNPJ}`}>
          <section aria-labelledby={idOf('sec-cnpj')} className={sectionClass}>
            {heading('sec-cnpj', copy.sections.cnpj)}
            {maskedField('cnpj', 'cnpj', undefined, copy.cnpjHint)}
            {textField('razaoSocial', 'organization')}
          </section>
          <section aria-labelledby={idOf('sec-resp')} className={sectionClass}>
            {heading('sec-resp', copy.sections.responsavel)}
            {maskedField('responsavelCpf', 'cpf', 'numeric')}
            {textField('responsavelNome', 'name')}
            {maskedField('responsavelCelular', 'phone', 'tel')}
            {emailField('responsavelEmail', 'email')}
            {fileField('responsavelCnh')}
          </section>
        </div>

        <section aria-labelledby={idOf('sec-acesso')} className={sectionClass}>
          {heading('sec-acesso', copy.sections.acesso)}
          {emailField('emailAcesso', 'username')}
          <PasswordField
            id={idOf('senha')}
            label={f.senha.label}
            requiredMark
            autoComplete="new-password"
            placeholder={f.senha.placeholder}
            showLabel={copy.showPassword}
            hideLabel={copy.hidePassword}
            error={errors.senha?.message}
            disabled={busy}
            {...register('senha')}
          />
        </section>

        <SubmitArea
          summary={missing ? validationMessages.required : undefined}
          busy={busy}
          text={phase === 'uploading' ? `${submitPhases.uploading} ${progress}%` : submitPhases[phase]}
          progress={phase === 'uploading' ? progress : null}
          progressLabel={copy.uploadProgressLabel}
        />
      </form>
    </>
  );
}
