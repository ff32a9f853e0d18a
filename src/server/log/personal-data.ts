/*
 * The log's second line of defence. The first is that no log call passes personal data
 * (errors go through describeError, requests are logged by route pattern, not URL). Should
 * one slip anyway, these catch the usual shapes: fields named like personal data are
 * replaced (at the top level and one level down), and e-mail addresses, CPF/CNPJ and phone
 * numbers inside any text are masked. Not pino's `redact`: with wildcard paths it cost
 * ~90 µs a line, more than serving a static file; this walk costs a few. Names cannot be recognised in free text, which is why the first line
 * matters; tests/e2e/log-check.ts greps a whole e2e run's log for the test persons' data.
 */

/** Field names whose values never reach a log line, at the top level or one level down. */
export const PERSONAL_FIELDS = [
  'email',
  'emailAcesso',
  'email_acesso',
  'to',
  'replyTo',
  'phone',
  'celular',
  'telefone',
  'whatsapp',
  'cpf',
  'cnpj',
  'documento',
  'nome',
  'name',
  'razaoSocial',
  'razao_social',
  'password',
  'senha',
  'token',
  'secret',
  'cookie',
  'authorization',
  'query',
  'search',
  'ip',
  'headers',
  'body',
] as const;

const PERSONAL = new Set<string>(PERSONAL_FIELDS.map((field) => field.toLowerCase()));

export const REDACTED = '[redacted]';

const EMAIL = /[^\s@'"<>()[\]{},;:]+@[^\s@'"<>()[\]{},;:]+\.[a-z]{2,}/gi;
/*
 * Numbers are matched only as whole tokens (not next to a letter, digit or hyphen), so parts
 * of ids — a UUID's "4e0b-1234" group pair, a hash — are left alone.
 */
const CNPJ = /(?<![\w-])\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}(?![\w-])/g;
const CPF = /(?<![\w-])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w-])/g;
/** (11) 98765-4321, 11 98765-4321, +55 11 98765 4321, 98765-4321 */
const PHONE = /(?:\+?55\s?)?(?:\(\d{2}\)\s?|(?<![\w-])\d{2}\s)?(?<![\w-])9?\d{4}[-\s]\d{4}(?![\w-])/g;
/** Unformatted CPF (11), CNPJ (14) or phone (10–13) digits. */
const DIGIT_RUN = /(?<![\w-])\d{10,14}(?![\w-])/g;

/**
 * Masks e-mail addresses, CPF/CNPJ and phone numbers in a text meant for the log.
 * @example maskPersonalData('lead from ana@exemplo.com, 123.456.789-09') // 'lead from <e-mail>, <cpf>'
 */
export function maskPersonalData(text: string): string {
  if (!/\d|@/.test(text)) return text;
  return text
    .replace(EMAIL, '<e-mail>')
    .replace(CNPJ, '<cnpj>')
    .replace(CPF, '<cpf>')
    .replace(PHONE, '<phone>')
    .replace(DIGIT_RUN, '<number>');
}

function cleanValue(key: string, value: unknown, depth: number): unknown {
  if (PERSONAL.has(key.toLowerCase())) return REDACTED;
  if (typeof value === 'string') return maskPersonalData(value);
  if (depth > 0 && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return redactPersonalData(value as Record<string, unknown>, depth - 1);
  }
  return value;
}

/**
 * A copy of a log line's fields with personal ones replaced and every string masked, one level
 * down into plain objects (deeper values are kept as they are: log calls pass flat fields).
 * @example redactPersonalData({ email: 'a@b.co', lead: { nome: 'Ana', id: 1 } }) // { email: '[redacted]', lead: { nome: '[redacted]', id: 1 } }
 */
export function redactPersonalData(fields: Record<string, unknown>, depth = 1): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) clean[key] = cleanValue(key, fields[key], depth);
  return clean;
}
