import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentType,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { Toaster, toast } from 'sonner';
import type { ImplementationFormCopy } from '@content/implementation-page';
import { errorToasts, fileMessages, submitPhases, successToast } from '@content/messages/implementation';
import { MASKED_LENGTH, masks } from '~/lib/documents';
import { ACCEPT_ATTRIBUTE, SNIFF_BYTES, checkDocument } from '~/lib/file-type';
import {
  emptyImplementationForm,
  implementationSchema,
  type ImplementationFormValues,
  type ImplementationRequest,
  type TipoDocumento,
} from '~/lib/validation/implementation';
import {
  connectionFailure,
  readReply,
  REQUEST_TIMEOUT_MS,
  requestJson,
  Unavailable,
  type Reply,
} from './ui/request-failure';

/*
 * The implementation request form (SPEC §2 'Implementation request').
 *
 * The same zod schema checks the fields here and again on the server. The whole request
 * (fields and the CNH file of the chosen section) goes in ONE multipart POST through
 * XMLHttpRequest, because fetch cannot report upload progress; the button follows the real
 * phases: upload progress, then 'Salvando dados...' until the server has committed the row,
 * then 'Enviando e-mail...' while the notification's delivery status is polled. The server
 * queues the e-mail in the same transaction and retries it, so a slow mail server never
 * holds the visitor: after a few seconds a still-queued e-mail counts as sent.
 */

export const SUBMIT_ENDPOINT = '/api/implementacao';
/** How long the form waits for the queued notification before calling it done. */
const MAIL_WAIT_MS = 6_000;
const MAIL_POLL_MS = 400;

type Phase = 'idle' | 'uploading' | 'saving' | 'mailing';
type FileSlot = 'cnh' | 'responsavelCnh';
type Files = Record<FileSlot, File | null>;
const NO_FILES: Files = { cnh: null, responsavelCnh: null };

/** Which file input belongs to which document type. */
const SLOT_BY_TYPE: Record<TipoDocumento, FileSlot> = { cpf: 'cnh', cnpj: 'responsavelCnh' };

// The section switch is CSS on the checked radio (see the form body).
const HIDE_UNLESS_CPF = '[form:has(input[value=cnpj]:checked)_&]:hidden';
const HIDE_UNLESS_CNPJ = '[form:has(input[value=cpf]:checked)_&]:hidden';

interface ServerError {
  error?: string;
  stage?: 'upload' | 'save';
  fields?: Record<string, string>;
}

interface Posted {
  answer: Reply | Unavailable;
  /** Whether the browser finished sending the body (files included) before it ended. */
  uploaded: boolean;
}

/**
 * POSTs the form data, reporting upload progress (0–100) and the end of the upload. Never
 * rejects. A request that shows no progress (no bytes going up, no answer coming down) for
 * REQUEST_TIMEOUT_MS is abandoned: a slow upload that keeps moving is never cut short.
 */
function postForm(body: FormData, onProgress: (percent: number) => void, onUploaded: () => void): Promise<Posted> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let uploaded = false;
    let stall: ReturnType<typeof setTimeout> | undefined;
    const finish = (answer: Reply | Unavailable) => {
      clearTimeout(stall);
      resolve({ answer, uploaded });
    };
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        finish(new Unavailable('timeout'));
        xhr.abort();
      }, REQUEST_TIMEOUT_MS);
    };
    xhr.open('POST', SUBMIT_ENDPOINT);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      watch();
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.upload.addEventListener('load', () => {
      watch();
      uploaded = true;
      onUploaded();
    });
    xhr.addEventListener('progress', watch);
    xhr.addEventListener('load', () => finish(readReply(xhr.status, xhr.responseText)));
    xhr.addEventListener('error', () => finish(connectionFailure()));
    // Chromium reports a network timeout (ERR_TIMED_OUT) as `timeout`, not `error`.
    xhr.addEventListener('timeout', () => finish(new Unavailable('timeout')));
    xhr.addEventListener('abort', () => finish(connectionFailure()));
    watch();
    xhr.send(body);
  });
}

