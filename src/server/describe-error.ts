/*
 * The only way an error reaches a log line or a security event's details: its class,
 * its code (SQLSTATE or Node's), and the names of what it concerns (table, constraint,
 * column) — never values. Logs must not carry personal data or secrets, and the errors
 * we meet do: Drizzle's "Failed query: … params: …" holds every submitted field (CPF,
 * phone, e-mail, the access password's hash), PostgreSQL's `detail` repeats key values,
 * and a webhook error names its capability URL. So a database error keeps no message at
 * all, and any other error keeps a short first line through the one sanitizer of failure
 * texts (~/lib/error-text.ts): URLs reduced to their host, e-mail addresses and long digit
 * runs masked, whatever their encoding.
 */
import { safeErrorText } from '~/lib/error-text';
import { driverFields, innerErrors, isDrizzleQueryError } from './db/errors';

const MAX_MESSAGE = 160;

/** The table a query names (`insert into "contatos"`, `update "deliveries"`…), read from its text. */
function queryTable(query: string): string | undefined {
  return /\b(?:insert\s+into|update|delete\s+from|from)\s+"?([A-Za-z_][\w.]*)"?/i.exec(query)?.[1];
}

/**
 * A message's first line through the one sanitizer of failure texts (~/lib/error-text.ts
 * `safeErrorText`: no URL but its host, no credentials, no e-mail address in any encoding, no
 * number long enough to be a document or a phone), cut to MAX_MESSAGE characters: what of
 * someone else's message a log line keeps.
 * @example safeFirstLine('POST https://hooks.example/abc?token=1 answered 500\nat …') // "POST [hooks.example] answered 500"
 */
export function safeFirstLine(message: string): string {
  const masked = safeErrorText(message.split('\n', 1)[0]!.slice(0, MAX_MESSAGE * 4));
  return masked.length > MAX_MESSAGE ? `${masked.slice(0, MAX_MESSAGE)}…` : masked;
}

function describeOne(error: unknown, table: string | undefined): string {
  if (!(error instanceof Error)) {
    return error === null || error === undefined ? String(error) : `non-Error ${typeof error}`;
  }
  const fields = driverFields(error);
  const parts = [error.name || 'Error'];
  if (fields.code) parts.push(fields.code);
  const isDatabaseError = fields.code !== undefined && /^[0-9A-Z]{5}$/.test(fields.code);
  const named = {
    table: fields.table ?? (isDatabaseError ? table : undefined),
    constraint: fields.constraint,
    column: fields.column,
  };
  for (const [key, value] of Object.entries(named)) if (value) parts.push(`${key}=${value}`);
  if (isDatabaseError) {
    if (fields.routine) parts.push(`routine=${fields.routine}`);
  } else {
    const syscall = (error as { syscall?: unknown }).syscall;
    if (typeof syscall === 'string') parts.push(`syscall=${syscall}`);
    if (error.message) parts.push(`"${safeFirstLine(error.message)}"`);
  }
  return parts.join(' ');
}

/**
 * One line about an error that is safe to log anywhere.
 * @example describeError(drizzleErrorForNulByte) // 'DrizzleQueryError → error 22021 table=contatos routine=report_invalid_encoding_int'
 * @example describeError(new Error('connect ECONNREFUSED 127.0.0.1:5432')) // 'Error "connect ECONNREFUSED 127.0.0.1:5432"'
 */
export function describeError(error: unknown): string {
  const wrapper = isDrizzleQueryError(error) ? error : undefined;
  const table = wrapper ? queryTable(wrapper.query) : undefined;
  const inner = innerErrors(error).slice(0, 3);
  const described = inner
    .filter((item) => !isDrizzleQueryError(item))
    .map((item) => describeOne(item, table))
    .join('; ');
  if (!wrapper) return described || describeOne(error, undefined);
  // Drizzle leaves `name` as plain "Error".
  return `DrizzleQueryError → ${described || `table=${table ?? '?'}`}`;
}

/**
 * A library's log call (message and arguments) as one safe line: errors through
 * describeError, text masked, anything else only named by its type. For loggers we do not
 * write ourselves, e.g. Better Auth's, which prints a failed query's error with its parameters.
 * @example safeLogLine('Failed to create user', [drizzleError]) // 'Failed to create user DrizzleQueryError → …'
 */
export function safeLogLine(message: string, args: readonly unknown[]): string {
  const parts = args.map((arg) => {
    if (arg instanceof Error) return describeError(arg);
    if (typeof arg === 'string') return safeFirstLine(arg);
    if (typeof arg === 'number' || typeof arg === 'boolean') return String(arg);
    return arg === null || arg === undefined ? String(arg) : `<${typeof arg}>`;
  });
  return [safeFirstLine(message), ...parts].join(' ');
}
