/*
 * Fixed-window counters for per-client rate limits. They live in the database,
 * not in memory, so every app instance behind a load balancer shares them
 * (DESIGN.md "Scale") and a restart does not reset an abuser's window.
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable('rate_limits', {
  /** e.g. 'lead:<ip hash>'. */
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
