import { describe, expect, it } from 'vitest';
import IMask from 'imask';
import { masks } from '~/lib/document-masks';
import {
  formatLeadPhone,
  formatPhone,
  maskNationalPhone,
  nationalPhoneDigits,
  phoneDigits,
  phoneE164,
  storedPhoneForms,
  telHref,
  whatsappHref,
} from '~/lib/phone';

describe('nationalPhoneDigits', () => {
  it.each([
    // As written in Brazil
    ['(11) 98765-4321', '11987654321'],
    ['11987654321', '11987654321'],
    ['11 98765 4321', '11987654321'],
    ['11.98765.4321', '11987654321'],
    ['(11)98765-4321', '11987654321'],
    ['  (21) 99876-5432 ', '21998765432'],
    // Country code, with or without "+", spaces, parentheses
    ['+55 11 98765-4321', '11987654321'],
    ['+5511987654321', '11987654321'],
    ['+55 (11) 98765-4321', '11987654321'],
    ['55 11 98765-4321', '11987654321'],
    ['5511987654321', '11987654321'],
    ['0055 11 98765-4321', '11987654321'],
    ['+55 11 3000-0000', '1130000000'],
    ['+55.11.98765.4321', '11987654321'],
    ['+55 (11) 3000-0000', '1130000000'],
    // Trunk "0", and "0" with a carrier selection code
    ['0 11 98765-4321', '11987654321'],
    ['011 98765-4321', '11987654321'],
    ['0 21 11 98765-4321', '11987654321'],
    ['015 11 98765 4321', '11987654321'],
    ['0 (11) 98765-4321', '11987654321'],
    ['041 (21) 3000-0000', '2130000000'],
    ['011 3000-0000', '1130000000'],
    ['0.21.11.98765.4321', '11987654321'],
    // Landlines
    ['(11) 3000-0000', '1130000000'],
    ['(85) 3222.1234', '8532221234'],
    // DDD 55 (Rio Grande do Sul) is an area code, not a country code
    ['(55) 99876-5432', '55998765432'],
    ['55998765432', '55998765432'],
    ['(55) 3222-1234', '5532221234'],
    ['+55 55 99876-5432', '55998765432'],
    ['5555998765432', '55998765432'],
  ])('%s → %s', (input, digits) => {
    expect(nationalPhoneDigits(input)).toBe(digits);
  });

  it.each([
    ['the number a 15-character field cut "+55 11 98765-4321" to', '+55 11 98765-43'],
    ['its mask', '(55) 11987-6543'],
    ['too short', '(11) 9876-543'],
    ['too short after the country code', '+55 11 9876-543'],
    ['too short after the operator code', '0 21 11 9876-543'],
    ['too short for a mobile, not a landline', '1198765432'],
    ['too long', '(11) 98765-43210'],
    ['too long after the country code', '+55 11 98765-43210'],
    ['country code and too few digits', '+55 98765-4321'],
    ['another country', '+1 415 555 0123'],
    ['another country, 00', '001 415 555 0123'],
    ['area code 20 does not exist', '(20) 98765-4321'],
    ['a mobile starts with 6–9', '(11) 18765-4321'],
    ['a landline starts with 2–6', '(11) 1000-0000'],
    ['letters', '(11) 98765-4321 ramal 2'],
    ['empty', ''],
    ['only punctuation', '() -'],
  ])('refuses %s: %s', (_why, input) => {
    expect(nationalPhoneDigits(input)).toBeNull();
  });

  it('takes only the kinds asked for', () => {
    expect(nationalPhoneDigits('(11) 3000-0000', ['mobile'])).toBeNull();
    expect(nationalPhoneDigits('+55 11 3000-0000', ['mobile'])).toBeNull();
    expect(nationalPhoneDigits('(11) 98765-4321', ['landline'])).toBeNull();
    expect(nationalPhoneDigits('+55 11 98765-4321', ['mobile'])).toBe('11987654321');
  });

  it('masks national digits', () => {
    expect(maskNationalPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskNationalPhone('1130000000')).toBe('(11) 3000-0000');
  });
});

