/**
 * Brazilian phone numbers as people paste them, and the lead form's phone field (SPEC §5).
 *
 * `nationalPhoneDigits` is the one rule, shared by the lead form, the implementation form,
 * their zod schemas (browser and server) and the input masks: it takes what was typed,
 * pasted or autofilled ("+55 11 98765-4321", "015 11 98765 4321", "(11) 98765-4321") and
 * gives the national number, DDD plus 8 or 9 digits, or null. A prefix is dropped only
 * when what follows is a real Brazilian number, so "(55) 99876-5432" keeps its DDD 55.
 *
 * Every other form of a phone comes from here too: the national digits the database keeps
 * (`phoneDigits`), E.164 for the CRMs, the "(11) 98765-4321" mask people read, and the
 * `tel:` and `wa.me` links. Stored rows hold digits; a mask is only ever applied on the way out.
 */
import { isValidLandlinePhone } from '@brazilian-utils/brazilian-utils/is-valid-landline-phone';
import { isValidMobilePhone } from '@brazilian-utils/brazilian-utils/is-valid-mobile-phone';

export type PhoneKind = 'mobile' | 'landline';

/**
 * Longest value a phone field takes while being typed or pasted: room for a country code or
 * an operator code ("0055 (11) 98765-4321"), which the field then drops. A limit of 15 would
 * cut "+55 11 98765-4321" to "+55 11 98765-43", whose 11 digits read as DDD 55.
 */
export const PHONE_INPUT_MAX_LENGTH = 20;

/** Longest value the lead field keeps otherwise (SPEC §5): the length of "(11) 99999-9999". */
export const LEAD_PHONE_MAX_LENGTH = 15;

// A value starting with "+" or "0" is an international or trunk prefix still being typed.
const PREFIXED = /^\s*[+0]/;

/** The accepted shape: area code in parentheses, space, 5 digits, hyphen, 4 digits. */
export const LEAD_PHONE_PATTERN = /^\(\d{2}\) \d{5}-\d{4}$/;

// What a written phone number is made of; anything else (letters, "ramal") is not guessed at.
const PHONE_CHARACTERS = /^[\d\s().\-/+]*$/;
const COUNTRY_CODE = '55';

/** Whether digits are a real national number (DDD in use, valid subscriber number) of an accepted kind. */
function isNational(digits: string, accept: readonly PhoneKind[]): boolean {
  if (digits.length === 11) return accept.includes('mobile') && isValidMobilePhone(digits);
  if (digits.length === 10) return accept.includes('landline') && isValidLandlinePhone(digits);
  return false;
}

/**
 * The readings a value allows: as written, without a country code, without the trunk
 * "0", without "0" and a carrier selection code (two digits, never starting with 0).
 */
function readings(value: string, digits: string): string[] {
  const written = value.trim();
  // "+" or "00" announce an international number: only Brazil's code is ours.
  if (written.startsWith('+')) return digits.startsWith(COUNTRY_CODE) ? [digits.slice(2)] : [];
  if (digits.startsWith('00')) return digits.startsWith(`00${COUNTRY_CODE}`) ? [digits.slice(4)] : [];
  const found = [digits];
  if (digits.startsWith(COUNTRY_CODE)) found.push(digits.slice(2));
  if (/^0[1-9]/.test(digits)) found.push(digits.slice(1), digits.slice(3));
  return found;
}

/**
 * The national digits (DDD + number) of a Brazilian phone written in any usual way, or null
 * when it is not one, or when two readings would both be real numbers.
 * A bare "55" is a country code only when the 10 or 11 digits after it are a number: 11
 * digits starting "55 9" are a DDD 55 mobile, 13 starting "55" are +55, DDD and mobile.
 * @example nationalPhoneDigits('+55 11 98765-4321')  // "11987654321"
 * @example nationalPhoneDigits('0 21 11 98765-4321') // "11987654321"
 * @example nationalPhoneDigits('(55) 99876-5432')    // "55998765432"
 * @example nationalPhoneDigits('(11) 3000-0000', ['mobile']) // null
 */
