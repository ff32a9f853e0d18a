/*
 * Sign-in tables. The first five are Better Auth's models (user, session, account,
 * verification, rateLimit) with the admin plugin's fields, written by hand from
 * Better Auth's schema (@better-auth/core get-tables + plugins/admin/schema) so they
 * live in our Drizzle schema and migrations like every other table. Better Auth
 * reads and writes them through its Drizzle adapter (src/server/auth/auth.ts maps
 * model names to these tables). Table names carry an `auth_` prefix: "user" is a
 * reserved word in PostgreSQL.
 *
 * Then our own: failed sign-in counters for the lockout, and the security events log.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { USER_ROLES, type UserRole } from '../../../lib/team-roles';

export { USER_ROLES, type UserRole };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const authUser = pgTable('auth_user', {
  id: text('id').primaryKey(),
  /** The sign-up form's fullName (SPEC §3 "full_name"). */
  name: text('name').notNull(),
  /** Stored lower-case by Better Auth. */
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  role: text('role').$type<UserRole>().default('user'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
});

export const authSession = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    /** Slides forward on use: 24 h after the last request that read the session. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (table) => [index('auth_session_user_id_idx').on(table.userId)],
);

export const authAccount = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** Better Auth's scrypt hash for the e-mail + password provider. */
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('auth_account_user_id_idx').on(table.userId)],
);

export const authVerification = pgTable(
  'auth_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('auth_verification_identifier_idx').on(table.identifier)],
);

/**
 * Failed sign-ins per e-mail for the lockout (5 within 5 minutes → 15 minutes locked).
 * Keyed by the e-mail as typed (lower-cased), whether or not an account exists, so the
 * lockout does not reveal which addresses have accounts.
 */
export const authLoginAttempts = pgTable('auth_login_attempts', {
  email: text('email').primaryKey(),
  /** Failures within the last window, the latest included. */
  failures: integer('failures').notNull().default(0),
  /** The latest failure. */
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  /** When each failure still inside the window happened, oldest first (a sliding window). */
  failedAt: timestamp('failed_at', { withTimezone: true }).array().notNull().default([]),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Levels of SPEC §7 "Security events logged". */
export const SECURITY_SEVERITIES = ['info', 'warning', 'error', 'critical'] as const;
export type SecuritySeverity = (typeof SECURITY_SEVERITIES)[number];

/** SPEC §3 "Security event": written only by src/server/security. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null when nobody is signed in (failed sign-ins, public forms). No foreign key: the log outlives accounts. */
    userId: text('user_id'),
    eventType: text('event_type').notNull(),
    /** email, ip_hash, severity, source and event-specific fields. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('security_events_created_at_idx').on(table.createdAt),
    index('security_events_type_created_at_idx').on(table.eventType, table.createdAt),
  ],
);

export type AuthUser = typeof authUser.$inferSelect;
export type SecurityEvent = typeof securityEvents.$inferSelect;

/**
 * Invitations to the team, sent by an admin from /admin/usuarios
 * (src/server/auth/invitations.ts). Only a SHA-256 of the e-mailed token is kept: a copy of
 * the table opens no account. Re-sending replaces the hash, so the earlier link stops
 * working. The status is read from the dates (accepted, revoked, past `expires_at`).
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased, like Better Auth's. */
    email: text('email').notNull(),
    role: text('role').$type<UserRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The admin who invited (no foreign key: the record outlives accounts). */
    invitedBy: text('invited_by').notNull(),
    /** When the latest link was mailed (the first one, or a re-send). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: text('accepted_user_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('team_invitations_email_idx').on(table.email),
    // One open invitation per address: two admins inviting the same person at the same moment
    // cannot both leave a working link (the second insert fails and is told to re-send).
    uniqueIndex('team_invitations_open_email_unique')
      .on(table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);

export type TeamInvitationRow = typeof teamInvitations.$inferSelect;
