/*
 * The personal data of security events (src/server/db/personal-data.ts has the shape): an
 * event names a person by the e-mail in its details (a sign-in, a form refused). Either way
 * of erasing, the event keeps its type, date and source and loses the e-mail: the security
 * record stays whole.
 */
import { inArray, sql } from 'drizzle-orm';
import { newestFirst, type PersonalDataPart } from '../db/personal-data';
import { securityEvents, type SecurityEvent } from '../db/schema/auth';

export interface SecurityEventsFound {
  securityEvents: SecurityEvent[];
}

export const securityPersonalData: PersonalDataPart<SecurityEventsFound> = {
  tables: {
    security_events: { holds: 'subject', part: 'securityEvents' },
  },
  subject: {
    async find(db, scope) {
      const events = await db
        .select()
        .from(securityEvents)
        .where(inArray(sql`lower(${securityEvents.details}->>'email')`, [...scope.emails]));
      return { securityEvents: newestFirst(events) };
    },
    exportFields: async (_db, found) => ({
      eventosSeguranca: found.securityEvents.map((event) => ({
        tipo: event.eventType,
        criadoEm: event.createdAt,
        origem: event.details['source'] ?? null,
      })),
    }),
    async erase(tx, found) {
      const eventIds = found.securityEvents.map((row) => row.id);
      if (eventIds.length === 0) return;
      await tx
        .update(securityEvents)
        .set({ details: sql`${securityEvents.details} - 'email'` })
        .where(inArray(securityEvents.id, eventIds));
    },
    counts: (found) => ({ securityEvents: found.securityEvents.length }),
    namesSomeone: (found) => found.securityEvents.length > 0,
  },
};
