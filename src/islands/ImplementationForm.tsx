import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { Toaster, toast } from 'sonner';
import { consentNotices } from '@content/consent-notices';
import type { ImplementationFormCopy } from '@content/implementation-page';
import { errorToasts, fileMessages, submitPhases, successToast } from '@content/messages/implementation';
import { CONSENT_VERSION_FIELD } from '~/lib/consent-notice';
import { SUBMIT_ENDPOINT } from '~/lib/document-upload';
import { MASKED_LENGTH, masks } from '~/lib/documents';
import { SNIFF_BYTES, checkDocument } from '~/lib/file-type';
import {
  emptyImplementationForm,
  implementationSchema,
  type ImplementationFormValues,
  type ImplementationRequest,
  type TipoDocumento,
} from '~/lib/validation/implementation';
import { FieldShell, describedBy, inputClass } from './implementation/FieldShell';
import { FileField } from './implementation/FileField';
import { MaskedField, type MaskedName } from './implementation/MaskedField';
import { submitRequest, type FileSlot, type ServerError } from './implementation/submit-request';

/*
 * The implementation request form (SPEC §2 'Implementation request'). The same zod schema
 * checks the fields here and again on the server; the request goes out in phases the button
 * follows (implementation/submit-request.ts): the document in chunks, small enough for a
 * Netlify function, then the fields, then the notification e-mail's status.
 */

type Phase = 'idle' | 'uploading' | 'saving' | 'mailing';
type Files = Record<FileSlot, File | null>;
const NO_FILES: Files = { cnh: null, responsavelCnh: null };

/** Which file input belongs to which document type. */
const SLOT_BY_TYPE: Record<TipoDocumento, FileSlot> = { cpf: 'cnh', cnpj: 'responsavelCnh' };

// The section switch is CSS on the checked radio (see the form body).
const HIDE_UNLESS_CPF = '[form:has(input[value=cnpj]:checked)_&]:hidden';
const HIDE_UNLESS_CNPJ = '[form:has(input[value=cpf]:checked)_&]:hidden';
const sectionClass = 'grid gap-4 sm:grid-cols-2';
const headingClass = 'text-lg font-semibold text-slate-900 sm:col-span-2';
const notice = consentNotices.implementacao;

type TextName = Exclude<FieldPath<ImplementationFormValues>, 'tipoDocumento' | MaskedName>;

export interface ImplementationFormProps {
  copy: ImplementationFormCopy;
}

