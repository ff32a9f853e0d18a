/*
 * What the auth card tells the visitor when a request does not go through, with the spec's
 * titles (SPEC §2 'Auth', §8), and the sanitising that runs before anything is sent.
 */
import { authErrors, authToasts } from '~/messages/auth';
import { sanitizeAuthField } from '~/lib/input-check';
import type { AuthErrorLike } from '../auth-client';
import { notify } from '../ui/toasts';

const WEAK_PASSWORD_CODES = new Set(['WEAK_PASSWORD', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'INVALID_PASSWORD']);

/** No usable answer (no connection, a timeout, an error page): nothing happened, try again. */
export function showUnavailable() {
  notify('error', authToasts.unavailableTitle, authToasts.unavailable);
}

/** Better Auth's client reads the body itself: a 5xx it hands back is an error page too. */
export const statusOfAuthResult = ({ error }: { error: AuthErrorLike | null }) => error?.status;

/** Shows the server's error with the spec's titles; `fallback` when the server sent no message. */
export function showServerError(error: AuthErrorLike, fallback: string) {
  if (error.code === 'ACCOUNT_LOCKED') notify('error', authErrors.lockedTitle, error.message || authErrors.locked);
  else if (WEAK_PASSWORD_CODES.has(error.code ?? ''))
    notify('error', authErrors.weakPasswordTitle, error.message || authErrors.weakPassword);
  else if (error.code === 'INVALID_INPUT')
    notify('error', authToasts.invalidInputTitle, error.message || authToasts.invalidInput);
  else notify('error', authToasts.errorTitle, error.message || fallback);
}

/**
 * Sanitises the text fields of a form (never the password). When anything was removed the
 * cleaned values go back into the form and the submission stops, so the visitor sees
 * exactly what would be sent.
 */
export function sanitizeOrWarn<K extends string>(
  fields: Record<K, string>,
  apply: (name: K, clean: string) => void,
): boolean {
  let changed = false;
  const cleaned = (Object.keys(fields) as K[]).map((name) => {
    const result = sanitizeAuthField(fields[name]);
    changed ||= result.changed;
    return [name, result.value] as const;
  });
  if (!changed) return true;
  for (const [name, value] of cleaned) apply(name, value);
  notify('error', authToasts.invalidInputTitle, authToasts.invalidInput);
  return false;
}
