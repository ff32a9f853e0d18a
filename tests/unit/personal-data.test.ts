/*
 * Every table is declared by one feature (its personal-data.ts, gathered in
 * src/server/lgpd/personal-data.ts), and the declarations and the LGPD tools' record of a data
 * subject (src/server/lgpd/subject-find.ts) name the same parts: a feature that adds a table,
 * or a part of the subject's record, without saying where its personal data is — or a table
 * holding a subject's data without saying how to find and erase it — fails here.
 */
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '~/server/db/schema';
import { PERSONAL_DATA, PERSONAL_DATA_PARTS, registryProblems, SUBJECT_HANDLERS } from '~/server/lgpd/personal-data';
import type { SubjectData, SubjectPart } from '~/server/lgpd/subject-find';

const tables = (Object.values(schema) as unknown[])
  .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
  .sort();

/** Every part of SubjectData that comes from tables, as a value the compiler keeps complete. */
const SUBJECT_PARTS: Record<SubjectPart, true> = {
  leads: true,
  notes: true,
  leadHistory: true,
  followUps: true,
  implementationHistory: true,
  implementations: true,
  documents: true,
  consents: true,
  deliveries: true,
  requests: true,
  securityEvents: true,
  audit: true,
} satisfies Record<Exclude<keyof SubjectData, 'identifier' | 'possibleMatches' | 'basis'>, true>;

describe('personal data by declaration', () => {
  it('declares every table of the schema, and no table that is not there', () => {
    expect(tables.length).toBeGreaterThan(30);
    expect(Object.keys(PERSONAL_DATA).sort()).toEqual(tables);
  });

  it("names each part of a data subject's record as some table's, and only those", () => {
    const declared = new Set(
      Object.values(PERSONAL_DATA).flatMap((declaration) =>
        declaration.holds === 'subject' ? [declaration.part] : [],
      ),
    );
    expect([...declared].sort()).toEqual(Object.keys(SUBJECT_PARTS).sort());
  });

  it('has each table declared by exactly one feature, and every subject part found and erased by its feature', () => {
    expect(registryProblems(PERSONAL_DATA_PARTS, tables)).toEqual([]);
    expect(SUBJECT_HANDLERS.length).toBeGreaterThan(0);
  });

  it("fails a feature whose table holds a subject's data without saying how to find and erase it", () => {
    const withNewFeature = {
      ...PERSONAL_DATA_PARTS,
      newsletter: { tables: { newsletter_subscribers: { holds: 'subject' as const, part: 'subscribers' } } },
    };
    expect(registryProblems(withNewFeature, [...tables, 'newsletter_subscribers'])).toEqual([
      "newsletter_subscribers: holds a subject's data, but newsletter says not how to find and erase it",
    ]);
  });

  it('fails a table left undeclared, declared twice, or declared but not in the schema', () => {
    const { blog: _left, ...withoutBlog } = PERSONAL_DATA_PARTS;
    expect(registryProblems(withoutBlog, tables)).toEqual(
      expect.arrayContaining(['blog_posts: declared by no feature']),
    );
    const twice = { ...PERSONAL_DATA_PARTS, copy: { tables: { blog_meta: { holds: 'none' as const } } } };
    expect(registryProblems(twice, tables)).toEqual(['blog_meta: declared by blog and copy']);
    expect(
      registryProblems(
        PERSONAL_DATA_PARTS,
        tables.filter((table) => table !== 'blog_meta'),
      ),
    ).toEqual(['blog_meta: declared by blog, not in the schema']);
  });
});