export function ImplementationForm({ copy }: ImplementationFormProps) {
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;
  const f = copy.fields;

  const { control, register, handleSubmit, reset, setError, clearErrors, getValues, formState } = useForm<
    ImplementationFormValues,
    unknown,
    ImplementationRequest
  >({
    // The schema's input is a union of the two sections; the form holds both at once.
    resolver: zodResolver(implementationSchema) as unknown as Resolver<
      ImplementationFormValues,
      unknown,
      ImplementationRequest
    >,
    defaultValues: emptyImplementationForm,
    mode: 'onTouched',
    // react-hook-form focuses in registration order, where masked (controlled) inputs come
    // last; `focusFirstError` follows the order the visitor sees instead.
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
  const [showPassword, setShowPassword] = useState(false);
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
    if (!file) {
      const input = fileInputs.current[slot];
      if (input) input.value = '';
    }
    setFiles((current) => ({ ...current, [slot]: file }));
  };

  async function onFileChange(slot: FileSlot, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    // The content decides, not the name or the type the browser guessed from it.
    const check = checkDocument(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()), file.size);
    if (!check.ok) {
      const message = check.reason === 'type' ? fileMessages.invalid : fileMessages.tooLarge;
      toast.error(message.title, { description: message.description });
      setFile(slot, null);
      return;
    }
    setFile(slot, file);
    toast.success(fileMessages.attached.title, { description: file.name });
  }

  function removeFile(slot: FileSlot) {
    setFile(slot, null);
    toast(copy.file.removed);
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
    if (body?.stage === 'upload' && body.error) {
      toast.error(errorToasts.uploadTitle, { description: errorToasts.upload(body.error) });
    } else if (body?.stage === 'save' && body.error) {
      toast.error(errorToasts.saveTitle, { description: errorToasts.save(body.error) });
    } else if (status >= 500) {
      toast.error(errorToasts.sendTitle, { description: errorToasts.sendSave });
    } else {
      toast.error(errorToasts.saveTitle, { description: errorToasts.saveUnexpected });
    }
  }

  async function onValid() {
    const values = getValues();
    const slot = SLOT_BY_TYPE[values.tipoDocumento];
    const file = files[slot];
    setProgress(0);
    setPhase(file ? 'uploading' : 'saving');
    try {
      const outcome = await submitRequest(values, slot, file, {
        uploading: setProgress,
        saving: () => setPhase('saving'),
        mailing: () => setPhase('mailing'),
      });
      if (outcome.kind === 'failed') toast.error(outcome.title, { description: outcome.description });
      else if (outcome.kind === 'refused') showServerError(outcome.status, outcome.body);
      else {
        // The request is saved either way: clear the form so it is not sent twice.
        reset(emptyImplementationForm);
        setFile('cnh', null);
        setFile('responsavelCnh', null);
        if (outcome.mail === 'failed') toast.error(errorToasts.sendTitle, { description: errorToasts.sendMail });
        else toast.success(successToast.title, { description: successToast.description });
      }
    } finally {
      setPhase('idle');
    }
  }

  const buttonText = phase === 'uploading' ? `${submitPhases.uploading} ${progress}%` : submitPhases[phase];

  const textField = (
    name: TextName,
    options: { type?: string; autoComplete?: string; className?: string; inputMode?: 'email' | 'text' } = {},
  ) => {
    const id = idOf(name);
    const error = errors[name]?.message;
    const field = f[name];
    return (
      <FieldShell id={id} label={field.label} required error={error} className={options.className}>
        <input
          id={id}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
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

  const maskedField = (
    name: MaskedName,
    kind: keyof typeof MASKED_LENGTH,
    options: { autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'text'; hint?: string } = {},
  ) => (
    <MaskedField
      control={control}
      name={name}
      id={idOf(name)}
      label={f[name].label}
      placeholder={'placeholder' in f[name] ? f[name].placeholder : undefined}
      mask={masks[kind]}
      maxLength={MASKED_LENGTH[kind]}
      busy={busy}
      {...options}
    />
  );

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

  const senhaId = idOf('senha');
  const senhaError = errors.senha?.message;

  return (
    <>
      <Toaster position="top-center" richColors closeButton containerAriaLabel="Notificações" />
      <form
        noValidate
        method="post"
        action={SUBMIT_ENDPOINT}
        encType="multipart/form-data"
        ref={formRef}
        aria-label={copy.formLabel}
        onSubmit={(event) => void handleSubmit(onValid, focusFirstError)(event)}
        className="space-y-8"
        aria-busy={busy}
      >
        <fieldset disabled={busy}>
          <legend className="text-lg font-semibold text-slate-900">{copy.tipoDocumento.legend}</legend>
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
                  defaultChecked={value === emptyImplementationForm.tipoDocumento}
                  className="size-4 accent-brand-700"
                  {...register('tipoDocumento', { onChange: () => clearErrors() })}
                />
                <span className="font-medium text-slate-900">{copy.tipoDocumento[value]}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {/* Both sections are always in the page and CSS shows the chosen one, so the switch
            also works before hydration and with JavaScript off. */}
        <div className={HIDE_UNLESS_CPF}>
          <section aria-labelledby={idOf('sec-cpf')} className={sectionClass}>
            <h2 id={idOf('sec-cpf')} className={headingClass}>
              {copy.sections.cpf}
            </h2>
            {maskedField('cpf', 'cpf', { inputMode: 'numeric', autoComplete: 'off' })}
            {textField('nomeCompleto', { autoComplete: 'name' })}
            {maskedField('celular', 'phone', { inputMode: 'tel', autoComplete: 'tel' })}
            {textField('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
            {fileField('cnh')}
          </section>
        </div>
        <div className={`space-y-8 ${HIDE_UNLESS_CNPJ}`}>
          <section aria-labelledby={idOf('sec-cnpj')} className={sectionClass}>
            <h2 id={idOf('sec-cnpj')} className={headingClass}>
              {copy.sections.cnpj}
            </h2>
            {maskedField('cnpj', 'cnpj', { autoComplete: 'off', hint: copy.cnpjHint })}
            {textField('razaoSocial', { autoComplete: 'organization' })}
          </section>
          <section aria-labelledby={idOf('sec-resp')} className={sectionClass}>
            <h2 id={idOf('sec-resp')} className={headingClass}>
              {copy.sections.responsavel}
            </h2>
            {maskedField('responsavelCpf', 'cpf', { inputMode: 'numeric', autoComplete: 'off' })}
            {textField('responsavelNome', { autoComplete: 'name' })}
            {maskedField('responsavelCelular', 'phone', { inputMode: 'tel', autoComplete: 'tel' })}
            {textField('responsavelEmail', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
            {fileField('responsavelCnh')}
          </section>
        </div>

        <section aria-labelledby={idOf('sec-acesso')} className={sectionClass}>
          <h2 id={idOf('sec-acesso')} className={headingClass}>
            {copy.sections.acesso}
          </h2>
          {textField('emailAcesso', { type: 'email', autoComplete: 'username', inputMode: 'email' })}
          <FieldShell id={senhaId} label={f.senha.label} required error={senhaError}>
            <div className="relative">
              <input
                id={senhaId}
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                placeholder={f.senha.placeholder}
                aria-invalid={senhaError ? true : undefined}
                aria-describedby={describedBy(senhaId, false, Boolean(senhaError))}
                aria-required="true"
                disabled={busy}
                className={`${inputClass} pr-24`}
                {...register('senha')}
              />
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-pressed={showPassword}
                aria-controls={senhaId}
                className="absolute inset-y-0 right-0 mt-1 rounded-r-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                {showPassword ? copy.hidePassword : copy.showPassword}
              </button>
            </div>
          </FieldShell>
        </section>

        <div>
          <button type="submit" disabled={busy} className="btn-primary w-full sm:w-auto">
            {busy ? (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
              />
            ) : null}
            {buttonText}
          </button>
          {phase === 'uploading' ? (
            <progress
              max={100}
              value={progress}
              aria-label={copy.uploadProgressLabel}
              className="mt-3 block h-2 w-full overflow-hidden rounded accent-brand-700"
            />
          ) : null}
          <p role="status" className="sr-only">
            {busy ? buttonText : ''}
          </p>
          {/* The LGPD notice, versioned in content/consent-notices.ts; the version goes with the post. */}
          <input type="hidden" name={CONSENT_VERSION_FIELD} value={notice.version} />
          <p className="mt-3 text-xs text-slate-600">
            {notice.before}
            <a href={notice.href} className="font-medium text-brand-700 underline">
              {notice.linkText}
            </a>
            {notice.after}
          </p>
        </div>
      </form>
    </>
  );
}
