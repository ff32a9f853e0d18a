import { describe, expect, it } from 'vitest';
import { isSlug, MAX_SLUG_LENGTH, slugify } from '../../src/lib/slug';

describe('slugify', () => {
  it.each([
    ['Gestão de Imóveis', 'gestao-de-imoveis'],
    ['Reajuste: IGP-M ou IPCA?', 'reajuste-igp-m-ou-ipca'],
    ['  Cobrança   por PIX & boleto  ', 'cobranca-por-pix-boleto'],
    ['Ação, coração e maçã', 'acao-coracao-e-maca'],
    ['1º aluguel — 2ª via', '1o-aluguel-2a-via'],
    ['ÀÉÎÕÜ àéîõü', 'aeiou-aeiou'],
    ['already-a-slug', 'already-a-slug'],
    ['---', ''],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('cuts long titles at a word boundary within the limit', () => {
    const slug = slugify('Como organizar '.repeat(20));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(/^como-organizar(-como-organizar)*(-como)?$/);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('cuts a single over-long word at the limit', () => {
    expect(slugify('a'.repeat(100))).toBe('a'.repeat(MAX_SLUG_LENGTH));
  });
});

describe('isSlug', () => {
  it.each([
    ['gestao-de-imoveis', true],
    ['post-2', true],
    ['Gestao', false],
    ['gestão', false],
    ['dois--hifens', false],
    ['-inicio', false],
    ['fim-', false],
    ['com espaco', false],
    ['a'.repeat(MAX_SLUG_LENGTH + 1), false],
  ])('%j → %s', (input, expected) => {
    expect(isSlug(input)).toBe(expected);
  });
});
