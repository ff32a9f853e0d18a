/*
 * Follow-ups: a lead's one "Próximo passo" (when, how, a short note, whose it is) and who
 * among the team turned the morning digest off. Owned by the sales inbox (src/server/inbox).
 *
 * One row per lead (`lead_id` is unique): setting a new next step replaces the old one,
 * "Concluído" deletes it. `user_id` is whose step it is (who set it): "Hoje" lists one's own
 * first and the digest mails each person theirs; like the lead's history it names the
 * account with no foreign key, and keeps the name for display.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { FOLLOW_UP_KINDS, MAX_FOLLOW_UP_NOTE_LENGTH, type FollowUpKind } from '../../../lib/follow-up';
import { authUser } from './auth';
import { contatos } from './leads';

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export const leadFollowUps = pgTable(
  'lead_follow_ups',
  {
    leadId: uuid('lead_id')
      .primaryKey()
      .references(() => contatos.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    kind: text('kind').$type<FollowUpKind>().notNull(),
    note: text('note').notNull().default(''),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // "Hoje" and the digest: one person's steps up to a day's end, and the team's.
    index('lead_follow_ups_user_due_idx').on(table.userId, table.dueAt),
    index('lead_follow_ups_due_idx').on(table.dueAt),
    check('lead_follow_ups_kind_check', sql.raw(`kind in (${quoted(FOLLOW_UP_KINDS)})`)),
    check('lead_follow_ups_note_check', sql.raw(`length(note) <= ${MAX_FOLLOW_UP_NOTE_LENGTH}`)),
  ],
);

/** Team members who turned the morning digest off (everyone gets it until they do). */
export const followUpDigestOptOuts = pgTable('follow_up_digest_opt_outs', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUser.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LeadFollowUp = typeof leadFollowUps.$inferSelect;
