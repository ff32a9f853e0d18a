/**
 * Browsers break a line after any hyphen, so a narrow card shows "e-" at one line's end and
 * "mail" on the next. Text split with `hyphenSegments` renders its hyphenated words each in a
 * no-wrap span (KeepHyphens.astro in pages, the same spans in islands); the text itself, for
 * search, copy and screen readers, is unchanged.
 */

/** A run of text; `keep` marks a hyphenated word to hold on one line. */
export interface TextSegment {
  text: string;
  keep: boolean;
}

const HYPHENATED = /(\p{L}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)+)/u;

/**
 * The text cut around its hyphenated words.
 * @example hyphenSegments('Suporte por WhatsApp e e-mail')
 * // [{ text: 'Suporte por WhatsApp e ', keep: false }, { text: 'e-mail', keep: true }]
 */
export function hyphenSegments(text: string): TextSegment[] {
  return text
    .split(HYPHENATED)
    .map((part, index) => ({ text: part, keep: index % 2 === 1 }))
    .filter((segment) => segment.text !== '');
}
