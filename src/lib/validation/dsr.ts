/**
 * The "Exercer meus direitos" form on /lgpd (LGPD art. 18): one zod schema for the browser
 * form and the server action, with the lead form's protections — plain-text rule, pt-BR
 * messages (content/messages/lgpd.yaml), a honeypot and a submission key for idempotency.
 * The CPF is optional and checked with the same rule as the implementation form
 * (lib/documents, @brazilian-utils); it is stored unmasked.
 */
import { dsrValidationMessages as m } from '~/copy/messages/lgpd';
import { isCpf, unmaskCpf } from '../documents';
import { emailAddress, hiddenText as hidden, personName } from './contact-fields';
import { HONEYPOT_FIELD } from './lead';
import { plainText, singleLine } from './text';
import { z } from './zod';
import { DSR_TIPOS } from './dsr-tipos';

export { DSR_TIPOS, type DsrTipo } from './dsr-tipos';

export { HONEYPOT_FIELD };

export const dsrSchema = z.object({
  tipo: z.enum(DSR_TIPOS, { error: m.tipo }),
  nome: personName(m),
  email: emailAddress(m),
  cpf: singleLine(z.string())
    .trim()
    .max(20, { error: m.cpf })
    .refine((value) => value === '' || isCpf(value), { error: m.cpf })
    .transform((value) => (value === '' ? undefined : unmaskCpf(value)))
    .optional(),
  detalhes: plainText(z.string()).trim().max(2000, { error: m.tooLong }).optional(),
  /** Generated with the form; the same key twice never files a second request. */
  submission_key: hidden(64),
  // Never stored nor shown: a bot filling it gets the usual answer, whatever it typed.
  [HONEYPOT_FIELD]: z.string().optional(),
});

/** What the form holds (before parsing). */
export type DsrFormValues = z.input<typeof dsrSchema>;
/** A validated request as the server receives it. */
export type DsrInput = z.output<typeof dsrSchema>;
