/*
 * Where the site keeps personal data: every feature's declaration (its `personal-data.ts`,
 * shaped by src/server/db/personal-data.ts), gathered. Every table of src/server/db/schema is
 * declared by exactly one feature, and a feature whose tables hold a data subject's records
 * says how to find, export and erase them; tests/unit/personal-data.test.ts fails otherwise
 * (registryProblems). The LGPD tools (./subject-find.ts, ./subject.service.ts) only loop over
 * SUBJECT_HANDLERS.
 */
import { analyticsPersonalData } from '../analytics/personal-data';
import { authPersonalData } from '../auth/personal-data';
import { blogPersonalData } from '../blog/personal-data';
import { consentPersonalData } from '../consent/personal-data';
import { cookieConsentPersonalData } from '../cookie-consent/personal-data';
import type { PersonalDataDeclaration, RecordRow, SubjectHandlers, SubjectRecords } from '../db/personal-data';
import { deliveriesPersonalData } from '../delivery/personal-data';
import { implementationPersonalData } from '../implementation/personal-data';
import { followUpsPersonalData, leadReportsPersonalData } from '../inbox/personal-data';
import { leadsPersonalData } from '../leads/personal-data';
import { rateLimitsPersonalData } from '../rate-limit';
import { securityPersonalData } from '../security/personal-data';
import { lgpdPersonalData } from './lgpd-personal-data';

/** Any feature's declaration, as the registry holds them side by side. */
export interface FeatureDeclaration {
  tables: Readonly<Record<string, PersonalDataDeclaration>>;
  subject?: SubjectHandlers<object, RecordRow>;
}

/**
 * Every feature's declaration. Those holding a subject's records come first, in the order of
 * the export file's fields, which finding and erasing follow too: no foreign key runs between
 * two features' tables (a consent or a delivery names its record by type and id), and each
 * feature erases its own tables in an order their keys allow.
 */
export const PERSONAL_DATA_PARTS: Readonly<Record<string, FeatureDeclaration>> = {
  leads: leadsPersonalData,
  followUps: followUpsPersonalData,
  implementation: implementationPersonalData,
  consent: consentPersonalData,
  delivery: deliveriesPersonalData,
  lgpd: lgpdPersonalData,
  security: securityPersonalData,
  auth: authPersonalData,
  inbox: leadReportsPersonalData,
  rateLimits: rateLimitsPersonalData,
  blog: blogPersonalData,
  cookieConsent: cookieConsentPersonalData,
  analytics: analyticsPersonalData,
};

/** How each feature holding a subject's records finds, exports and erases them, in order. */
export const SUBJECT_HANDLERS: readonly SubjectHandlers<object, RecordRow>[] = Object.values(
  PERSONAL_DATA_PARTS,
).flatMap((part) => (part.subject ? [part.subject] : []));

/** The tables whose rows name the person directly, from which the LGPD tools settle a subject's scope. */
export const RECORD_SOURCES: readonly SubjectRecords<RecordRow>[] = SUBJECT_HANDLERS.flatMap((handlers) =>
  handlers.records ? [handlers.records] : [],
);

/** Every table of the schema, by its SQL name: the union of the features' declarations. */
export const PERSONAL_DATA: Readonly<Record<string, PersonalDataDeclaration>> = Object.assign(
  {},
  ...Object.values(PERSONAL_DATA_PARTS).map((part) => part.tables),
) as Record<string, PersonalDataDeclaration>;

/**
 * What is wrong with `parts` against the schema's tables (SQL names): a table nobody declares,
 * or two features do, or no longer in the schema; a feature whose tables hold a subject's
 * records without saying how to find and erase them, or saying so without such a table.
 */
export function registryProblems(
  parts: Readonly<Record<string, FeatureDeclaration>>,
  tables: readonly string[],
): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  for (const [feature, part] of Object.entries(parts)) {
    for (const [table, declaration] of Object.entries(part.tables)) {
      const earlier = owner.get(table);
      if (earlier) problems.push(`${table}: declared by ${earlier} and ${feature}`);
      owner.set(table, feature);
      if (!tables.includes(table)) problems.push(`${table}: declared by ${feature}, not in the schema`);
      if (declaration.holds === 'subject' && !part.subject) {
        problems.push(`${table}: holds a subject's data, but ${feature} says not how to find and erase it`);
      }
    }
    const subjectTables = Object.values(part.tables).filter((declaration) => declaration.holds === 'subject');
    if (part.subject && subjectTables.length === 0) problems.push(`${feature}: finds a subject's data in no table`);
  }
  for (const table of tables) if (!owner.has(table)) problems.push(`${table}: declared by no feature`);
  return problems;
}
