import IMask from 'imask';
import { describe, expect, it } from 'vitest';
import {
  formatCnpjValue,
  formatCpfValue,
  isCnpj,
  isCpf,
  masks,
  unmaskCnpj,
  unmaskCpf,
} from '~/lib/documents';
import { formatPhone, isPhone, phoneDigits } from '~/lib/phone';

/*
 * The official CNPJ check-digit rule (Receita Federal, "Cálculo do DV do CNPJ
 * alfanumérico"), written out here independently of the library under test:
 * each character's value is its ASCII code − 48 (so '0'..'9' are 0..9 and 'A' is 17),
 * weights 2..9 cycle from the rightmost character, remainder of the sum by 11;
 * remainder 0 or 1 gives 0, otherwise 11 − remainder.
 */
function cnpjCheckDigit(chars: string): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) {
    const fromRight = chars.length - 1 - i;
    const weight = 2 + (fromRight % 8);
    sum += (chars.charCodeAt(i) - 48) * weight;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

function cnpjWithCheckDigits(base12: string): string {
  const first = cnpjCheckDigit(base12);
  const second = cnpjCheckDigit(base12 + first);
  return `${base12}${first}${second}`;
}

/** The same modulus-11 rule for CPF: weights 10..2 then 11..2. */
function cpfWithCheckDigits(base9: string): string {
  const digit = (chars: string) => {
    let sum = 0;
    for (let i = 0; i < chars.length; i++) sum += Number(chars[i]) * (chars.length + 1 - i);
    const remainder = sum % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const first = digit(base9);
  return `${base9}${first}${digit(base9 + first)}`;
}

const alphanumericBases = ['12ABC34501DE', 'Q0SLFMBD7VX4', 'AAAAAAAA0001', 'Z9Y8X7W6V5U4', '00ABCDEF0001'];

describe('CPF', () => {
  it.each(['123.456.789-09', '12345678909', '529.982.247-25', '111.444.777-35', cpfWithCheckDigits('987654321')])(
    'accepts %s',
    (value) => expect(isCpf(value)).toBe(true),
  );

  it.each([
    ['wrong check digits', '123.456.789-00'],
    ['second check digit off by one', '529.982.247-26'],
    ['repeated digits (reserved)', '111.111.111-11'],
    ['too short', '123.456.789-0'],
    ['too long', '123.456.789-091'],
    ['letters', '123.456.78A-09'],
    ['empty', ''],
  ])('rejects %s (%s)', (_why, value) => expect(isCpf(value)).toBe(false));
});

describe('CNPJ, numeric', () => {
  it.each(['11.222.333/0001-81', '11222333000181', '11.444.777/0001-61', cnpjWithCheckDigits('123456780001')])(
    'accepts %s',
    (value) => expect(isCnpj(value)).toBe(true),
  );

  it.each([
    ['wrong check digits', '11.222.333/0001-82'],
    ['all zeros (reserved)', '00.000.000/0000-00'],
    ['too short', '11.222.333/0001-8'],
    ['empty', ''],
  ])('rejects %s (%s)', (_why, value) => expect(isCnpj(value)).toBe(false));
});

describe('CNPJ, alphanumeric (July 2026)', () => {
  it.each(alphanumericBases)('accepts %s with check digits computed by the official rule', (base) => {
    const cnpj = cnpjWithCheckDigits(base);
    expect(isCnpj(cnpj)).toBe(true);
    expect(isCnpj(formatCnpjValue(cnpj))).toBe(true);
    // Letters typed in lower case are the same CNPJ.
    expect(isCnpj(cnpj.toLowerCase())).toBe(true);
  });

  it('matches the Receita Federal worked example 12.ABC.345/01DE-35', () => {
    expect(cnpjWithCheckDigits('12ABC34501DE')).toBe('12ABC34501DE35');
    expect(isCnpj('12.ABC.345/01DE-35')).toBe(true);
  });

  it.each(alphanumericBases)('rejects %s with any other check digits', (base) => {
    const valid = cnpjWithCheckDigits(base);
    const checks = valid.slice(12);
    for (let n = 0; n < 100; n++) {
      const candidate = String(n).padStart(2, '0');
      if (candidate !== checks) expect(isCnpj(base + candidate), base + candidate).toBe(false);
    }
  });

  it('rejects letters in the check-digit positions', () => {
    expect(isCnpj('12ABC34501DE3A')).toBe(false);
    expect(isCnpj('12ABC34501DEAB')).toBe(false);
  });

  it('rejects characters outside 0–9 and A–Z', () => {
    // Punctuation is a mask and is removed, but accented letters are not CNPJ characters.
    expect(isCnpj('12ÁBC34501DE35')).toBe(false);
  });
});

describe('phones', () => {
  it.each([
    '(11) 98765-4321',
    '11987654321',
    '(21) 3000-0000',
    '(85) 99999-1234',
    '(55) 98765-4321',
    '+55 11 98765-4321',
  ])('accepts %s', (value) => expect(isPhone(value)).toBe(true));

  it.each([
    ['area code 20 does not exist', '(20) 98765-4321'],
    ['area code 10 does not exist', '(10) 3000-0000'],
    ['a mobile must start with 6–9', '(11) 18765-4321'],
    ['too short', '(11) 9876-543'],
    ['too long', '(11) 98765-43210'],
    ['a country code cut short', '+55 11 98765-43'],
    ['empty', ''],
  ])('rejects %s (%s)', (_why, value) => expect(isPhone(value)).toBe(false));
});

describe('masks round-trip', () => {
  const mask = (value: string, options: object) =>
    IMask.pipe(value, { ...options } as Parameters<typeof IMask.pipe>[1]);

  it.each(['12345678909', '52998224725'])('CPF %s', (digits) => {
    const masked = mask(digits, masks.cpf);
    expect(masked).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(masked).toHaveLength(14);
    expect(masked).toBe(formatCpfValue(digits));
    expect(unmaskCpf(masked)).toBe(digits);
  });

  it.each(['11222333000181', ...alphanumericBases.map(cnpjWithCheckDigits)])('CNPJ %s', (value) => {
    const masked = mask(value.toLowerCase(), masks.cnpj);
    expect(masked).toMatch(/^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/);
    expect(masked).toHaveLength(18);
    expect(masked).toBe(formatCnpjValue(value));
    expect(unmaskCnpj(masked)).toBe(value);
  });

  it('the CNPJ mask refuses letters in the check-digit positions', () => {
    expect(mask('12ABC34501DEAB', masks.cnpj)).toBe('12.ABC.345/01DE-');
  });

  it.each([
    ['11987654321', '(11) 98765-4321'],
    ['1130000000', '(11) 3000-0000'],
  ])('phone %s', (digits, expected) => {
    const masked = mask(digits, masks.phone);
    expect(masked).toBe(expected);
    expect(masked.length).toBeLessThanOrEqual(15);
    expect(formatPhone(digits)).toBe(expected);
    expect(phoneDigits(masked)).toBe(digits);
  });

  it('the phone mask grows from the landline to the mobile pattern while typing', () => {
    expect(mask('119876543', masks.phone)).toBe('(11) 9876-543');
    expect(mask('11987654321', masks.phone)).toBe('(11) 98765-4321');
    expect(mask('119876543210', masks.phone)).toBe('(11) 98765-4321');
  });
});
