/*
 * A public form posted without JavaScript that its action refused comes back as its page
 * again (src/pages/contato/enviar.astro, src/pages/lgpd/solicitacao.astro): with what the
 * visitor typed and the action's message for each field, in the error's status code.
 */
import { isInputError, type ActionError } from 'astro:actions';
import type { ServerFormState } from '~/islands/ui/no-js-form';

/** The values posted and the per-field messages of `error`; the page adds its own summary. */
export async function refusedFormState(request: Request, error: ActionError): Promise<ServerFormState> {
  const values: Record<string, string> = {};
  try {
    // A clone: the React renderer reads the request's body again (form state) while rendering the island.
    for (const [key, value] of await request.clone().formData()) if (typeof value === 'string') values[key] = value;
  } catch {
    // Not a form body (a hand-made request): the form comes back empty.
  }
  const errors: Record<string, string> = {};
  if (isInputError(error)) {
    for (const [field, messages] of Object.entries(error.fields)) if (messages?.[0]) errors[field] = messages[0];
  }
  return { values, errors };
}
