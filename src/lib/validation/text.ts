/**
 * The one rule every text a person submits follows, whatever the form: no control
 * characters except ordinary whitespace (tab, line feed, carriage return) and no broken
 * Unicode (a lone UTF-16 surrogate). Nobody types them; they arrive from crafted requests
 * or stray pastes, and PostgreSQL refuses some of them outright (a NUL byte in text, a
 * lone surrogate in JSON), which once made a valid-looking lead unsaveable. Checked by
 * the shared zod schemas (browser and server) and by the request pipeline for JSON bodies.
 */
import { inputMessages } from '@content/messages/input';
import type { z } from './zod';

/*
 * C0 controls but \t \n \r, DEL and the C1 controls; then a high surrogate not followed by
 * a low one, or a low surrogate not preceded by a high one. Without the `u` flag so each
 * surrogate is one unit, as the string stores it.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether the text holds a character no submitted text may hold (see the module comment).
 * @example hasForbiddenCharacters('a\u0000b')          // true
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
