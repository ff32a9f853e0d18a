import { useEffect, useId, useState } from 'react';
import { authCard, authErrors, authToasts, invitationPage as copy } from '~/messages/auth';
import { passwordStrength } from '~/lib/password-strength';
import { invitationAcceptSchema, NAME_MAX_LENGTH } from '~/lib/validation/auth';
import { PasswordField } from '../ui/PasswordField';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { notify, preloadToasts } from '../ui/toasts';
import { PasswordMeter } from './PasswordMeter';

/**
 * The invitation page's form (/auth/convite): name and password, with the sign-up card's
 * rules (invitationAcceptSchema) and strength meter. It posts natively to the page, which
 * checks again, creates the account and answers with the session cookie and a redirect —
 * so the same form works without JavaScript; here it only refuses a weak password early.
 */
export function InvitationForm({ token }: { token: string }) {
  const id = useId();
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const strength = passwordStrength(password);
  useEffect(preloadToasts, []);

  return (
    <form
      method="post"
      className="space-y-4"
      onSubmit={(event) => {
        const parsed = invitationAcceptSchema.safeParse({ fullName, password });
        if (!parsed.success) {
          event.preventDefault();
          const issue = parsed.error.issues[0];
          if (issue?.path[0] === 'password') notify('error', authErrors.weakPasswordTitle, authErrors.weakPassword);
          else notify('error', authToasts.errorTitle, issue?.message);
          return;
        }
        setBusy(true);
      }}
    >
      <input type="hidden" name="token" value={token} />
      <TextField
        id={`${id}-name`}
        name="fullName"
        label={copy.fullName}
        required
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        readOnly={busy}
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
      />
      <PasswordField
        id={`${id}-password`}
        name="password"
        label={copy.password}
        showLabel={authCard.showPassword}
        hideLabel={authCard.hidePassword}
        required
        autoComplete="new-password"
        describedBy={`${id}-strength`}
        readOnly={busy}
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
