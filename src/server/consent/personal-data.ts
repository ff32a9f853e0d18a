/*
 * The personal data of consent records (src/server/db/personal-data.ts has the shape): a form
 * consent names nobody by itself but points at the lead or implementation request it was
 * given with, so it belongs to that record's subject. Anonymising keeps it (the proof that
 * consent was given stays, and no longer leads to anyone); deleting removes it.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { PersonalDataPart } from '../db/personal-data';
import { formConsents, type FormConsent } from '../db/schema/lgpd';

export interface ConsentFound {
  consents: FormConsent[];
}

export const consentPersonalData: PersonalDataPart<ConsentFound> = {
  tables: {
    form_consents: { holds: 'subject', part: 'consents' },
  },
  subject: {
    async find(db, scope) {
      const consents = await db
        .select()
        .from(formConsents)
        .where(
          or(
            and(eq(formConsents.subjectType, 'lead'), inArray(formConsents.subjectId, [...scope.ids.lead])),
            and(
              eq(formConsents.subjectType, 'implementacao'),
              inArray(formConsents.subjectId, [...scope.ids.implementacao]),
            ),
          ),
        );
      return { consents: consents.sort((a, b) => b.consentedAt.getTime() - a.consentedAt.getTime()) };
    },
    exportFields: async (_db, found) => ({ consentimentos: found.consents }),
    async erase(tx, found, mode) {
      const consentIds = found.consents.map((row) => row.id);
      if (mode === 'delete' && consentIds.length > 0) {
        await tx.delete(formConsents).where(inArray(formConsents.id, consentIds));
      }
    },
    counts: (found) => ({ consents: found.consents.length }),
    namesSomeone: () => false,
  },
};
