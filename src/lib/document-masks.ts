/**
 * How CPF, CNPJ and phone numbers look while typed: their masked lengths and the input
 * masks. Apart from src/lib/documents.ts (the checks, with their library) so the form's
 * first JavaScript needs only this; documents.ts re-exports both.
 */
import { PHONE_INPUT_MAX_LENGTH, nationalPhoneDigits } from './phone';

/** Length of each masked value as typed (SPEC §5: CPF 14, CNPJ 18, phone 15). */
export const MASKED_LENGTH = { cpf: 14, cnpj: 18, phone: 15 } as const;

/**
 * What each input takes before its mask applies: the phone field takes a pasted or autofilled
 * "+55 11 98765-4321" whole, which its mask turns into "(11) 98765-4321".
 */
export const INPUT_MAX_LENGTH = { ...MASKED_LENGTH, phone: PHONE_INPUT_MAX_LENGTH } as const;

/**
 * A pasted or autofilled number arrives in one piece: it is read whole (country code,
 * trunk or operator prefix dropped) before the mask, which would otherwise take its first
 * 11 digits ("+55 11 98765-4321" as "(55) 11987-6543"). Keystrokes and the mask's own
 * re-appends pass through.
 */
function preparePhone(chunk: string, _masked: unknown, flags?: { tail?: boolean }): string {
  if (chunk.length < 2 || flags?.tail) return chunk;
  return nationalPhoneDigits(chunk) ?? chunk;
}

/**
 * Input-mask definitions in IMask's option format, kept here as plain data so the
 * island (through IMask) and the unit tests apply the very same masks.
 * `0` is a digit; `X` is a CNPJ character: a letter or digit, upper-cased as typed.
 */
export const masks = {
  cpf: { mask: '000.000.000-00' },
  cnpj: {
    mask: 'XX.XXX.XXX/XXXX-00',
    definitions: { X: /[0-9A-Za-z]/ },
    prepareChar: (char: string) => char.toUpperCase(),
  },
  // A landline has 10 digits, a mobile 11: IMask picks the first pattern that fits.
  phone: { mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }], prepare: preparePhone },
} as const;
