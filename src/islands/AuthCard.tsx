import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Toaster, toast } from 'sonner';
import { authCard, authErrors, authToasts } from '@content/messages/auth';
import { sanitizeAuthField } from '~/lib/input-check';
import { passwordStrength } from '~/lib/password-strength';
import { NAME_MAX_LENGTH, signUpNameError } from '~/lib/validation/auth';
import { nextRovingIndex } from '~/lib/roving-focus';
import { authClient, type AuthErrorLike } from './auth-client';
import { settle, Unavailable } from './ui/request-failure';

/*
 * The sign-in / sign-up card of /auth (SPEC §2 'Auth').
 *
 * It renders nothing but 'Carregando...' until Better Auth's client has read the session:
 * a signed-in visitor is sent on to the admin area instead of seeing forms they don't need.
 * The server enforces everything the card checks (password strength, sanitising, lockout,
 * rate limits); the card's checks only spare a round trip and explain the rules early.
 */

export const ADMIN_HOME = '/blog/admin';
const VERIFIED_CALLBACK = '/auth?verificado=1';
/** How long the sign-in success toast shows before the admin area opens. */
const SUCCESS_TOAST_MS = 1500;

/** Why the visitor landed here, read from the query string by the page. */
export type AuthNotice = 'verified' | 'invalid-link' | 'expired';

export interface AuthCardProps {
  notice?: AuthNotice | undefined;
}

type Tab = 'entrar' | 'cadastrar';
const TABS: { id: Tab; label: string }[] = [
  { id: 'entrar', label: authCard.tabSignIn },
  { id: 'cadastrar', label: authCard.tabSignUp },
];

const WEAK_PASSWORD_CODES = new Set(['WEAK_PASSWORD', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'INVALID_PASSWORD']);

/** No usable answer (no connection, a timeout, an error page): nothing happened, try again. */
function showUnavailable() {
  toast.error(authToasts.unavailableTitle, { description: authToasts.unavailable });
}

/** Better Auth's client reads the body itself: a 5xx it hands back is an error page too. */
const statusOfAuthResult = ({ error }: { error: AuthErrorLike | null }) => error?.status;

/** Shows the server's error with the spec's titles; `fallback` when the server sent no message. */
function showServerError(error: AuthErrorLike, fallback: string) {
  if (error.code === 'ACCOUNT_LOCKED')
    toast.error(authErrors.lockedTitle, { description: error.message || authErrors.locked });
  else if (WEAK_PASSWORD_CODES.has(error.code ?? ''))
    toast.error(authErrors.weakPasswordTitle, { description: error.message || authErrors.weakPassword });
  else if (error.code === 'INVALID_INPUT')
    toast.error(authToasts.invalidInputTitle, { description: error.message || authToasts.invalidInput });
  else toast.error(authToasts.errorTitle, { description: error.message || fallback });
}

/**
 * Sanitises the text fields of a form (never the password). When anything was removed the
 * cleaned values go back into the form and the submission stops, so the visitor sees
 * exactly what would be sent.
 */
function sanitizeOrWarn(fields: Record<string, string>, apply: (clean: Record<string, string>) => void): boolean {
  const clean: Record<string, string> = {};
  let changed = false;
  for (const [key, value] of Object.entries(fields)) {
    const result = sanitizeAuthField(value);
    clean[key] = result.value;
    changed ||= result.changed;
  }
  if (!changed) return true;
  apply(clean);
  toast.error(authToasts.invalidInputTitle, { description: authToasts.invalidInput });
  return false;
}

