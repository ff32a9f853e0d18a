/*
 * The public forms' messages (content/messages/*.yaml): the lead form, the implementation
 * request and the data-subject requests; `{…}` slots are filled by src/copy/messages/*.
 */
import { z } from 'zod';
import { text, template, stringsOf } from './fields.ts';
import { DSR_TIPOS } from '../validation/dsr-tipos.ts';
import { FIELDS_WITH_REQUIRED_MESSAGE } from '../validation/implementation-fields.ts';

const dialog = (...slots: string[]) =>
  z.object({
    title: text('title'),
    description: slots.length ? template('description', ...slots) : text('description'),
  });

/** The lead form's words (content/messages/lead.yaml); `{…}` slots are filled by src/copy/messages/lead.ts. */
export const leadMessagesSchema = z.object({
  tipoLabels: stringsOf(['proprietario', 'corretor', 'administrador', 'imobiliaria'] as const),
  validationMessages: stringsOf(['nome', 'celular', 'email', 'tipo', 'empresa', 'tooLong'] as const),
  fieldLabels: stringsOf([
    'nome',
    'email',
    'celular',
    'tipo',
    'tipoPlaceholder',
    'empresa',
    'mensagem',
    'mensagemPlaceholder',
  ] as const),
  placeholders: stringsOf(['nome', 'email', 'celular', 'empresa'] as const),
  submitLabels: stringsOf(['idle', 'busy'] as const),
  toasts: z.object({
    success: z.object({ title: text('title'), description: text('description') }),
    failure: z.object({ title: text('title'), description: text('description') }),
    savedLater: z.object({ title: text('title'), description: text('description') }),
  }),
  rateLimitMessage: text('rateLimitMessage'),
  serverErrorSummary: text('serverErrorSummary'),
  leadEmail: z.object({
    toName: text('toName'),
    subject: template('subject', 'nome', 'tipo'),
    empty: text('empty'),
    heading: text('heading'),
    intro: template('intro', 'toName'),
    labels: stringsOf([
      'from_name',
      'from_email',
      'phone',
      'user_type',
      'company',
      'mensagem',
      'pagina_origem',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'current_date',
      'marketing',
      'marketing_sim',
      'marketing_nao',
    ] as const),
    replyHint: text('replyHint'),
    heldNote: template('heldNote', 'held'),
  }),
  leadDialogs: z.object({
    contato: dialog('replyPromise'),
    teste: z.object({
      title: template('title', 'trialDays'),
      description: template('description', 'replyPromise'),
    }),
    demonstracao: dialog('replyPromise'),
  }),
});
export type LeadMessages = z.output<typeof leadMessagesSchema>;

const toast = z.object({ title: text('title'), description: text('description') });

/** The implementation request's words (content/messages/implementation.yaml). */
export const implementationMessagesSchema = z.object({
  validationMessages: stringsOf(['required', 'email', 'senha', 'cpf', 'cnpj', 'phone'] as const),
  requiredFieldMessages: stringsOf(FIELDS_WITH_REQUIRED_MESSAGE),
  fileMessages: z.object({ invalid: toast, tooLarge: toast, attached: z.object({ title: text('title') }) }),
  uploadMessages: stringsOf([
    'incomplete',
    'corrupted',
    'expired',
    'malformed',
    'resentTooOften',
    'clientBusy',
    'storageFull',
    'dailyDocumentsReached',
    'pendingDocumentsFull',
  ] as const),
  submitPhases: stringsOf(['idle', 'uploading', 'saving', 'mailing'] as const),
  successToast: toast,
  errorToasts: z.object({
    uploadTitle: text('uploadTitle'),
    upload: template('upload', 'serverMessage'),
    uploadUnexpected: text('uploadUnexpected'),
    saveTitle: text('saveTitle'),
    save: template('save', 'serverMessage'),
    saveUnexpected: text('saveUnexpected'),
    sendTitle: text('sendTitle'),
    sendUpload: text('sendUpload'),
    sendSave: text('sendSave'),
    sendMail: text('sendMail'),
    sendOther: text('sendOther'),
  }),
  noScriptAnswer: z.object({ back: text('back') }),
  internalErrors: stringsOf(['cnhUpload', 'responsavelCnhUpload', 'save'] as const),
});
export type ImplementationMessages = z.output<typeof implementationMessagesSchema>;

/** The data-subject requests' public words (content/messages/lgpd.yaml); slots filled by src/copy/messages/lgpd.ts. */
export const lgpdMessagesSchema = z.object({
  dsrTipoLabels: stringsOf(DSR_TIPOS),
  dsrForm: z.object({
    title: text('title'),
    intro: template('intro', 'days'),
    labels: stringsOf([
      'tipo',
      'tipoPlaceholder',
      'nome',
      'email',
      'cpf',
      'cpfHint',
      'detalhes',
      'detalhesPlaceholder',
    ] as const),
    placeholders: stringsOf(['nome', 'email', 'cpf'] as const),
    submit: stringsOf(['idle', 'busy'] as const),
  }),
  dsrValidationMessages: stringsOf(['tipo', 'nome', 'email', 'cpf', 'tooLong'] as const),
  dsrAnswers: z.object({
    filed: stringsOf(['title', 'text'] as const),
    failure: text('failure'),
    rateLimited: text('rateLimited'),
    invalid: text('invalid'),
    back: text('back'),
  }),
  dsrConfirmPage: z.object({
    seoTitle: text('seoTitle'),
    seoDescription: text('seoDescription'),
    pending: stringsOf(['title', 'text', 'button'] as const),
    confirmed: z.object({ title: text('title'), text: template('text', 'due', 'days') }),
    invalid: stringsOf(['title', 'text'] as const),
    expired: stringsOf(['title', 'text'] as const),
    used: stringsOf(['title', 'text'] as const),
    newRequest: text('newRequest'),
  }),
  dsrConfirmationEmail: z.object({
    subject: text('subject'),
    greeting: text('greeting'),
    body: template('body', 'tipo'),
    button: text('button'),
    ignore: text('ignore'),
    linkRemoved: text('linkRemoved'),
  }),
  dsrTeamEmail: z.object({
    subject: template('subject', 'tipo', 'due'),
    intro: template('intro', 'days'),
    labels: stringsOf(['tipo', 'nome', 'email', 'cpf', 'detalhes', 'criadaEm', 'prazo', 'link'] as const),
    empty: text('empty'),
  }),
});
export type LgpdMessages = z.output<typeof lgpdMessagesSchema>;
