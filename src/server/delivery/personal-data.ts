/*
 * The personal data of deliveries (src/server/db/personal-data.ts has the shape): the e-mails
 * and webhooks about a subject's records, to their addresses, or naming one of their e-mails
 * anywhere in the payload (an account e-mail, say). Either way of erasing, nothing about the
 * person is sent any more: anonymising drops what waits and keeps what was sent with its
 * date and status only; deleting removes them.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { newestFirst, type PersonalDataPart, type SubjectScope } from '../db/personal-data';
import { deliveries, type Delivery } from '../db/schema/deliveries';

export interface DeliveriesFound {
  deliveries: Delivery[];
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;
/** A backslash escape of JSON text (\n, \", \\…), as a PostgreSQL regular expression. */
const JSON_ESCAPE = String.raw`\\[nrtbf"\\/]`;

/**
 * A regular expression for `email` as a whole address in text: not the tail of a longer one
 * (ana@x.com inside mariana@x.com) nor the head of a longer domain (…@x.com.br).
 */
function wholeAddress(email: string): string {
  return `(^|[^a-z0-9._%+-])${email.replace(REGEX_SPECIAL, '\\$&')}($|[^a-z0-9.-]|\\.($|[^a-z0-9]))`;
}

function deliveryMatch(scope: SubjectScope) {
  const emails = [...scope.emails];
  return or(
    and(eq(deliveries.subjectType, 'lead'), inArray(deliveries.subjectId, [...scope.ids.lead])),
    and(eq(deliveries.subjectType, 'implementacao'), inArray(deliveries.subjectId, [...scope.ids.implementacao])),
    and(eq(deliveries.subjectType, 'lgpd'), inArray(deliveries.subjectId, [...scope.ids.lgpd])),
    inArray(sql`lower(${deliveries.target})`, emails),
    // Any other message that names the person (e.g. an account e-mail): the payload mentions the address.
    // JSON escapes (\n, \t…) read as spaces, so an address right after a line break still counts.
    ...emails.map(
      (email) =>
        sql`lower(regexp_replace(${deliveries.payload}::text, ${JSON_ESCAPE}, ' ', 'g')) ~ ${wholeAddress(email)}`,
    ),
  );
}

/** Where a webhook went, without its path or token. */
const webhookOrigin = (url: string) => (URL.canParse(url) ? new URL(url).origin : '');

export const deliveriesPersonalData: PersonalDataPart<DeliveriesFound> = {
  tables: {
    deliveries: { holds: 'subject', part: 'deliveries' },
    delivery_targets: { holds: 'none' },
  },
  subject: {
    async find(db, scope) {
      const rows = await db.select().from(deliveries).where(deliveryMatch(scope));
      return { deliveries: newestFirst(rows) };
    },
    exportFields: async (_db, found) => ({
      comunicacoes: found.deliveries.map((delivery) => ({
        id: delivery.id,
        tipo: delivery.kind,
        // A webhook or connector by its origin (its path may carry a token or an account id).
        destino: delivery.kind === 'email' ? delivery.target : webhookOrigin(delivery.target),
        assunto:
          delivery.kind === 'email' ? ((delivery.payload as { subject?: string } | null)?.subject ?? null) : null,
        sobre: { tipo: delivery.subjectType, id: delivery.subjectId },
        situacao: delivery.status,
        criadaEm: delivery.createdAt,
        entregueEm: delivery.deliveredAt,
      })),
    }),
    async erase(tx, found, mode) {
      const deliveryIds = found.deliveries.map((row) => row.id);
      if (deliveryIds.length === 0) return;
      if (mode === 'delete') {
        await tx.delete(deliveries).where(inArray(deliveries.id, deliveryIds));
        return;
      }
      await tx
        .delete(deliveries)
        .where(and(inArray(deliveries.id, deliveryIds), inArray(deliveries.status, ['pending', 'retrying'])));
      await tx
        .update(deliveries)
        .set({
          payload: {},
          lastError: null,
          target: sql`case when ${deliveries.kind} = 'email' then '' else ${deliveries.target} end`,
        })
        .where(inArray(deliveries.id, deliveryIds));
    },
    counts: (found) => ({ deliveries: found.deliveries.length }),
    namesSomeone: (found) => found.deliveries.length > 0,
  },
};
