/*
 * Proof of cookie choices (LGPD art. 8 §2: the controller must be able to
 * show what was agreed). One row per choice a browser made in the banner or the preferences,
 * changes included, so the history of one anonymous id can be replayed. Nothing here
 * identifies a person: the id is random, made in the browser and kept only in its cookie.
 */
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const cookieConsents = pgTable(
  'cookie_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The anonymous id from the visitor's consent cookie (32 hex digits). */
    visitorId: text('visitor_id').notNull(),
    /** Version of the consent text shown (src/lib/cookie-policy.ts `version`). */
    version: text('version').notNull(),
    analytics: boolean('analytics').notNull(),
    functionality: boolean('functionality').notNull(),
    marketing: boolean('marketing').notNull(),
    /** Server time of receipt. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('cookie_consents_visitor_idx').on(table.visitorId, table.recordedAt)],
);

export type CookieConsentRow = typeof cookieConsents.$inferSelect;
