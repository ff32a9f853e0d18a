/*
 * One row per outgoing e-mail or webhook call, created in the same transaction
 * as the job that will perform it and updated on every attempt. With no mail
 * transport configured the message itself stays here (status 'logged'), so
 * nothing is silently dropped and admins can read it.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { DELIVERY_KINDS, type ConnectorKind, type DeliveryKind } from '../../../lib/delivery-kinds';

export { DELIVERY_KINDS, type ConnectorKind, type DeliveryKind };

/**
 * pending: queued, not tried yet; retrying: failed, another attempt is scheduled;
 * sent: delivered; logged: no mail transport, kept here (not sent); failed: gave up.
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
    /** Recipient address(es) of an e-mail, the webhook URL, or a connector's endpoint (never with its secret). */
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
     * the row in their transaction; see src/server/outbox/dispatcher.ts for why.
     */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (table) => [
    index('deliveries_subject_idx').on(table.subjectType, table.subjectId),
    index('deliveries_undispatched_idx')
      .on(table.createdAt)
      .where(sql`${table.dispatchedAt} is null`),
    /*
     * The deliveries page (src/server/inbox/delivery-list.ts) and "reenviar todas as falhas":
     * open deliveries of a subject type, newest first. Partial, so it holds the few still
     * open, not the hundreds of thousands sent.
     */
    index('deliveries_open_idx')
      .on(table.subjectType, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.status} in ('pending', 'retrying', 'failed')`),
  ],
);

export type Delivery = typeof deliveries.$inferSelect;
export type NewDelivery = typeof deliveries.$inferInsert;

/**
 * The circuit breaker of each delivery target (src/server/delivery/breaker.ts): a webhook
 * URL, or the mail transport as a whole (kind 'email', target '*'). A row appears when a
 * target is first paused; `paused_until` in the future means its deliveries wait (they are
 * not attempted, so they spend none of their retries) and every instance honours it.
 * Read it to show which targets are failing; nothing here holds personal data.
 */
export const deliveryTargets = pgTable(
  'delivery_targets',
  {
    kind: text('kind').$type<DeliveryKind>().notNull(),
    target: text('target').notNull(),
    /** Failed attempts in a row when it was last paused (0 once it works again). */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Null or past: deliveries flow (after a pause, one probe attempt decides). */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** Pauses since it last worked; each one is twice as long, up to a ceiling. */
    pauses: integer('pauses').notNull().default(0),
    /** When the current run of failures began (null while healthy). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.target] })],
);

export type DeliveryTarget = typeof deliveryTargets.$inferSelect;
