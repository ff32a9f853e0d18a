/**
 * The one rule every text a person submits follows, whatever the form: no control
 * characters except ordinary whitespace (tab, line feed, carriage return), no bidirectional
 * embedding, override or isolate controls, and no broken Unicode (a lone UTF-16 surrogate).
 * Nobody types them; they arrive from crafted requests or stray pastes. PostgreSQL refuses
 * some outright (a NUL byte in text, a lone surrogate in JSON), which once made a
 * valid-looking lead unsaveable; an escape sequence rewrites a terminal that prints the
 * text, and a right-to-left override makes the team read a note or a name backwards
 * ("Trojan Source"). The marks a right-to-left language needs (U+200E, U+200F) stay.
 * Checked by the shared zod schemas (browser and server) and by the request pipeline for
 * JSON bodies.
 *
 * Names and other one-line values (a company, a title, a tag, a campaign) follow
 * `singleLine` too: no line break or tab, so a name cannot add lines to a plain-text e-mail
 * ("Bcc: …") or a log.
 */
import { inputMessages } from '~/messages/input';
import type { z } from './zod';

/*
 * C0 controls but \t \n \r, DEL and the C1 controls; the bidirectional embeddings and
 * overrides (U+202A–U+202E) and isolates (U+2066–U+2069); then a high surrogate not
 * followed by a low one, or a low surrogate not preceded by a high one. Without the `u`
 * flag so each surrogate is one unit, as the string stores it.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Line breaks (the Unicode line and paragraph separators too) and tabs: what a one-line value may not hold. */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

/**
 * Whether the text holds a character no submitted text may hold (see the module comment).
 * @example hasForbiddenCharacters('a\u0000b')          // true
 * @example hasForbiddenCharacters('abc\u202Efdp.exe')  // true
 * @example hasForbiddenCharacters('linha 1\nlinha 2')  // false
 */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value);
}

/** The pt-BR message shown for a field that breaks the rule. */
export const INVALID_CHARACTERS_MESSAGE = inputMessages.invalidCharacters;

/**
 * Adds the rule to a string schema, first and aborting, so the field shows this message
 * rather than a format error caused by the invisible character. Put it before `.trim()`:
 * vertical tab and form feed are whitespace to `trim` and would otherwise slip through at the ends.
 * @example plainText(z.string()).trim().min(2) // refuses "a\u0000b" with INVALID_CHARACTERS_MESSAGE
 */
export function plainText<T extends z.ZodString>(schema: T): T {
  return schema.refine((value) => !hasForbiddenCharacters(value), {
    error: INVALID_CHARACTERS_MESSAGE,
    abort: true,
  });
}

/** The pt-BR message shown for a one-line field holding a line break. */
export const ONE_LINE_MESSAGE = inputMessages.oneLine;

/**
 * `plainText` and one line: a name, a company, a title. Line breaks are refused rather than
 * joined, so what is stored is what the person typed and saw. Put it before `.trim()`, for
 * the same reason as `plainText`.
 * @example singleLine(z.string()).trim().min(2) // refuses "Ana\nBcc: x@y" with ONE_LINE_MESSAGE
 */
export function singleLine<T extends z.ZodString>(schema: T, message: string = ONE_LINE_MESSAGE): T {
  return plainText(schema).refine((value) => !LINE_BREAK.test(value), { error: message, abort: true });
}
