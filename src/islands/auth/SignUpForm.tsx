import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { authCard, authErrors, authToasts } from '~/messages/auth';
import { passwordStrength } from '~/lib/password-strength';
import { NAME_MAX_LENGTH, signUpSchema, type SignUpValues } from '~/lib/validation/auth';
import { authClient } from '../auth-client';
import { PasswordField } from '../ui/PasswordField';
import { settle, Unavailable } from '../ui/request-failure';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { notify } from '../ui/toasts';
import { sanitizeOrWarn, showServerError, showUnavailable, statusOfAuthResult } from './feedback';
import { PasswordMeter } from './PasswordMeter';

const VERIFIED_CALLBACK = '/auth?verificado=1';
const EMPTY: SignUpValues = { fullName: '', email: '', password: '' };

/** The schema's first complaint, as the toast the card has always shown for it. */
function showInvalid(errors: FieldErrors<SignUpValues>) {
  if (errors.fullName) notify('error', authToasts.errorTitle, errors.fullName.message);
  else if (errors.password) notify('error', authErrors.weakPasswordTitle, authErrors.weakPassword);
}

/**
 * Name, e-mail and a new password with its strength meter; the button waits for a password
 * strong enough. A created account still has to confirm its e-mail, so the card goes back
 * to the sign-in tab (`onSuccess`).
 */
export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const id = useId();
  const { register, handleSubmit, getValues, setValue, reset, control, formState } = useForm<
    SignUpValues,
    unknown,
    SignUpValues
  >({ resolver: zodResolver(signUpSchema), defaultValues: EMPTY });
  const busy = formState.isSubmitting;
  const password = useWatch({ control, name: 'password' });
  const strength = passwordStrength(password);

  async function onValid({ fullName, email, password: chosen }: SignUpValues) {
    const outcome = await settle(
      (signal) =>
        authClient.signUp.email({
          name: fullName,
          email,
          password: chosen,
          callbackURL: VERIFIED_CALLBACK,
          fetchOptions: { signal },
        }),
      { statusOf: statusOfAuthResult },
    );
    if (outcome instanceof Unavailable) return showUnavailable();
    if (outcome.error) return showServerError(outcome.error, authToasts.signUpError);
    notify('success', authToasts.signUpSuccessTitle, authToasts.signUpSuccess);
    reset(EMPTY);
    onSuccess();
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const { fullName, email } = getValues();
        if (!sanitizeOrWarn({ fullName, email }, (name, clean) => setValue(name, clean))) return;
        void handleSubmit(onValid, showInvalid)(event);
      }}
      className="space-y-4"
    >
      <TextField
        id={`${id}-name`}
        label={authCard.fullName}
        required
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        disabled={busy}
        {...register('fullName')}
      />
      <TextField
        id={`${id}-email`}
        label={authCard.email}
        type="email"
        required
        autoComplete="email"
        disabled={busy}
        {...register('email')}
      />
      <PasswordField
        id={`${id}-password`}
        label={authCard.password}
        showLabel={authCard.showPassword}
        hideLabel={authCard.hidePassword}
        required
        autoComplete="new-password"
        describedBy={`${id}-strength`}
        disabled={busy}
        {...register('password')}
      />
      <PasswordMeter id={`${id}-strength`} password={password} strength={strength} />
      <button type="submit" className="btn-primary w-full" disabled={busy || !strength.valid}>
        {busy && <Spinner />}
        {busy ? authCard.signingUp : authCard.signUp}
      </button>
    </form>
  );
}
