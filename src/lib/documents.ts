/**
 * Brazilian documents: CPF and CNPJ (numeric and the alphanumeric format in force since
 * July 2026); phones are ./phone.ts. Shared by the implementation form in the browser and
 * its server endpoint, so both accept exactly the same values.
 *
 * `@brazilian-utils/brazilian-utils` does the check-digit work, but only
 * with options: by default `isValidCnpj` rejects alphanumeric CNPJs, `formatCnpj` drops
 * their letters.
 */
import { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

// The input masks live apart so the form can show them without this checking code.
export { INPUT_MAX_LENGTH, MASKED_LENGTH, masks } from './document-masks';

/** Digits of a CPF. */
export const CPF_LENGTH = 11;
/** Characters of a CNPJ: 12 alphanumeric (base + branch) and 2 check digits. */
export const CNPJ_LENGTH = 14;

/**
 * Removes the mask of a CPF (or anything else that should be digits only).
 * @example unmaskCpf('123.456.789-09') // "12345678909"
 */
export function unmaskCpf(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Removes the mask of a CNPJ, keeping letters (upper-cased) for the alphanumeric format.
 * @example unmaskCnpj('12.abc.345/01de-35') // "12ABC34501DE35"
 * @example unmaskCnpj('11.222.333/0001-81') // "11222333000181"
 */
export function unmaskCnpj(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

/**
 * Whether a CPF, masked or not, has 11 digits and valid check digits.
 * Repeated-digit numbers ("111.111.111-11") are reserved and rejected.
 * @example isCpf('123.456.789-09') // true
 * @example isCpf('123.456.789-00') // false
 */
export function isCpf(value: string): boolean {
  const digits = unmaskCpf(value);
  return digits.length === CPF_LENGTH && isValidCpf(digits);
}

/**
 * Whether a CNPJ, masked or not, numeric or alphanumeric, has valid check digits.
 * Letters may be typed in either case; the check digits are always digits.
 * @example isCnpj('11.222.333/0001-81') // true
 * @example isCnpj('12.ABC.345/01DE-35') // true
 * @example isCnpj('12.ABC.345/01DE-36') // false
 */
export function isCnpj(value: string): boolean {
  const normalized = unmaskCnpj(value);
  // Letters are legal only in the first 12 positions; the library checks that as well,
  // but this keeps the rule visible here.
  return (
    normalized.length === CNPJ_LENGTH &&
    /^[0-9A-Z]{12}\d{2}$/.test(normalized) &&
    isValidCnpj(normalized, { version: 2 })
  );
}

/**
 * Formats a complete CPF as ###.###.###-##.
 * @example formatCpfValue('12345678909') // "123.456.789-09"
 */
export function formatCpfValue(value: string): string {
  return formatCpf(unmaskCpf(value));
}

/**
 * Formats a complete CNPJ as ##.###.###/####-##, letters upper-cased.
 * @example formatCnpjValue('12abc34501de35') // "12.ABC.345/01DE-35"
 */
export function formatCnpjValue(value: string): string {
  return formatCnpj(unmaskCnpj(value), { version: 2 });
}
