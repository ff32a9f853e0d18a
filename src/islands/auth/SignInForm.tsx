import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { authCard, authToasts } from '~/messages/auth';
import { signInSchema, type SignInValues } from '~/lib/validation/auth';
import { authClient } from '../auth-client';
import { PasswordField } from '../ui/PasswordField';
import { settle, Unavailable } from '../ui/request-failure';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { sanitizeOrWarn, showServerError, showUnavailable, statusOfAuthResult } from './feedback';

const FORGOT_PASSWORD_PAGE = '/auth/esqueci-senha';

export interface SignInFormProps {
  onStart: () => void;
  onFailure: () => void;
  /** Signed in, with the account's role (where the page then lands). */
  onSuccess: (role: string | undefined) => void;
}

/** E-mail and password; the browser's own checks (required, e-mail shape) run first. */
export function SignInForm({ onStart, onFailure, onSuccess }: SignInFormProps) {
  const id = useId();
  const { register, handleSubmit, getValues, setValue, formState } = useForm<SignInValues, unknown, SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  // Stays busy ('Entrando...') after a success, until the page moves on.
  const [signedIn, setSignedIn] = useState(false);
  const busy = formState.isSubmitting || signedIn;

  async function onValid({ email, password }: SignInValues) {
    onStart();
    // No callbackURL here: Better Auth's client would navigate to it after success. A fresh
    // verification link for an unconfirmed e-mail lands on /auth anyway (server side).
    const outcome = await settle((signal) => authClient.signIn.email({ email, password, fetchOptions: { signal } }), {
      statusOf: statusOfAuthResult,
    });
    if (outcome instanceof Unavailable) showUnavailable();
    else if (outcome.error) showServerError(outcome.error, authToasts.signInError);
    else {
      setSignedIn(true);
      onSuccess((outcome.data?.user as { role?: string | null } | undefined)?.role ?? undefined);
      return;
    }
    onFailure();
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!sanitizeOrWarn({ email: getValues('email') }, (name, clean) => setValue(name, clean))) return;
        void handleSubmit(onValid)(event);
      }}
      className="space-y-4"
    >
      <TextField
        id={`${id}-email`}
        label={authCard.email}
        type="email"
        required
        autoComplete="username"
        disabled={busy}
        {...register('email')}
      />
      <PasswordField
        id={`${id}-password`}
        label={authCard.password}
        showLabel={authCard.showPassword}
        hideLabel={authCard.hidePassword}
        required
        autoComplete="current-password"
        disabled={busy}
        {...register('password')}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy && <Spinner />}
        {busy ? authCard.signingIn : authCard.signIn}
      </button>
      <p className="text-center text-sm">
        <a href={FORGOT_PASSWORD_PAGE} className="font-medium text-brand-700 underline hover:text-brand-800">
          {authCard.forgotPassword}
        </a>
      </p>
    </form>
  );
}
