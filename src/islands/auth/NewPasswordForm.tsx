import { useEffect, useId, useState } from 'react';
import { authCard, authErrors, authToasts, newPasswordPage as copy } from '~/messages/auth';
import { passwordStrength } from '~/lib/password-strength';
import { authClient } from '../auth-client';
import { PasswordField } from '../ui/PasswordField';
import { settle, Unavailable } from '../ui/request-failure';
import { Spinner } from '../ui/Spinner';
import { notify, preloadToasts } from '../ui/toasts';
import { showServerError, showUnavailable, statusOfAuthResult } from './feedback';
import { PasswordMeter } from './PasswordMeter';

/** Where the page goes once the password is saved: the sign-in card, which says so. */
const PASSWORD_SET_PAGE = '/auth?senha=definida';

/**
 * The password of the account whose e-mailed link was opened (/auth/nova-senha): the site's
 * password rules and meter, as at sign-up. Saving it confirms the address and ends every
 * session of the account (server side).
 */
export function NewPasswordForm({ token }: { token: string }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const strength = passwordStrength(password);
  useEffect(preloadToasts, []);

  async function submit() {
    if (!strength.valid) return notify('error', authErrors.weakPasswordTitle, authErrors.weakPassword);
    setBusy(true);
    const outcome = await settle(
      (signal) => authClient.resetPassword({ newPassword: password, token, fetchOptions: { signal } }),
      { statusOf: statusOfAuthResult },
    );
    if (outcome instanceof Unavailable) {
      setBusy(false);
      return showUnavailable();
    }
    if (outcome.error) {
      setBusy(false);
      return showServerError(outcome.error, authToasts.newPasswordError);
    }
    window.location.assign(PASSWORD_SET_PAGE);
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <PasswordField
        id={`${id}-password`}
        label={copy.password}
        showLabel={authCard.showPassword}
        hideLabel={authCard.hidePassword}
        required
        autoComplete="new-password"
        describedBy={`${id}-strength`}
        disabled={busy}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordMeter id={`${id}-strength`} password={password} strength={strength} />
      <button type="submit" className="btn-primary w-full" disabled={busy || !strength.valid}>
        {busy && <Spinner />}
        {busy ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
