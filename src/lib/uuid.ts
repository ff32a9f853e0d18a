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

/**
 * The id range a typed reference stands for, when a search term is one: the 8 characters a
 * customer was given (any case, a leading `#` allowed) or a whole id. Ids sharing those first
 * 8 characters lie between the two bounds, so the lookup is a range on the primary key.
 * @example referenceRange('5A5DDB93') // { from: '5a5ddb93-0000-0000-0000-000000000000', to: '5a5ddb93-ffff-ffff-ffff-ffffffffffff' }
 * @example referenceRange('ana') // undefined
 */
export function referenceRange(term: string): { from: string; to: string } | undefined {
  const value = term.trim().replace(/^#/, '').toLowerCase();
  if (isUuid(value)) return { from: value, to: value };
  if (!/^[0-9a-f]{8}$/.test(value)) return undefined;
  return { from: `${value}-0000-0000-0000-000000000000`, to: `${value}-ffff-ffff-ffff-ffffffffffff` };
}