describe('phone fields', () => {
  it.each([
    ['+55 11 98765-4321', '(11) 98765-4321'],
    ['+5511987654321', '(11) 98765-4321'],
    ['015 11 98765 4321', '(11) 98765-4321'],
    ['(55) 99876-5432', '(55) 99876-5432'],
  ])('the lead field turns a pasted %s into %s', (input, output) => {
    expect(formatLeadPhone(input)).toBe(output);
  });

  it.each([
    ['+55 11 98765-4321', '(11) 98765-4321'],
    // Its first 11 digits are a DDD 55 mobile, formatted as such until the last two arrive.
    ['+55 91 98765-4321', '(91) 98765-4321'],
    ['11987654321', '(11) 98765-4321'],
  ])('the lead field ends a number typed as %s as %s', (typed, output) => {
    let value = '';
    for (const char of typed) value = formatLeadPhone(value + char);
    expect(value).toBe(output);
  });

  it.each([
    ['+55 11 98765-4321', '(11) 98765-4321'],
    ['+5511987654321', '(11) 98765-4321'],
    ['+55 11 3000-0000', '(11) 3000-0000'],
    ['0 21 11 98765-4321', '(11) 98765-4321'],
    ['(55) 99876-5432', '(55) 99876-5432'],
  ])('the implementation phone mask turns a pasted %s into %s', (input, output) => {
    expect(IMask.pipe(input, { ...masks.phone } as Parameters<typeof IMask.pipe>[1])).toBe(output);
  });
});

describe('every form of a phone', () => {
  // Input → [national digits, stored digits, E.164, mask, wa.me, tel:]; a value that is not a
  // phone keeps its bare digits for storage and comparison and gets no link.
  it.each([
    ['masked mobile', '(11) 98765-4321', '11987654321', '11987654321', '+5511987654321', '(11) 98765-4321'],
    ['masked landline', '(11) 3456-7890', '1134567890', '1134567890', '+551134567890', '(11) 3456-7890'],
    ['+55', '+55 21 99876-5432', '21998765432', '21998765432', '+5521998765432', '(21) 99876-5432'],
    ['0055', '0055 11 98765-4321', '11987654321', '11987654321', '+5511987654321', '(11) 98765-4321'],
    [
      'trunk 0 and carrier code',
      '0 21 11 98765-4321',
      '11987654321',
      '11987654321',
      '+5511987654321',
      '(11) 98765-4321',
    ],
    ['bare digits', '11987654321', '11987654321', '11987654321', '+5511987654321', '(11) 98765-4321'],
    ['spaces, dots and hyphens', '11 3456.7890', '1134567890', '1134567890', '+551134567890', '(11) 3456-7890'],
    ['invalid DDD', '(20) 98765-4321', null, '20987654321', '+5520987654321', '(20) 98765-4321'],
    ['too short', '(11) 9876-543', null, '119876543', '+55119876543', '(11) 9876-543'],
    ['too long', '(11) 98765-43210', null, '119876543210', '+55119876543210', '(11) 98765-43210'],
    ['letters', '(11) 98765-4321 ramal 2', null, '119876543212', '+55119876543212', '(11) 98765-4321 ramal 2'],
    ['empty (an anonymised lead)', '', null, '', '+55', ''],
  ])('%s: %s', (_shape, input, national, stored, e164, masked) => {
    expect(nationalPhoneDigits(input)).toBe(national);
    expect(phoneDigits(input)).toBe(stored);
    expect(phoneE164(input)).toBe(e164);
    expect(formatPhone(input)).toBe(masked);
    expect(whatsappHref(input)).toBe(national ? `https://wa.me/55${national}` : undefined);
    expect(telHref(input)).toBe(national ? `tel:+55${national}` : undefined);
  });

  it('writes the WhatsApp greeting into the link, encoded', () => {
    expect(whatsappHref('11987654321', 'Olá, Ana!')).toBe('https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Ana!');
  });

  it('keeps a number already in E.164 digits', () => {
    expect(phoneE164('5511987654321')).toBe('+5511987654321');
  });

  it('looks a stored phone up as digits and as the mask of older rows', () => {
    expect(storedPhoneForms('+55 11 98765-4321')).toEqual(['11987654321', '(11) 98765-4321']);
    expect(storedPhoneForms('123')).toEqual(['123']);
  });
});
