/**
 * Every text the implementation request shows about its own state: validation messages
 * (SPEC §5), file messages, submit-button phases (SPEC §2), success and error toasts
 * (SPEC §8), from content/messages/implementation.yaml (checked at build). The browser form,
 * the server endpoint and the tests import these; quoted spec texts are verbatim.
 */
import type { ImplementationMessages } from '~/lib/content-schemas';
import { fillTemplate } from '~/lib/fill-template';
import * as file from '../../../content/messages/implementation.yaml';

// Each key read straight off the module, so the form's bundle keeps only what it uses.
type Messages = ImplementationMessages;

export const validationMessages = (file as unknown as Messages).validationMessages;
/**
 * Not in the spec, which shows its one required text under every empty field: each empty
 * field's own message. The form shows the spec's text once, as the summary by the button.
 */
export const requiredFieldMessages = (file as unknown as Messages).requiredFieldMessages;
export const fileMessages = (file as unknown as Messages).fileMessages;
/**
 * Not in the spec, which uploads each file in one request: what the chunked upload answers
 * when the document did not arrive whole. Shown after 'Não foi possível fazer upload do arquivo:'.
 */
export const uploadMessages = (file as unknown as Messages).uploadMessages;
/** Submit-button text by phase. */
export const submitPhases = (file as unknown as Messages).submitPhases;
export const successToast = (file as unknown as Messages).successToast;

// Built by a call marked pure, so a bundle that does not read it leaves it out.
const withTemplates = (toasts: Messages['errorToasts']) => ({
  ...toasts,
  upload: (serverMessage: string) => fillTemplate(toasts.upload, { serverMessage }),
  save: (serverMessage: string) => fillTemplate(toasts.save, { serverMessage }),
});
/** SPEC §8 'Implementation and upload'. */
export const errorToasts = /* @__PURE__ */ withTemplates((file as unknown as Messages).errorToasts);

/** The page answering the form posted without JavaScript when the request was not saved. */
export const noScriptAnswer = (file as unknown as Messages).noScriptAnswer;

/** Internal error texts of SPEC §8, used in server logs. */
export const internalErrors = (file as unknown as Messages).internalErrors;