export function AuthCard({ notice }: AuthCardProps) {
  const session = authClient.useSession();
  const [tab, setTab] = useState<Tab>('entrar');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();
  /*
   * True from the moment this card submits a sign-in: the session that appears then is the
   * card's own doing, and the card (not the redirect below) moves on once the success toast
   * has shown. A visitor who arrives already signed in is sent on at once.
   */
  const [signingIn, setSigningIn] = useState(false);
  const arrivedSignedIn = !session.isPending && !!session.data && !signingIn && notice !== 'expired';

  useEffect(() => {
    if (arrivedSignedIn) window.location.replace(ADMIN_HOME);
  }, [arrivedSignedIn]);

  // Notices run once: strict mode or a re-render must not toast twice.
  const noticeShown = useRef(false);
  useEffect(() => {
    if (noticeShown.current || !notice) return;
    noticeShown.current = true;
    if (notice === 'verified') toast.success(authToasts.emailVerifiedTitle, { description: authToasts.emailVerified });
    if (notice === 'invalid-link')
      toast.error(authToasts.verifyLinkInvalidTitle, { description: authToasts.verifyLinkInvalid });
    if (notice === 'expired') {
      toast.error(authToasts.sessionExpiredTitle, { description: authToasts.sessionExpired });
      // The cookie may still name the dead session; signing out clears it (best effort).
      void settle((signal) => authClient.signOut({ fetchOptions: { signal } }));
    }
  }, [notice]);

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextRovingIndex(event.key, index, TABS.length, 'horizontal');
    if (next === undefined) return;
    event.preventDefault();
    setTab(TABS[next]!.id);
    tabRefs.current[next]?.focus();
  }

  // One Toaster in a fixed place, so switching between loading and the card keeps its toasts.
  const toaster = <Toaster position="top-center" richColors closeButton containerAriaLabel="Notificações" />;

  if (session.isPending || arrivedSignedIn) {
    return (
      <>
        {toaster}
        <Loading />
      </>
    );
  }

  return (
    <>
      {toaster}
      <div className="card w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{authCard.heading}</h1>
        <p className="mt-1 text-slate-600">{authCard.intro}</p>
        <div
          role="tablist"
          aria-label={authCard.heading}
          className="mt-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
        >
          {TABS.map((item, index) => {
            const selected = item.id === tab;
            return (
              <button
                key={item.id}
                ref={(node) => {
                  tabRefs.current[index] = node;
                }}
                type="button"
                role="tab"
                id={`${base}-tab-${item.id}`}
                aria-selected={selected}
                aria-controls={`${base}-painel-${item.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setTab(item.id)}
                onKeyDown={(event) => onTabKeyDown(event, index)}
                className={
                  'rounded-md px-3 py-2 text-sm font-semibold transition-colors ' +
                  (selected ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-700 hover:text-brand-700')
                }
              >
                {item.label}
              </button>
            );
          })}
        </div>
        <div
          role="tabpanel"
          id={`${base}-painel-entrar`}
          aria-labelledby={`${base}-tab-entrar`}
          hidden={tab !== 'entrar'}
          className="mt-6"
        >
          <SignInForm
            onStart={() => setSigningIn(true)}
            onFailure={() => setSigningIn(false)}
            onSuccess={() => {
              toast.success(authToasts.signInSuccess);
              // Long enough to read the toast; the session is already set.
              window.setTimeout(() => window.location.assign(ADMIN_HOME), SUCCESS_TOAST_MS);
            }}
          />
        </div>
        <div
          role="tabpanel"
          id={`${base}-painel-cadastrar`}
          aria-labelledby={`${base}-tab-cadastrar`}
          hidden={tab !== 'cadastrar'}
          className="mt-6"
        >
          <SignUpForm onSuccess={() => setTab('entrar')} />
        </div>
      </div>
    </>
  );
}

function Loading() {
  return (
    <div role="status" className="flex items-center gap-3 text-slate-700">
      <Spinner className="size-6 text-brand-700" />
      <span>{authCard.loading}</span>
    </div>
  );
}

function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

function Field({ label, children, id }: { label: string; id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children}</div>
    </div>
  );
}

const inputClass =
  'block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-50';

function PasswordInput({
  id,
  value,
  onChange,
  autoComplete,
  disabled,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  disabled: boolean;
  describedBy?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        id={id}
        name="password"
        type={visible ? 'text' : 'password'}
        required
        autoComplete={autoComplete}
        value={value}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} pr-20`}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {visible ? authCard.hidePassword : authCard.showPassword}
      </button>
    </div>
  );
}

function SignInForm({
  onStart,
  onFailure,
  onSuccess,
}: {
  onStart: () => void;
  onFailure: () => void;
  onSuccess: () => void;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sanitizeOrWarn({ email }, (clean) => setEmail(clean['email'] ?? ''))) return;
    setBusy(true);
    onStart();
    // No callbackURL here: Better Auth's client would navigate to it after success. A fresh
    // verification link for an unconfirmed e-mail lands on /auth anyway (server side).
    const outcome = await settle(
      (signal) => authClient.signIn.email({ email: email.trim(), password, fetchOptions: { signal } }),
      { statusOf: statusOfAuthResult },
    );
    if (outcome instanceof Unavailable) showUnavailable();
    else if (outcome.error) showServerError(outcome.error, authToasts.signInError);
    else {
      // Stays busy ('Entrando...') until the page moves on.
      onSuccess();
      return;
    }
    onFailure();
    setBusy(false);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <Field label={authCard.email} id={`${id}-email`}>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="username"
          value={email}
          disabled={busy}
          onChange={(event) => setEmail(event.target.value)}
          className={inputClass}
        />
      </Field>
      <Field label={authCard.password} id={`${id}-password`}>
        <PasswordInput
          id={`${id}-password`}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          disabled={busy}
        />
      </Field>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy && <Spinner />}
        {busy ? authCard.signingIn : authCard.signIn}
      </button>
    </form>
  );
}

const meterColors = ['bg-red-600', 'bg-red-600', 'bg-orange-500', 'bg-amber-500', 'bg-emerald-600', 'bg-emerald-700'];

function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const id = useId();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const strength = passwordStrength(password);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const clean = (values: Record<string, string>) => {
      setFullName(values['fullName'] ?? '');
      setEmail(values['email'] ?? '');
    };
    if (!sanitizeOrWarn({ fullName, email }, clean)) return;
    const nameError = signUpNameError(fullName);
    if (nameError) {
      toast.error(authToasts.errorTitle, { description: nameError });
      return;
    }
    if (!strength.valid) {
      toast.error(authErrors.weakPasswordTitle, { description: authErrors.weakPassword });
      return;
    }
    setBusy(true);
    const outcome = await settle(
      (signal) =>
        authClient.signUp.email({
          name: fullName.trim(),
          email: email.trim(),
          password,
          callbackURL: VERIFIED_CALLBACK,
          fetchOptions: { signal },
        }),
      { statusOf: statusOfAuthResult },
    );
    setBusy(false);
    if (outcome instanceof Unavailable) return showUnavailable();
    if (outcome.error) return showServerError(outcome.error, authToasts.signUpError);
    toast.success(authToasts.signUpSuccessTitle, { description: authToasts.signUpSuccess });
    setFullName('');
    setEmail('');
    setPassword('');
    onSuccess();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <Field label={authCard.fullName} id={`${id}-name`}>
        <input
          id={`${id}-name`}
          name="fullName"
          type="text"
          required
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          value={fullName}
          disabled={busy}
          onChange={(event) => setFullName(event.target.value)}
          className={inputClass}
        />
      </Field>
      <Field label={authCard.email} id={`${id}-email`}>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          value={email}
          disabled={busy}
          onChange={(event) => setEmail(event.target.value)}
          className={inputClass}
        />
      </Field>
      <Field label={authCard.password} id={`${id}-password`}>
        <PasswordInput
          id={`${id}-password`}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          disabled={busy}
          describedBy={`${id}-strength`}
        />
      </Field>
      <div id={`${id}-strength`} aria-live="polite" className="space-y-2">
        <div className="flex gap-1" aria-hidden="true">
          {[1, 2, 3, 4, 5].map((step) => (
            <span
              key={step}
              className={`h-1.5 flex-1 rounded-full ${password && strength.score >= step ? meterColors[strength.score] : 'bg-slate-200'}`}
            />
          ))}
        </div>
        {password && (
          <>
            <p className="text-sm text-slate-700">
              {authCard.strength}: <strong className="font-semibold text-slate-900">{strength.label}</strong>
            </p>
            {strength.feedback.length > 0 && (
              <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-700">
                {strength.feedback.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy || !strength.valid}>
        {busy && <Spinner />}
        {busy ? authCard.signingUp : authCard.signUp}
      </button>
    </form>
  );
}
