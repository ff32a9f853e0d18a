import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { ImplementationFormCopy } from '@content/implementation-page';
import { errorToasts, fileMessages, submitPhases, successToast } from '@content/messages/implementation';
import { SUBMIT_ENDPOINT } from '~/lib/document-upload';
import { MASKED_LENGTH, masks } from '~/lib/document-masks';
import { SNIFF_BYTES, checkDocument } from '~/lib/file-type';
import type { ImplementationRequest } from '~/lib/validation/implementation';
import {
  emptyImplementationForm,
  type ImplementationFormValues,
  type TipoDocumento,
} from '~/lib/validation/implementation-fields';
import { DocumentTypeChoice } from './implementation/DocumentTypeChoice';
import { FieldShell, describedBy, inputClass } from './implementation/FieldShell';
import { FileField } from './implementation/FileField';
import { MaskedField, type MaskedName } from './implementation/MaskedField';
import { PasswordField } from './implementation/PasswordField';
import { SubmitArea } from './implementation/SubmitArea';
import type { FileSlot, ServerError } from './implementation/submit-request';
import { LazyToaster, notify, preloadToasts } from './implementation/toasts';
import { lazyResolver, loadValidation } from './implementation/validation';

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
type Files = Record<FileSlot, File | null>;
const NO_FILES: Files = { cnh: null, responsavelCnh: null };

/** Which file input belongs to which document type. */
const SLOT_BY_TYPE: Record<TipoDocumento, FileSlot> = { cpf: 'cnh', cnpj: 'responsavelCnh' };

// The section switch is CSS on the checked radio (see the form body).
const HIDE_UNLESS_CPF = '[form:has(input[value=cnpj]:checked)_&]:hidden';
const HIDE_UNLESS_CNPJ = '[form:has(input[value=cpf]:checked)_&]:hidden';
const sectionClass = 'grid gap-4 sm:grid-cols-2';
const headingClass = 'text-lg font-semibold text-slate-900 sm:col-span-2';

type TextName = Exclude<FieldPath<ImplementationFormValues>, 'tipoDocumento' | 'senha' | MaskedName>;
type InputMode = 'email' | 'numeric' | 'tel' | 'text';

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

  // Focus waits for the render that shows the errors and re-enables the inputs.
  const [focusRequest, setFocusRequest] = useState(0);
  const focusFirstError = () => setFocusRequest((n) => n + 1);

  const [files, setFiles] = useState<Files>(NO_FILES);
  const fileInputs = useRef<Record<FileSlot, HTMLInputElement | null>>({ cnh: null, responsavelCnh: null });
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const busy = phase !== 'idle';

  // react-hook-form may render the errors a commit after the request: check after every
  // render until an invalid control exists, then focus it once per request.
  const focusedRequest = useRef(0);
  useEffect(() => {
    if (busy || focusRequest === focusedRequest.current) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!target) return;
    focusedRequest.current = focusRequest;
    target.focus();
  });

  const setFile = (slot: FileSlot, file: File | null) => {
    const input = fileInputs.current[slot];
    if (!file && input) input.value = '';
    setFiles((current) => ({ ...current, [slot]: file }));
  };

  async function onFileChange(slot: FileSlot, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    // The content decides, not the name or the type the browser guessed from it.
    const check = checkDocument(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()), file.size);
    if (!check.ok) {
      const message = check.reason === 'type' ? fileMessages.invalid : fileMessages.tooLarge;
      notify('error', message.title, message.description);
      setFile(slot, null);
      return;
    }
    setFile(slot, file);
    notify('success', fileMessages.attached.title, file.name);
  }

  function removeFile(slot: FileSlot) {
    setFile(slot, null);
    notify('message', copy.file.removed);
    fileInputs.current[slot]?.focus();
  }

  function showServerError(status: number, body: ServerError | null) {
    if (body?.fields) {
      for (const [name, message] of Object.entries(body.fields)) {
        if (name in emptyImplementationForm) {
          setError(name as FieldPath<ImplementationFormValues>, { type: 'server', message });
        }
      }
      focusFirstError();
    }
    if (body?.stage === 'upload' && body.error)
      notify('error', errorToasts.uploadTitle, errorToasts.upload(body.error));
    else if (body?.stage === 'save' && body.error) notify('error', errorToasts.saveTitle, errorToasts.save(body.error));
    else if (status >= 500) notify('error', errorToasts.sendTitle, errorToasts.sendSave);
    else notify('error', errorToasts.saveTitle, errorToasts.saveUnexpected);
  }

  async function onValid() {
    const values = getValues();
    const slot = SLOT_BY_TYPE[values.tipoDocumento];
    const file = files[slot];
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
      else if (outcome.kind === 'refused') showServerError(outcome.status, outcome.body);
      else {
        // The request is saved either way: clear the form so it is not sent twice.
        reset(emptyImplementationForm);
        setFile('cnh', null);
        setFile('responsavelCnh', null);
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

  const textField = (name: TextName, autoComplete: string, type = 'text', inputMode?: InputMode) => {
    const id = idOf(name);
    const error = errors[name]?.message;
    const field = f[name];
    return (
      <FieldShell id={id} label={field.label} required error={error}>
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={'placeholder' in field ? field.placeholder : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, false, Boolean(error))}
          aria-required="true"
          disabled={busy}
          className={inputClass}
          {...register(name)}
        />
      </FieldShell>
    );
  };
  const emailField = (name: TextName, autoComplete: string) => textField(name, autoComplete, 'email', 'email');

  const maskedField = (
    name: MaskedName,
    kind: keyof typeof MASKED_LENGTH,
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
        maxLength={MASKED_LENGTH[kind]}
        error={errors[name]?.message}
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
      file={files[slot]}
      busy={busy}
      inputRef={(element) => {
        fileInputs.current[slot] = element;
      }}
      onChange={(event) => void onFileChange(slot, event)}
      onRemove={() => removeFile(slot)}
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
    preloadToasts();
  };

  return (
    <>
      <LazyToaster />
      <form
        noValidate
        method="post"
        action={SUBMIT_ENDPOINT}
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
            placeholder={f.senha.placeholder}
            showLabel={copy.showPassword}
            hideLabel={copy.hidePassword}
            error={errors.senha?.message}
            busy={busy}
            registered={register('senha')}
          />
        </section>

        <SubmitArea
          busy={busy}
          text={phase === 'uploading' ? `${submitPhases.uploading} ${progress}%` : submitPhases[phase]}
          progress={phase === 'uploading' ? progress : null}
          progressLabel={copy.uploadProgressLabel}
        />
      </form>
    </>
  );
}
