/**
 * Every text of the lead form and its notices: labels, validation messages (SPEC §5),
 * toasts (SPEC §8), the LGPD notice and the notification e-mail, from
 * content/messages/lead.yaml (checked at build). The island, the server action, the e-mail
 * template and the tests import these; quoted spec texts are verbatim.
 */
import type { LeadMessages } from '~/lib/content-schemas';
import { fillTemplate } from '~/lib/fill-template';
import * as file from '../../../content/messages/lead.yaml';
import { consentNotices } from '../consent-notices';
import { claims, contact, terms } from '../site';

// Each key read straight off the module, so the form's bundle keeps only what it uses.
type Messages = LeadMessages;

/** Labels of the lead types (SPEC §5 values), in the order the select shows them. */
export const tipoLabels = (file as unknown as Messages).tipoLabels;
export const validationMessages = (file as unknown as Messages).validationMessages;
export const fieldLabels = (file as unknown as Messages).fieldLabels;
export const placeholders = (file as unknown as Messages).placeholders;
export const submitLabels = (file as unknown as Messages).submitLabels;
/** SPEC §8 'Lead'. */
export const toasts = (file as unknown as Messages).toasts;
/** Not in the spec: the answer to the eleventh submission in a minute from one address (HTTP 429). */
export const rateLimitMessage = (file as unknown as Messages).rateLimitMessage;

/**
 * The LGPD notice under the button: versioned with the other forms' notices in
 * content/consent-notices.json (change the version with the text; each lead stores it).
 */
export const consentNotice = consentNotices.lead;

/**
 * The optional marketing box's label (unticked by default): consent to marketing e-mail, a
 * purpose apart from the request. Versioned like the notice; each lead stores the answer.
 */
export const marketingNotice = consentNotices.marketing;

/** Heading shown above server-side errors when the form was posted without JavaScript. */
export const serverErrorSummary = (file as unknown as Messages).serverErrorSummary;

// The values below are built by calls marked pure, so a bundle that does not read them
// (the form's island reads neither the e-mail nor the dialogs) leaves them out.
const withTemplates = (email: Messages['leadEmail']) => ({
  ...email,
  subject: (nome: string, tipo: string) => fillTemplate(email.subject, { nome, tipo }),
  intro: (toName: string) => fillTemplate(email.intro, { toName }),
  heldNote: (held: number) => fillTemplate(email.heldNote, { held: String(held) }),
});
/** The team notification e-mail (SPEC §3 template parameters). */
export const leadEmail = /* @__PURE__ */ withTemplates((file as unknown as Messages).leadEmail);

const filledDialogs = (dialogs: Messages['leadDialogs']) => {
  const values = { replyPromise: contact.replyPromise, trialDays: terms.trialDays, noCard: claims.noCard };
  const filled = (dialog: { title: string; description: string }) => ({
    title: fillTemplate(dialog.title, values),
    description: fillTemplate(dialog.description, values),
  });
  return { contato: filled(dialogs.contato), teste: filled(dialogs.teste), demonstracao: filled(dialogs.demonstracao) };
};

/**
 * The lead dialog's heading and text by what the button that opened it promised: a button
 * that says "Começar teste grátis" opens a dialog about the free trial. The form, its fields
 * and its flow are the same in every one.
 */
export const leadDialogs = /* @__PURE__ */ filledDialogs((file as unknown as Messages).leadDialogs);

export type LeadDialogKind = keyof typeof leadDialogs;

/**
 * Which dialog a button's text promises.
 * @example leadDialogOf('Começar teste grátis') // "teste"
 * @example leadDialogOf('Falar com um consultor') // "contato"
 */
export function leadDialogOf(cta: string): LeadDialogKind {
  if (/teste grátis/i.test(cta)) return 'teste';
  if (/demonstra/i.test(cta)) return 'demonstracao';
  return 'contato';
}
