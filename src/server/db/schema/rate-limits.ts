/*
 * Sliding-window counters for per-client rate limits. They live in the database,
 * not in memory, so every app instance behind a load balancer shares them
 * (DESIGN.md "Scale") and a restart does not reset an abuser's window.
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable('rate_limits', {
  /** e.g. 'lead:<ip hash>'. */
  key: text('key').primaryKey(),
  /** The latest hit (allowed or not); ops alerts keep their last sending time here. */
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  /** Hits within the window up to and including the latest, refused ones counted. */
  count: integer('count').notNull(),
  /** When each hit still inside the window was let through, oldest first; never more than the limit. */
  hits: timestamp('hits', { withTimezone: true }).array().notNull().default([]),
});
