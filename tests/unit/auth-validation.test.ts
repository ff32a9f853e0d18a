import { describe, expect, it } from 'vitest';
import { authErrors } from '@content/messages/auth';
import { NAME_MAX_LENGTH, signUpNameError, signUpNameSchema } from '~/lib/validation/auth';
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
