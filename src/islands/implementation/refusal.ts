import { errorToasts } from '~/copy/messages/implementation';
import { emptyImplementationForm, type ImplementationFormValues } from '~/lib/validation/implementation-fields';
import type { ServerError } from './submit-request';
import { notify } from '../ui/toasts';

/**
 * What the visitor sees when the server refuses a request: each field's message under its
 * field (then focus on the first), and the spec's toast for the stage that failed (SPEC §8).
 */
export function showRefusal(
  status: number,
  body: ServerError | null,
  form: { setError: (name: keyof ImplementationFormValues, message: string) => void; focusFirstError: () => void },
): void {
  if (body?.fields) {
    for (const [name, message] of Object.entries(body.fields)) {
      if (name in emptyImplementationForm) form.setError(name as keyof ImplementationFormValues, message);
    }
    form.focusFirstError();
  }
  if (body?.stage === 'upload' && body.error) notify('error', errorToasts.uploadTitle, errorToasts.upload(body.error));
  else if (body?.stage === 'save' && body.error) notify('error', errorToasts.saveTitle, errorToasts.save(body.error));
  else if (status >= 500) notify('error', errorToasts.sendTitle, errorToasts.sendSave);
  else notify('error', errorToasts.saveTitle, errorToasts.saveUnexpected);
}
