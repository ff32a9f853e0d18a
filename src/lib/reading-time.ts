/**
 * Reading time of a post, shown under its title ("5 min de leitura"). Adults read
 * Portuguese non-fiction on screen at roughly 200 words per minute; the figure is a
 * hint, so it is rounded up and never below one minute.
 */

/** Words per minute assumed for the estimate. */
export const WORDS_PER_MINUTE = 200;

/**
 * Words in a plain text: runs of letters or digits (accented letters included), so
 * punctuation, Markdown leftovers and URLs' slashes do not count as words of their own,
 * and a number written "1.488,00" is one word.
 * @example countWords('Gestão de imóveis, sem planilhas!') // 5
 */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+|(?<=\p{N})[.,]\p{N}+)*/gu)?.length ?? 0;
}

/**
 * Whole minutes to read a text, at least 1.
 * @example readingMinutes('palavra '.repeat(401)) // 3
 */
export function readingMinutes(text: string, wordsPerMinute: number = WORDS_PER_MINUTE): number {
  return Math.max(1, Math.ceil(countWords(text) / wordsPerMinute));
}

/**
 * The label shown with a post.
 * @example readingTimeLabel('palavra '.repeat(900)) // "5 min de leitura"
 */
export function readingTimeLabel(text: string): string {
  return `${readingMinutes(text)} min de leitura`;
}
