/**
 * The data-subject requests' public words (LGPD art. 18/19): the "Exercer meus direitos" form
 * on /lgpd, its answers, the confirmation page, the e-mail with the link and the team's
 * notice, from content/messages/lgpd.yaml (checked at build). The form, the action, the
 * services, the pages and the tests import these; the admin pages' words are in
 * src/messages/lgpd-admin.ts.
 */
import { DSR_ANSWER_DAYS } from '~/lib/dsr-deadline';
import type { LgpdMessages } from '~/lib/content-schemas';
import { fillTemplate } from '~/lib/fill-template';
import * as file from '../../../content/messages/lgpd.yaml';

// Each key read straight off the module, so the form's bundle keeps only what it uses.
type Messages = LgpdMessages;
const days = DSR_ANSWER_DAYS;

/** Request types (art. 18, and art. 20's review, as /lgpd lists them), in the order the form shows them. */
export const dsrTipoLabels = (file as unknown as Messages).dsrTipoLabels;
export const dsrValidationMessages = (file as unknown as Messages).dsrValidationMessages;
/** What the person reads after sending the form (with or without JavaScript). */
export const dsrAnswers = (file as unknown as Messages).dsrAnswers;

// The values below are built by calls marked pure, so a bundle that does not read them
// leaves them out.
const formWith = (form: Messages['dsrForm']) => ({ ...form, intro: fillTemplate(form.intro, { days }) });
export const dsrForm = /* @__PURE__ */ formWith((file as unknown as Messages).dsrForm);

const confirmPageWith = (page: Messages['dsrConfirmPage']) => ({
  ...page,
  confirmed: { ...page.confirmed, text: (due: string) => fillTemplate(page.confirmed.text, { due, days }) },
});
/** /lgpd/confirmar: the page the e-mailed link opens. */
export const dsrConfirmPage = /* @__PURE__ */ confirmPageWith((file as unknown as Messages).dsrConfirmPage);

const confirmationEmailWith = (email: Messages['dsrConfirmationEmail']) => ({
  ...email,
  body: (tipo: string) => fillTemplate(email.body, { tipo }),
});
/** The e-mail to the person, with the confirmation link. */
export const dsrConfirmationEmail = /* @__PURE__ */ confirmationEmailWith(
  (file as unknown as Messages).dsrConfirmationEmail,
);

const teamEmailWith = (email: Messages['dsrTeamEmail']) => ({
  ...email,
  subject: (tipo: string, due: string) => fillTemplate(email.subject, { tipo, due }),
  intro: fillTemplate(email.intro, { days }),
});
/** The team's notice once a request is confirmed. */
export const dsrTeamEmail = /* @__PURE__ */ teamEmailWith((file as unknown as Messages).dsrTeamEmail);
