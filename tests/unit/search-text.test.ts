/*
 * Search folding for the sales inbox (src/lib/search-text.ts): accents and case off,
 * phone numbers as digits, LIKE characters taken literally. The database side of the same
 * table is checked against this one in tests/integration/inbox-schema.int.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  containsPattern,
  foldSearchText,
  MAX_SEARCH_TERMS,
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
  searchTerms,
  storedTerm,
} from '../../src/lib/search-text';
import { phoneDigits } from '../../src/lib/phone';

describe('foldSearchText', () => {
  it.each([
    ['João', 'joao'],
    ['JOÃO', 'joao'],
    ['Conceição', 'conceicao'],
    ['ÁVILA & Filhos Ltda.', 'avila & filhos ltda.'],
    ['Márcia Gonçalves', 'marcia goncalves'],
    ['Ítalo Üba Ñandu', 'italo uba nandu'],
    ['Łukasz Żółć', 'lukasz zolc'],
    ['ana@EXEMPLO.com.br', 'ana@exemplo.com.br'],
    // Decomposed input (e + combining acute) is composed first.
    ['Jose\u0301', 'jose'],
    ['(11) 98765-4321', '(11) 98765-4321'],
  ])('%s → %s', (input, expected) => {
    expect(foldSearchText(input)).toBe(expected);
  });

  it('folds every upper-case or accented Latin letter a Brazilian name uses', () => {
    const letters = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ';
    expect(foldSearchText(letters)).toMatch(/^[a-z]+$/);
    expect(foldSearchText(letters.normalize('NFD'))).toBe(foldSearchText(letters));
  });

  it('has one target per source character, all plain lower-case letters', () => {
    expect([...SEARCH_FOLD_FROM]).toHaveLength([...SEARCH_FOLD_TO].length);
    expect(SEARCH_FOLD_TO).toMatch(/^[a-z]+$/);
    expect(new Set(SEARCH_FOLD_FROM).size).toBe([...SEARCH_FOLD_FROM].length);
  });
});

describe('searchTerms', () => {
  it.each([
    ['Joao', ['joao']],
    ['  Joao   SILVA ', ['joao', 'silva']],
    ['silva silva', ['silva']],
    ['João@Exemplo.com', ['joao@exemplo.com']],
    ['(11) 98765-4321', ['11987654321']],
    ['+55 11 98765 4321', ['5511987654321']],
    ['98765-4321', ['987654321']],
    ['4321', ['4321']],
    ['Imobiliária 2000', ['imobiliaria', '2000']],
    ['', []],
    ['   ', []],
  ])('%j → %j', (query, expected) => {
    expect(searchTerms(query)).toEqual(expected);
  });

  it(`keeps at most ${MAX_SEARCH_TERMS} terms`, () => {
    expect(searchTerms('a b c d e f g h i')).toHaveLength(MAX_SEARCH_TERMS);
  });
});

describe('containsPattern', () => {
  it.each([
    ['joao', '%joao%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['c:\\x', '%c:\\\\x%'],
  ])('%s → %s', (term, expected) => {
    expect(containsPattern(term)).toBe(expected);
  });
});

describe('phoneDigits', () => {
  it('keeps digits only', () => {
    expect(phoneDigits('(11) 98765-4321')).toBe('11987654321');
  });
});

describe('storedTerm', () => {
  it.each([
    ['5511987654321', '11987654321'],
    ['005511987654321', '11987654321'],
    ['02111987654321', '11987654321'],
    ['11987654321', '11987654321'],
    ['987654321', '987654321'],
    ['52998224725', '52998224725'],
    ['joao', 'joao'],
  ])('%s → %s', (term, expected) => {
    expect(storedTerm(term)).toBe(expected);
  });
});
