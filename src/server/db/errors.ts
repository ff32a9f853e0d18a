/*
 * What a failed query means, the same on PGlite and on PostgreSQL (node-postgres).
 *
 * Only a failure to reach the database makes it "unavailable": that is when a lead may
 * go to the spool and be saved later. A data or constraint error (SQLSTATE classes 22
 * and 23) is the request's fault: retrying the same values can never succeed, so it is
 * answered as a refusal and never spooled. Everything else is our own fault (a bug, a
 * missing migration), reported as 'other'.
 *
 * Drizzle wraps driver errors in a DrizzleQueryError whose message carries the query
 * AND every parameter; node-postgres reports a refused connection to a host with
 * several addresses as an AggregateError. Both are unwrapped here, down to the error
 * that says what happened.
 */

export type DatabaseErrorKind = 'unavailable' | 'rejected' | 'other';

/** The SQLSTATE fields a driver error may carry (pg's DatabaseError, PGlite's error). */
export interface DriverErrorFields {
  code?: string;
  table?: string;
  constraint?: string;
  column?: string;
  routine?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/*
 * SQLSTATE classes and codes that mean "the server cannot serve us now": 08 connection
 * exception, 53 insufficient resources (disk full, out of memory, too many connections),
 * 57P01–57P05 shutdown / cannot connect now / idle timeout, 58 system error (I/O).
 * 40001 / 40P01 (serialization failure, deadlock) are transient too: a later retry succeeds.
 */
const UNAVAILABLE_STATES = /^(?:08|53|58|57P0[1-5]$|40001$|40P01$)/;

/** SQLSTATE classes that are the request's fault: 22 data exception, 23 integrity constraint violation. */
const REJECTED_STATES = /^(?:22|23)/;

/** Node's socket-level error codes (a refused, reset or unreachable connection). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'ENOSPC',
]);

/*
 * Messages without a code: node-postgres' pool and client ("timeout exceeded when trying
 * to connect", "Connection terminated unexpectedly", "… is not queryable", "Cannot use a
 * pool after calling end on the pool") and PGlite once closed ("PGlite is closed").
 */
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|not queryable|Cannot use a pool after calling end|PGlite is clos(?:ed|ing)/i;

/**
 * The errors worth judging inside `error`: Drizzle's wrapper and Error causes are
 * unwrapped, an AggregateError yields each of its errors. At most a few levels deep.
 */
export function innerErrors(error: unknown, depth = 0): unknown[] {
  if (depth > 4 || error === null || typeof error !== 'object') return [error];
  if (error instanceof AggregateError) return error.errors.flatMap((inner) => innerErrors(inner, depth + 1));
  const cause = (error as { cause?: unknown }).cause;
  if (isDrizzleQueryError(error) && cause !== undefined) return innerErrors(cause, depth + 1);
  if (cause instanceof Error && !driverFields(error).code) return [error, ...innerErrors(cause, depth + 1)];
  return [error];
}

/** Drizzle's "Failed query: … params: …" wrapper (matched by shape: the class is not exported by every entry). */
export function isDrizzleQueryError(error: unknown): error is Error & { query: string; params: unknown[] } {
  return (
    error instanceof Error &&
    typeof (error as { query?: unknown }).query === 'string' &&
    Array.isArray((error as { params?: unknown }).params) &&
    error.message.startsWith('Failed query:')
  );
}

/** The SQLSTATE and the names (never the values) a driver error carries. */
export function driverFields(error: unknown): DriverErrorFields {
  if (error === null || typeof error !== 'object') return {};
  const source = error as Record<string, unknown>;
  const fields: DriverErrorFields = {};
  for (const key of ['code', 'table', 'constraint', 'column', 'routine'] as const) {
    const value = source[key];
    if (typeof value === 'string' && value) fields[key] = value;
  }
  return fields;
}

/** The SQLSTATE of the first inner error that has one. */
export function sqlState(error: unknown): string | undefined {
  for (const inner of innerErrors(error)) {
    const { code } = driverFields(inner);
    if (code && SQLSTATE.test(code)) return code;
  }
  return undefined;
}

function kindOf(error: unknown): DatabaseErrorKind | undefined {
  const { code } = driverFields(error);
  if (code && SQLSTATE.test(code)) {
    if (UNAVAILABLE_STATES.test(code)) return 'unavailable';
    if (REJECTED_STATES.test(code)) return 'rejected';
    return 'other';
  }
  if (code && NETWORK_CODES.has(code)) return 'unavailable';
  if (error instanceof Error && UNAVAILABLE_MESSAGES.test(error.message)) return 'unavailable';
  return undefined;
}

/**
 * How a database failure should be treated (see the module comment).
 * @example databaseErrorKind(errorWithCode('22021')) // 'rejected'
 * @example databaseErrorKind(errorWithCode('ECONNREFUSED')) // 'unavailable'
 */
export function databaseErrorKind(error: unknown): DatabaseErrorKind {
  const kinds = innerErrors(error).map(kindOf);
  // The most specific answer wins: a SQLSTATE that rejects the data beats a generic wrapper.
  if (kinds.includes('rejected')) return 'rejected';
  if (kinds.includes('unavailable')) return 'unavailable';
  return 'other';
}
