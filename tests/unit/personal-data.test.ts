/*
 * Every table is declared in src/server/lgpd/personal-data.ts, and the declarations and the
 * LGPD tools' record of a data subject (src/server/lgpd/subject-find.ts) name the same parts:
 * a feature that adds a table, or a part of the subject's record, without saying where its
 * personal data is fails here.
 */
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '~/server/db/schema';
import { PERSONAL_DATA, type SubjectPart } from '~/server/lgpd/personal-data';
import type { SubjectData } from '~/server/lgpd/subject-find';

const tables = (Object.values(schema) as unknown[])
  .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
  .sort();

/** Every part of SubjectData that comes from tables, as a value the compiler keeps complete. */
const SUBJECT_PARTS: Record<SubjectPart, true> = {
  leads: true,
  notes: true,
  leadHistory: true,
  implementationHistory: true,
  implementations: true,
  documents: true,
  consents: true,
  deliveries: true,
  requests: true,
  securityEvents: true,
  audit: true,
} satisfies Record<Exclude<keyof SubjectData, 'identifier' | 'possibleMatches' | 'proof'>, true>;

describe('personal data by declaration', () => {
  it('declares every table of the schema, and no table that is not there', () => {
    expect(tables.length).toBeGreaterThan(30);
    expect(Object.keys(PERSONAL_DATA).sort()).toEqual(tables);
  });

  it("names each part of a data subject's record as some table's, and only those", () => {
    const declared = new Set(
      Object.values(PERSONAL_DATA).flatMap((declaration) => (declaration.holds === 'subject' ? [declaration.part] : [])),
    );
    expect([...declared].sort()).toEqual(Object.keys(SUBJECT_PARTS).sort());
  });
});
