/*
 * The input check of SPEC §5 applied on the server: the same rules as the browser
 * (src/lib/input-check.ts), plus the security event the spec asks for.
 */
import { checkInput } from '../../lib/input-check';
import type { SecurityLogger } from './events';

/** How much of an offending input the event keeps (SPEC §5: the first 100 characters). */
export const INPUT_SAMPLE_CHARS = 100;

export interface TextFieldsCheck<T extends Record<string, unknown>> {
  /** False when any text field had markup stripped or looked like SQL. */
  valid: boolean;
  /** Names of the offending fields, in record order. */
  invalidFields: (keyof T & string)[];
  /** The record with every string field replaced by its stripped value. */
  cleaned: T;
}

export interface TextFieldsContext {
  /** Where the input came from, e.g. 'lead-form', 'implementation-form', 'auth:sign-up'. */
  source: string;
  ip?: string | null | undefined;
  email?: string | null | undefined;
  userId?: string | null | undefined;
}

/**
 * Checks every string field of a submitted record (non-strings pass through untouched) and
 * logs one `input_validation_failed` event per offending field — critical when it looks like
 * SQL, warning when only markup was stripped — with the field name and its first 100 characters.
 * The caller decides what to do: the auth endpoints refuse the request; forms may refuse it
 * or keep `cleaned`.
 *
 * Do not pass passwords or file contents: they are not text a person reads, and their
 * first characters must never reach a log.
 */
export async function checkTextFields<T extends Record<string, unknown>>(
  record: T,
  logger: SecurityLogger,
  context: TextFieldsContext,
): Promise<TextFieldsCheck<T>> {
  const cleaned = { ...record };
  const invalidFields: (keyof T & string)[] = [];
  for (const [field, value] of Object.entries(record)) {
    if (typeof value !== 'string') continue;
    const result = checkInput(value);
    (cleaned as Record<string, unknown>)[field] = result.value;
    if (result.valid) continue;
    invalidFields.push(field as keyof T & string);
    await logger.log({
      type: 'input_validation_failed',
      source: context.source,
      ip: context.ip,
      email: context.email,
      userId: context.userId,
      severity: result.sqlLike ? 'critical' : 'warning',
      details: {
        field,
        sample: value.slice(0, INPUT_SAMPLE_CHARS),
        sql_like: result.sqlLike,
        stripped: result.stripped,
      },
    });
  }
  return { valid: invalidFields.length === 0, invalidFields, cleaned };
}
