import { useEffect, useId, useState } from 'react';
import { authCard, authToasts, passwordResetRequestPage as copy } from '~/messages/auth';
import { authClient } from '../auth-client';
import { settle, Unavailable } from '../ui/request-failure';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { notify, preloadToasts } from '../ui/toasts';
import { sanitizeOrWarn, showServerError, showUnavailable, statusOfAuthResult } from './feedback';

/**
 * "Esqueci minha senha" (/auth/esqueci-senha): asks Better Auth to mail a link to set a new
 * password. The server answers the same for an address with or without an account, and so
 * does this form: it never says whether the account exists.
 */
export function PasswordResetRequestForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  useEffect(preloadToasts, []);

  async function submit() {
    setBusy(true);
    const outcome = await settle(
      (signal) => authClient.requestPasswordReset({ email: email.trim(), fetchOptions: { signal } }),
      { statusOf: statusOfAuthResult },
    );
    setBusy(false);
    if (outcome instanceof Unavailable) return showUnavailable();
    if (outcome.error) return showServerError(outcome.error, authToasts.resetRequestError);
    setSent(true);
    notify('success', copy.sentTitle, copy.sent);
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!sanitizeOrWarn({ email }, (_name, clean) => setEmail(clean))) return;
        void submit();
      }}
    >
      <TextField
        id={`${id}-email`}
        label={authCard.email}
        type="email"
        required
        autoComplete="username"
        disabled={busy}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy && <Spinner />}
        {busy ? copy.submitting : copy.submit}
      </button>
      <p role="status" className="text-sm text-slate-700">
        {sent ? copy.sent : ''}
      </p>
    </form>
  );
}
