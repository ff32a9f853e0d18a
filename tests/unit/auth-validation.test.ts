import { describe, expect, it } from 'vitest';
import { authErrors } from '~/messages/auth';
import { NAME_MAX_LENGTH, signInSchema, signUpNameError, signUpNameSchema, signUpSchema } from '~/lib/validation/auth';
import { INVALID_CHARACTERS_MESSAGE } from '~/lib/validation/text';

describe('signUpNameSchema', () => {
  it('trims, and accepts up to NAME_MAX_LENGTH characters — the lead form’s cap', () => {
    expect(NAME_MAX_LENGTH).toBe(120);
    expect(signUpNameSchema.parse('  Ana Souza  ')).toBe('Ana Souza');
    expect(signUpNameError('ã'.repeat(NAME_MAX_LENGTH))).toBeUndefined();
  });

  it.each([
    ['10,000 characters', 'a'.repeat(10_000), authErrors.nameTooLong],
    ['one character too many', 'a'.repeat(NAME_MAX_LENGTH + 1), authErrors.nameTooLong],
    ['a NUL byte', 'Ana\u0000Souza', INVALID_CHARACTERS_MESSAGE],
    ['an escape sequence', 'Ana\u001b[2J', INVALID_CHARACTERS_MESSAGE],
    ['a lone surrogate', 'Ana\ud800', INVALID_CHARACTERS_MESSAGE],
    ['a second line', 'Ana\nVisite www.evil.com', authErrors.nameOneLine],
    ['a tab', 'Ana\tSouza', authErrors.nameOneLine],
    ['only spaces', '   ', authErrors.nameRequired],
    ['not a string', 42, authErrors.nameRequired],
    ['nothing', undefined, authErrors.nameRequired],
  ])('refuses %s with its pt-BR message', (_why, value, message) => {
    expect(signUpNameError(value)).toBe(message);
  });
});

describe('the auth card’s form schemas', () => {
  it('sign-in trims the e-mail and keeps the password exactly as typed', () => {
    expect(signInSchema.parse({ email: ' ana@exemplo.com ', password: ' senha ' })).toEqual({
      email: 'ana@exemplo.com',
      password: ' senha ',
    });
  });

  it('sign-up trims name and e-mail, and takes a strong password', () => {
    expect(
      signUpSchema.parse({ fullName: ' Ana Souza ', email: ' ana@exemplo.com ', password: 'Pilota#2026' }),
    ).toEqual({ fullName: 'Ana Souza', email: 'ana@exemplo.com', password: 'Pilota#2026' });
  });

  it.each([
    ['a weak password', { fullName: 'Ana', email: 'a@b.co', password: 'senha' }, 'password', authErrors.weakPassword],
    [
      'an empty name',
      { fullName: '  ', email: 'a@b.co', password: 'Pilota#2026' },
      'fullName',
      authErrors.nameRequired,
    ],
    [
      'a name on two lines',
      { fullName: 'Ana\nB', email: 'a@b.co', password: 'Pilota#2026' },
      'fullName',
      authErrors.nameOneLine,
    ],
  ])('sign-up refuses %s with the card’s message', (_, values, field, message) => {
    const result = signUpSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});