/** Polls the notification's delivery until it is sent, fails, or MAIL_WAIT_MS pass. */
async function waitForMail(id: string): Promise<'sent' | 'failed' | 'queued'> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  while (Date.now() < deadline) {
    // A hiccup while polling says nothing about the e-mail (the queue still has it); each poll
    // is bounded by the deadline, so a hung one cannot hold the button in 'Enviando e-mail...'.
    const reply = await requestJson(
      `${SUBMIT_ENDPOINT}/${encodeURIComponent(id)}`,
      {},
      {
        timeoutMs: Math.max(1, deadline - Date.now()),
      },
    );
    if (!(reply instanceof Unavailable) && reply.ok) {
      const { email } = (reply.body ?? {}) as { email?: string };
      if (email === 'sent' || email === 'failed') return email;
    }
    await new Promise((resolve) => setTimeout(resolve, MAIL_POLL_MS));
  }
  return 'queued';
}

// react-imask's own prop types enumerate every mask kind; the form only needs this much.
type MaskedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'defaultValue'> & {
  value: string;
  onAccept: (value: string) => void;
  inputRef: Ref<HTMLInputElement>;
} & Record<string, unknown>;
const MaskedInput = IMaskInput as unknown as ComponentType<MaskedInputProps>;

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-700';

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
  className?: string | undefined;
}

