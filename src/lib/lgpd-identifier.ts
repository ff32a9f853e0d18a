/**
 * How the admin names a data subject (LGPD art. 18): by e-mail, phone or CPF, normalised the
 * way the tables store or compare them — e-mail lower-cased, phone and CPF as digits.
 */
import { isCpf, unmaskCpf } from './documents';
import { phoneDigits } from './phone';
import { isUuid } from './uuid';

export const IDENTIFIER_KINDS = ['email', 'phone', 'cpf'] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

export interface SubjectIdentifier {
  kind: IdentifierKind;
  value: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The identifier, normalised, or null when the value is not one of its kind.
 * @example parseIdentifier('phone', '+55 (11) 98765-4321') // { kind: 'phone', value: '11987654321' }
 * @example parseIdentifier('email', ' Ana@Example.com ')   // { kind: 'email', value: 'ana@example.com' }
 * @example parseIdentifier('cpf', '123.456.789-00')         // null (check digits)
 */
export function parseIdentifier(kind: string, raw: string): SubjectIdentifier | null {
  const value = raw.trim();
  if (kind === 'email') {
    const email = value.toLowerCase();
    return email.length <= 254 && EMAIL.test(email) ? { kind, value: email } : null;
  }
  if (kind === 'phone') {
    // As the tables store it (./phone.ts); a number with an unknown DDD is still looked up.
    const digits = phoneDigits(value);
    return digits.length === 10 || digits.length === 11 ? { kind, value: digits } : null;
  }
  if (kind === 'cpf') return isCpf(value) ? { kind, value: unmaskCpf(value) } : null;
  return null;
}

/** The most possible matches one post may include: a bound on the work a single request asks for. */
export const MAX_INCLUDED = 200;
/** A possible match's reference as the pages post it: `type:id` (src/server/lgpd/subject-scope.ts). */
const isMatchRef = (ref: string) => /^[a-z]{1,20}:/.test(ref) && isUuid(ref.slice(ref.indexOf(':') + 1));

/**
 * What an admin form posted beyond the identifier: the data-subject request being answered
 * (`requestId`) and the possible matches the admin included (`include`, repeated), each
 * dropped when malformed. Which references count is for the server's scope to decide.
 * @example parseScopeChoice(form) // { requestId: undefined, include: ['lead:0b7e…'] }
 */
export function parseScopeChoice(form: FormData | undefined): { requestId: string | undefined; include: string[] } {
  const requestId = String(form?.get('requestId') ?? '');
  const include = (form?.getAll('include') ?? []).map(String).filter(isMatchRef);
  return {
    requestId: isUuid(requestId) ? requestId : undefined,
    include: [...new Set(include)].slice(0, MAX_INCLUDED),
  };
}
