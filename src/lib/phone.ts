/**
 * The lead form's phone field (SPEC §5): whatever is typed is kept, cut at 15
 * characters, and turned into "(DD) 9XXXX-XXXX" the moment it holds exactly 11 digits.
 */

/** Longest value the field accepts: the length of "(11) 99999-9999". */
export const LEAD_PHONE_MAX_LENGTH = 15;

/** The accepted shape: area code in parentheses, space, 5 digits, hyphen, 4 digits. */
export const LEAD_PHONE_PATTERN = /^\(\d{2}\) \d{5}-\d{4}$/;

/**
 * The field's value after an edit.
 * @example formatLeadPhone('11987654321')      // "(11) 98765-4321"
 * @example formatLeadPhone('11 98765-4321')    // "(11) 98765-4321"
 * @example formatLeadPhone('1198765')          // "1198765"
 * @example formatLeadPhone('+55 11 98765-43210') // "+55 11 98765-43" (cut at 15)
 */
export function formatLeadPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  return value.slice(0, LEAD_PHONE_MAX_LENGTH);
}

/**
 * Whether a value has the accepted shape.
 * @example isLeadPhone('(11) 98765-4321') // true
 * @example isLeadPhone('11987654321')     // false
 */
export function isLeadPhone(value: string): boolean {
  return LEAD_PHONE_PATTERN.test(value);
}
