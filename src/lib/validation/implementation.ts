/**
 * The implementation request (SPEC §2, §3, §5): one zod schema shared by the browser form
 * and the server endpoint, a discriminated union on `tipoDocumento` so each document type
 * requires exactly its own section. Parsing trims text, removes masks (CNPJ letters
 * upper-cased) and drops the fields of the other type. CNH files are not part of it: the
 * browser and the server read them differently, and both judge them with `checkDocument`
 * from `lib/file-type`.
 */
import { z } from './zod';
import { validationMessages as m } from '~/copy/messages/implementation';
import { isCnpj, isCpf, unmaskCnpj, unmaskCpf } from '../documents';
import { isPhone, phoneDigits } from '../phone';
import { plainText, singleLine } from './text';
export * from './implementation-fields';

/** Minimum length of the access password (SPEC §9). */
export const MIN_SENHA_LENGTH = 6;

// An absent field (a hand-made request) reads as an empty one, so it gets the spec's message.
// Every text field of the form is one line: names, razão social, documents, phones, e-mails.
const text = (missing: string) => singleLine(z.string({ error: missing })).trim();

/** A required text: blank is "Todos os campos obrigatórios devem ser preenchidos". */
const required = () => text(m.required).min(1, { error: m.required, abort: true });

const cpf = () =>
  required()
    .refine(isCpf, { error: m.cpf })
    .transform((value) => unmaskCpf(value));

const phone = () =>
  required()
    .refine(isPhone, { error: m.phone })
    .transform((value) => phoneDigits(value));

// The personal e-mails are required for their section; filled but malformed is 'Email inválido'.
const requiredEmail = () => required().pipe(z.email({ error: m.email }));

const access = {
  emailAcesso: text(m.email).pipe(z.email({ error: m.email })),
  // Not trimmed: spaces are legitimate password characters (control characters are not).
  senha: plainText(z.string({ error: m.senha })).min(MIN_SENHA_LENGTH, { error: m.senha }),
};

export const cpfRequestSchema = z.object({
  tipoDocumento: z.literal('cpf'),
  cpf: cpf(),
  nomeCompleto: required(),
  celular: phone(),
  email: requiredEmail(),
  ...access,
});

export const cnpjRequestSchema = z.object({
  tipoDocumento: z.literal('cnpj'),
  cnpj: required()
    .refine(isCnpj, { error: m.cnpj })
    .transform((value) => unmaskCnpj(value)),
  razaoSocial: required(),
  responsavelCpf: cpf(),
  responsavelNome: required(),
  responsavelCelular: phone(),
  responsavelEmail: requiredEmail(),
  ...access,
});

/**
 * The implementation request as typed (masks and all) in, normalised out.
 * @example implementationSchema.parse({ tipoDocumento: 'cpf', cpf: '123.456.789-09', … }).cpf // "12345678909"
 */
export const implementationSchema = z.discriminatedUnion('tipoDocumento', [cpfRequestSchema, cnpjRequestSchema], {
  error: m.required,
});

/** A validated request: unmasked documents and phones, trimmed text. */
export type ImplementationRequest = z.output<typeof implementationSchema>;

/**
 * The first message for each invalid field, keyed by field name: what the server sends
 * back as `fields` and what a form shows under each input.
 * @example fieldErrors(implementationSchema.safeParse({ tipoDocumento: 'cpf' }).error!).cpf
 *   // "Todos os campos obrigatórios devem ser preenchidos"
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'tipoDocumento';
    fields[key] ??= issue.message;
  }
  return fields;
}
