import { describe, expect, it } from 'vitest';
import { countWords, readingMinutes, readingTimeLabel, WORDS_PER_MINUTE } from '../../src/lib/reading-time';

describe('countWords', () => {
  it.each([
    ['', 0],
    ['Gestão de imóveis, sem planilhas!', 5],
    ['IGP-M e IPCA: qual usar?', 5],
    ['  várias\n\nlinhas\tcom   espaços ', 4],
    ['R$ 1.488,00 por mês', 4],
  ])('%j has %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });
});

describe('readingMinutes', () => {
  it('is at least one minute, even for an empty post', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('uma frase curta')).toBe(1);
  });

  it('rounds up at ~200 words per minute', () => {
    expect(WORDS_PER_MINUTE).toBe(200);
    expect(readingMinutes('palavra '.repeat(200))).toBe(1);
    expect(readingMinutes('palavra '.repeat(201))).toBe(2);
    expect(readingMinutes('palavra '.repeat(1000))).toBe(5);
  });
});

describe('readingTimeLabel', () => {
  it('reads in Portuguese', () => {
    expect(readingTimeLabel('palavra '.repeat(900))).toBe('5 min de leitura');
    expect(readingTimeLabel('oi')).toBe('1 min de leitura');
  });
});
