/**
 * Whether a path segment can be a row id at all. Ids are random UUIDs (any version, either
 * case); a route checks the shape before asking the database, so a malformed id is a plain
 * "not found" and never reaches PostgreSQL's uuid cast, which would throw.
 * @example isUuid('3f2b8c1e-9d4a-4b7e-8f00-123456789abc') // true
 * @example isUuid('../etc/passwd') // false
 */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
