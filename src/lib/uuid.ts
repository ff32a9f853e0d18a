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

/**
 * The short reference a visitor is shown for a saved request: the first 8 characters of its
 * random id, upper-cased, easy to read out over the phone; the team's notification carries
 * the whole id, which starts with them.
 * @example requestReference('3f2b8c1e-9d4a-4b7e-8f00-123456789abc') // "3F2B8C1E"
 */
export function requestReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
