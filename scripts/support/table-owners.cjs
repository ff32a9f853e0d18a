/*
 * Which schema files (src/server/db/schema/<file>.ts) each folder of src/server owns, and the
 * reads that still cross to another feature's tables, each with its reason. Read by
 * .dependency-cruiser.cjs (imports of schema files) and tests/unit/raw-sql-owners.test.ts
 * (tables named in raw SQL strings), so neither path walks past the other.
 */

/**
 * Which schema files (src/server/db/schema/<file>.ts) each server folder may import: the
 * tables it owns. A feature needing another's data asks that feature's service; the reads
 * listed under READS_ACROSS are the ones that still go to another feature's tables, each
 * with its reason, and the list only shrinks. A folder not named here imports no table.
 */
const TABLE_OWNERS = {
  leads: ['leads'],
  inbox: ['leads', 'lead-reports', 'follow-ups'],
  connectors: ['leads'],
  delivery: ['deliveries'],
  outbox: ['deliveries'],
  transport: ['deliveries'],
  auth: ['auth'],
  security: ['auth'],
  implementation: ['implementation'],
  lgpd: ['lgpd'],
  consent: ['lgpd'],
  blog: ['blog'],
  'cookie-consent': ['cookie-consents'],
  analytics: ['analytics'],
};

const READS_ACROSS = {
  // The dashboard's counts of what waits, across the sales side and the team.
  admin: ['auth', 'implementation', 'leads'],
  // A lead's deliveries beside it, the salespeople's names, the implementation requests' queue.
  inbox: ['auth', 'deliveries', 'implementation', 'lgpd'],
  // A lead and its deliveries are written in one transaction.
  leads: ['deliveries'],
  implementation: ['deliveries'],
  // Health, metrics and the backup's check count what is due and what is kept; an alert's last
  // sending time is a row of the shared window counters (src/server/rate-limit.ts), under its own key.
  ops: ['deliveries', 'implementation', 'leads', 'rate-limits'],
  // The daily roll-up counts each page's and source's leads beside its visits (the visit→lead rate).
  analytics: ['leads'],
  // A 429's waits are counted per receiver and day in the shared window counters, under their own key.
  delivery: ['rate-limits'],
  // The retention pass deletes or anonymises, in SQL, what each feature keeps past its period; each
  // feature declaring its own retention would take these away.
  lgpd: ['analytics', 'auth', 'deliveries', 'implementation', 'leads'],
};

module.exports = { TABLE_OWNERS, READS_ACROSS };
