import { describe, expect, it } from 'vitest';
import { isPasswordValid, passwordStrength } from '../../src/lib/password-strength';

const LEN = 'Use pelo menos 8 caracteres';
const UP = 'Adicione uma letra maiúscula';
const LOW = 'Adicione uma letra minúscula';
const DIG = 'Adicione um número';
const SPE = 'Adicione um caractere especial (ex.: ! @ # $ %)';
const COMMON = 'Evite senhas comuns';

// password, score, label, valid, feedback (in order)
const table: [string, number, string, boolean, string[]][] = [
  ['', 0, 'Muito fraca', false, [LEN, UP, LOW, DIG, SPE]],
  ['a', 1, 'Muito fraca', false, [LEN, UP, DIG, SPE]],
  ['abcdefgh', 2, 'Fraca', false, [UP, DIG, SPE]],
  ['abcdefgH', 3, 'Média', false, [DIG, SPE]],
  ['abcdefG1', 4, 'Forte', false, [SPE]],
  ['Ab1!', 4, 'Forte', false, [LEN]],
  ['Pilota#2026', 5, 'Muito forte', true, []],
  ['Ação!Forte9', 5, 'Muito forte', true, []],
  ['Minha casa 7!', 5, 'Muito forte', true, []],
  ['Password1!', 3, 'Média', false, [COMMON]],
  ['PASSWORD', 0, 'Muito fraca', false, [LOW, DIG, SPE, COMMON]],
  ['123456', 0, 'Muito fraca', false, [LEN, UP, LOW, SPE, COMMON]],
  ['Qwerty!2024x', 3, 'Média', false, [COMMON]],
  ['xABC123yz!', 3, 'Média', false, [COMMON]],
  ['12345678', 0, 'Muito fraca', false, [UP, LOW, SPE, COMMON]],
  ['98765432', 2, 'Fraca', false, [UP, LOW, SPE]],
  // Spaces lengthen a passphrase but are not special characters.
  ['Senha Longa Sem Numero', 3, 'Média', false, [DIG, SPE]],
];

describe.each(table)('passwordStrength(%j)', (password, score, label, valid, feedback) => {
  const result = passwordStrength(password);
  it(`scores ${score} (${label})`, () => {
    expect(result.score).toBe(score);
    expect(result.label).toBe(label);
  });
  it(valid ? 'is valid' : 'is not valid', () => {
    expect(result.valid).toBe(valid);
    expect(isPasswordValid(password)).toBe(valid);
  });
  it('gives the feedback of every unmet criterion', () => expect(result.feedback).toEqual(feedback));
});

describe('common words', () => {
  it('are found case-insensitively anywhere in the password', () => {
    expect(passwordStrength('MyPaSsWoRd#9').feedback).toContain(COMMON);
  });
  it('never take the score below zero', () => {
    expect(passwordStrength('qwerty').score).toBe(0);
  });
});
