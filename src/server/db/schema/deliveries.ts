/*
 * One row per outgoing e-mail or webhook call, created in the same transaction
 * as the job that will perform it and updated on every attempt. With no mail
 * transport configured the message itself stays here (status 'logged'), so
 * nothing is silently dropped and admins can read it.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const DELIVERY_KINDS = ['email', 'webhook'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/**
 * pending: queued, not tried yet; retrying: failed, another attempt is scheduled;
 * sent: delivered; logged: no mail transport, kept here and printed; failed: gave up.
 */
export const DELIVERY_STATUSES = ['pending', 'retrying', 'sent', 'logged', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<DeliveryKind>().notNull(),
    /** Recipient address(es) of an e-mail, or the webhook URL. */
    target: text('target').notNull(),
    /** What it is about, e.g. 'lead' + the contatos id, so a lead's deliveries can be listed. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    /** The e-mail message or the webhook body, exactly as it is (re)sent. */
    payload: jsonb('payload').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * When the dispatcher handed the row to pg-boss (null: not yet). Writers only insert
     * the row in their transaction; see src/server/jobs/queue.ts for why.
     */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (table) => [
    index('deliveries_subject_idx').on(table.subjectType, table.subjectId),
    index('deliveries_undispatched_idx')
      .on(table.createdAt)
      .where(sql`${table.dispatchedAt} is null`),
  ],
);

export type Delivery = typeof deliveries.$inferSelect;
export type NewDelivery = typeof deliveries.$inferInsert;