/** Label, control, hint and error, associated for assistive technology. */
function FieldShell({ id, label, required, error, hint, children, className }: FieldShellProps) {
  return (
    <div className={className}>
      {/* The asterisk sits outside the label so the field's name stays just the label;
          aria-required says "required" to assistive technology. */}
      <div className="flex gap-1 text-sm font-medium text-slate-800">
        <label htmlFor={id}>{label}</label>
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby for a control: its hint and its error, when present. */
const describedBy = (id: string, hint: boolean, error: boolean) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

export interface ImplementationFormProps {
  copy: ImplementationFormCopy;
}

export function ImplementationForm({ copy }: ImplementationFormProps) {
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;

  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    getValues,
    formState: { errors },
  } = useForm<ImplementationFormValues, unknown, ImplementationRequest>({
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

  const clearFileInput = (slot: FileSlot) => {
    const input = fileInputs.current[slot];
    if (input) input.value = '';
  };

  async function onFileChange(slot: FileSlot, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    // The content decides, not the name or the type the browser guessed from it.
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const check = checkDocument(head, file.size);
    if (!check.ok) {
      const message = check.reason === 'type' ? fileMessages.invalid : fileMessages.tooLarge;
      toast.error(message.title, { description: message.description });
      clearFileInput(slot);
      setFiles((current) => ({ ...current, [slot]: null }));
      return;
    }
    setFiles((current) => ({ ...current, [slot]: file }));
    toast.success(fileMessages.attached.title, { description: file.name });
  }

  function removeFile(slot: FileSlot) {
    clearFileInput(slot);
    setFiles((current) => ({ ...current, [slot]: null }));
    toast(copy.file.removed);
    fileInputs.current[slot]?.focus();
  }

  function resetAll() {
    reset(emptyImplementationForm);
    clearFileInput('cnh');
    clearFileInput('responsavelCnh');
    setFiles(NO_FILES);
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
    const body = new FormData();
    // The raw values as typed: the server runs the same schema on exactly what was checked here.
    for (const [name, value] of Object.entries(values)) body.append(name, value);
    if (file) body.append(slot, file, file.name);

    setProgress(0);
    setPhase(file ? 'uploading' : 'saving');
    try {
      const { answer, uploaded } = await postForm(body, setProgress, () => setPhase('saving'));
      if (answer instanceof Unavailable) {
        // Cut off before the body was through: the spec's upload text, which asks to check the
        // connection. An error page or a silent server after the upload: the general one.
        const description = answer.reason !== 'server' && !uploaded ? errorToasts.sendUpload : errorToasts.sendOther;
        toast.error(errorToasts.sendTitle, { description });
        return;
      }
      const id = (answer.body as { id?: unknown } | null | undefined)?.id;
      if (!answer.ok || typeof id !== 'string') {
        showServerError(answer.status, (answer.body ?? null) as ServerError | null);
        return;
      }
      setPhase('mailing');
      const mail = await waitForMail(id);
      // The request is saved either way: clear the form so it is not sent twice.
      resetAll();
      if (mail === 'failed') toast.error(errorToasts.sendTitle, { description: errorToasts.sendMail });
      else toast.success(successToast.title, { description: successToast.description });
    } finally {
      setPhase('idle');
    }
  }

  const buttonText =
    phase === 'uploading'
      ? `${submitPhases.uploading} ${progress}%`
      : phase === 'saving'
        ? submitPhases.saving
        : phase === 'mailing'
          ? submitPhases.mailing
          : submitPhases.idle;

  type TextName = Exclude<FieldPath<ImplementationFormValues>, 'tipoDocumento'>;
  const f = copy.fields;

  const textField = (
    name: TextName,
    options: { type?: string; autoComplete?: string; className?: string; inputMode?: 'email' | 'text' } = {},
  ) => {
    const id = idOf(name);
    const error = errors[name]?.message;
    return (
      <FieldShell id={id} label={f[name].label} required error={error} className={options.className}>
        <input
          id={id}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          placeholder={'placeholder' in f[name] ? f[name].placeholder : undefined}
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
    name: TextName,
    mask: object,
    maxLength: number,
    options: { autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'text'; hint?: string } = {},
  ) => {
    const id = idOf(name);
    return (
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <FieldShell id={id} label={f[name].label} required error={fieldState.error?.message} hint={options.hint}>
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
              placeholder={'placeholder' in f[name] ? f[name].placeholder : undefined}
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
  };

  const fileField = (slot: FileSlot) => {
    const id = idOf(slot);
    const file = files[slot];
    return (
      <div className="sm:col-span-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {f[slot].label}
        </label>
        <input
          id={id}
          name={slot}
          ref={(element) => {
            fileInputs.current[slot] = element;
          }}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          aria-describedby={`${id}-hint${file ? ` ${id}-name` : ''}`}
          disabled={busy}
          onChange={(event) => void onFileChange(slot, event)}
          className="mt-1 block w-full rounded-lg border border-dashed border-slate-300 bg-slate-50 p-2 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-800"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {copy.file.hint}
        </p>
        {file ? (
          <p id={`${id}-name`} className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-800">
            <span className="font-medium break-all">{file.name}</span>
            <button
              type="button"
              onClick={() => removeFile(slot)}
              disabled={busy}
              className="rounded px-2 py-1 font-semibold text-brand-700 underline hover:bg-brand-50"
            >
              {copy.file.remove}
              <span className="sr-only"> {file.name}</span>
            </button>
          </p>
        ) : null}
      </div>
    );
  };

  const sectionClass = 'grid gap-4 sm:grid-cols-2';
  const headingClass = 'text-lg font-semibold text-slate-900 sm:col-span-2';
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
            {maskedField('cpf', masks.cpf, MASKED_LENGTH.cpf, { inputMode: 'numeric', autoComplete: 'off' })}
            {textField('nomeCompleto', { autoComplete: 'name' })}
            {maskedField('celular', masks.phone, MASKED_LENGTH.phone, {
              inputMode: 'tel',
              autoComplete: 'tel',
            })}
            {textField('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
            {fileField('cnh')}
          </section>
        </div>
        <div className={`space-y-8 ${HIDE_UNLESS_CNPJ}`}>
          <section aria-labelledby={idOf('sec-cnpj')} className={sectionClass}>
            <h2 id={idOf('sec-cnpj')} className={headingClass}>
              {copy.sections.cnpj}
            </h2>
            {maskedField('cnpj', masks.cnpj, MASKED_LENGTH.cnpj, { autoComplete: 'off', hint: copy.cnpjHint })}
            {textField('razaoSocial', { autoComplete: 'organization' })}
          </section>
          <section aria-labelledby={idOf('sec-resp')} className={sectionClass}>
            <h2 id={idOf('sec-resp')} className={headingClass}>
              {copy.sections.responsavel}
            </h2>
            {maskedField('responsavelCpf', masks.cpf, MASKED_LENGTH.cpf, {
              inputMode: 'numeric',
              autoComplete: 'off',
            })}
            {textField('responsavelNome', { autoComplete: 'name' })}
            {maskedField('responsavelCelular', masks.phone, MASKED_LENGTH.phone, {
              inputMode: 'tel',
              autoComplete: 'tel',
            })}
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
        </div>
      </form>
    </>
  );
}