export function nationalPhoneDigits(
  value: string,
  accept: readonly PhoneKind[] = ['mobile', 'landline'],
): string | null {
  if (!PHONE_CHARACTERS.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  const [only, ...others] = new Set(readings(value, digits).filter((reading) => isNational(reading, accept)));
  return only !== undefined && others.length === 0 ? only : null;
}

/**
 * Whether a value is a Brazilian phone (masked or not) with a real area code and a valid
 * mobile or landline number, a country code, trunk or operator prefix allowed.
 * @example isPhone('(11) 98765-4321')   // true
 * @example isPhone('(11) 3000-0000')    // true
 * @example isPhone('+55 11 98765-4321') // true
 * @example isPhone('(20) 98765-4321')   // false (20 is not an area code)
 */
export function isPhone(value: string): boolean {
  return nationalPhoneDigits(value) !== null;
}

/**
 * National digits in the form's mask: (##) #####-#### or (##) ####-####.
 * @example maskNationalPhone('11987654321') // "(11) 98765-4321"
 * @example maskNationalPhone('1130000000')  // "(11) 3000-0000"
 */
export function maskNationalPhone(digits: string): string {
  const split = digits.length - 4;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, split)}-${digits.slice(split)}`;
}

/**
 * The lead phone field's value after an edit: a Brazilian mobile, however written, becomes
 * "(DD) 9XXXX-XXXX"; anything else is kept as typed, cut at 15 characters — or at
 * `PHONE_INPUT_MAX_LENGTH` while a "+55"/"0" prefix is being typed, which the number drops.
 * @example formatLeadPhone('11987654321')       // "(11) 98765-4321"
 * @example formatLeadPhone('+55 11 98765-4321') // "(11) 98765-4321"
 * @example formatLeadPhone('1198765')           // "1198765"
 * @example formatLeadPhone('1234567890123456')  // "123456789012345"
 */
export function formatLeadPhone(value: string): string {
  const digits = nationalPhoneDigits(value, ['mobile']);
  if (digits) return maskNationalPhone(digits);
  return value.slice(0, PREFIXED.test(value) ? PHONE_INPUT_MAX_LENGTH : LEAD_PHONE_MAX_LENGTH);
}

/**
 * The lead's phone as stored: the spec's shape "(DD) 9XXXX-XXXX" holding a real mobile, or a
 * mobile written with a country or trunk prefix ("+55 11 98765-4321", "015 11 98765 4321"),
 * which a paste or autofill brings; bare digits keep the spec's rule and are refused.
 * @example leadPhoneOf('(11) 98765-4321')   // "(11) 98765-4321"
 * @example leadPhoneOf('+55 11 98765-4321') // "(11) 98765-4321"
 * @example leadPhoneOf('11987654321')       // null
 * @example leadPhoneOf('(55) 11987-6543')   // null
 */
export function leadPhoneOf(value: string): string | null {
  const national = nationalPhoneDigits(value, ['mobile']);
  if (!national) return null;
  const prefixed = value.replace(/\D/g, '').length > national.length;
  return prefixed || isLeadPhone(value) ? maskNationalPhone(national) : null;
}

/**
 * Whether a value has the accepted shape.
 * @example isLeadPhone('(11) 98765-4321') // true
 * @example isLeadPhone('11987654321')     // false
 */
export function isLeadPhone(value: string): boolean {
  return LEAD_PHONE_PATTERN.test(value);
}

/**
 * The digits a phone is stored and compared as: the national number when the value reads as
 * one, else its bare digits (a half-typed or foreign number still compares with itself).
 * @example phoneDigits('(11) 98765-4321')   // "11987654321"
 * @example phoneDigits('+55 11 98765-4321') // "11987654321"
 * @example phoneDigits('123')               // "123"
 */
export function phoneDigits(value: string): string {
  return nationalPhoneDigits(value) ?? value.replace(/\D/g, '');
}

/**
 * The values a phone column may hold for a number, to look it up by equality (and its index):
 * the national digits every row is written with, and the mask of a row from before that.
 * @example storedPhoneForms('+55 11 98765-4321') // ["11987654321", "(11) 98765-4321"]
 */
export function storedPhoneForms(value: string): string[] {
  const digits = phoneDigits(value);
  return [...new Set([digits, formatPhone(digits)])];
}

/**
 * A phone in E.164 (+55…), as the CRMs want it. Digits that do not read as a national number
 * but already start with 55 and are long enough to hold it keep that code.
 * @example phoneE164('11987654321')       // "+5511987654321"
 * @example phoneE164('(11) 98765-4321')   // "+5511987654321"
 */
export function phoneE164(value: string): string {
  const national = nationalPhoneDigits(value);
  if (national) return `+${COUNTRY_CODE}${national}`;
  const digits = value.replace(/\D/g, '');
  return digits.startsWith(COUNTRY_CODE) && digits.length >= 12 ? `+${digits}` : `+${COUNTRY_CODE}${digits}`;
}

/**
 * A phone as people read it: "(11) 98765-4321" or "(11) 3456-7890". A value without 10 or 11
 * digits (an anonymised lead's empty phone, a fragment) is shown as it is.
 * @example formatPhone('11987654321')     // "(11) 98765-4321"
 * @example formatPhone('(11) 98765-4321') // "(11) 98765-4321"
 * @example formatPhone('')                // ""
 */
export function formatPhone(value: string): string {
  const digits = phoneDigits(value);
  return digits.length === 10 || digits.length === 11 ? maskNationalPhone(digits) : value;
}

/**
 * `https://wa.me/55…?text=…`, or undefined for a phone that cannot be dialled.
 * @example whatsappHref('(41) 99876-5432', 'Olá') // 'https://wa.me/5541998765432?text=Ol%C3%A1'
 */
export function whatsappHref(phone: string, text?: string): string | undefined {
  const national = nationalPhoneDigits(phone);
  if (!national) return undefined;
  return `https://wa.me/${COUNTRY_CODE}${national}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

/**
 * `tel:+55…`, or undefined for a phone that cannot be dialled.
 * @example telHref('1130000000') // 'tel:+551130000000'
 */
export function telHref(phone: string): string | undefined {
  const national = nationalPhoneDigits(phone);
  return national ? `tel:+${COUNTRY_CODE}${national}` : undefined;
}
