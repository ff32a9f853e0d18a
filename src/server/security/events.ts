/*
 * The one security-event logger (SPEC §3 "Security event", §7 "Security events logged").
 *
 * Every event is a row in `security_events` with the e-mail, a keyed hash of the client
 * IP (HMAC with the server secret: repeated abuse from one address is visible, the
 * address itself is not stored), the severity and the source. Logging never throws:
 * a failed insert is printed and the caller's flow (a sign-in, a form) goes on.
 *
 * Each event is also one line of the server log (component "security"): its type,
 * severity, source, the account id and a short reason — never the e-mail, the IP or its
 * hash, or the details' other fields, which the table keeps for the dashboard.
 *
 * A refused request is answered by the rate limiter, not by the database: so that a flood of
 * them cannot fill the table, `rate_limited` gets one row per address, source and
 * RATE_LIMITED_EVENT_WINDOW_MS (every one still reaches the log).
 */
import { createHmac } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { securityEvents, type SecurityEvent, type SecuritySeverity } from '../db/schema/auth';
import { addressKey } from '../client-address';
import { describeError } from '../describe-error';
import { componentLogger, type Logger } from '../log/logger';
import { hitRateLimit } from '../rate-limit';
import type { SecurityEventType } from '~/lib/security-events';
import { type Clock, systemClock } from '../clock';

const DEFAULT_SEVERITY: Record<SecurityEventType, SecuritySeverity> = {
  login_success: 'info',
  login_failed: 'warning',
  logout: 'info',
  admin_login: 'info',
  account_created: 'info',
  signup_failed: 'warning',
  account_locked: 'warning',
  input_validation_failed: 'critical',
  profile_fetch_error: 'error',
  authentication_error: 'error',
  rate_limited: 'warning',
  admin_granted: 'info',
  access_denied: 'warning',
  lead_rejected: 'error',
  role_changed: 'info',
  sessions_revoked: 'info',
  lgpd_match_included: 'info',
  password_reset_requested: 'info',
  password_reset: 'info',
  invitation_created: 'info',
  invitation_resent: 'info',
  invitation_revoked: 'info',
  invitation_accepted: 'info',
  invitation_refused: 'warning',
  invitation_revoked_role_lost: 'info',
  // Someone else may have signed up with the invitee's address: worth a look.
  unconfirmed_account_taken_over: 'warning',
};

export interface SecurityEventInput {
  type: SecurityEventType;
  /** Where it happened, e.g. 'auth:sign-in', 'lead-form', 'middleware'. */
  source: string;
  userId?: string | null | undefined;
  email?: string | null | undefined;
  /** The client IP; stored only as a keyed hash. */
  ip?: string | null | undefined;
  /** Overrides the type's default severity. */
  severity?: SecuritySeverity | undefined;
  /** Event-specific fields (reason, path, field name…). Never passwords. */
  details?: Record<string, unknown> | undefined;
}

export interface SecurityLogger {
  log: (event: SecurityEventInput) => Promise<void>;
  /** The keyed hash stored for an IP (also handy for correlating other tables). */
  hashIp: (ip: string) => string;
}

export interface SecurityLoggerDeps {
  db: DbOrTx;
  /** Key of the IP hash: the server's AUTH_SECRET. */
  secret: string;
  now?: Clock;
  /** Where every event, and a failure to record one, is logged (see the header). */
  log?: Logger;
}

/** One `rate_limited` row per address and source within this long. */
export const RATE_LIMITED_EVENT_WINDOW_MS = 60_000;

const LOG_LEVEL: Record<SecuritySeverity, 'info' | 'warn' | 'error'> = {
  info: 'info',
  warning: 'warn',
  error: 'error',
  critical: 'error',
};

/** The part of an event that may reach the log. */
function logFields(event: SecurityEventInput, severity: SecuritySeverity): Record<string, unknown> {
  const reason = event.details?.['reason'];
  const route = event.details?.['route'];
  return {
    event: event.type,
    severity,
    source: event.source,
    ...(event.userId ? { userId: event.userId } : {}),
    ...(typeof reason === 'string' ? { reason: reason.slice(0, 80) } : {}),
    ...(typeof route === 'string' ? { route } : {}),
  };
}

export function createSecurityLogger({
  db,
  secret,
  now = systemClock,
  log = componentLogger('security'),
}: SecurityLoggerDeps): SecurityLogger {
  // Per client, as the limiters count (an IPv6 /64 is one), so a rotating address is still one source.
  const hashIp = (ip: string) =>
    createHmac('sha256', secret)
      .update(`ip:${addressKey(ip)}`)
      .digest('hex')
      .slice(0, 32);
  /** Whether this is the first such event of the address and source in the window; true when counting fails. */
  const firstInWindow = (event: SecurityEventInput, ipHash: unknown) =>
    hitRateLimit(
      db,
      `security-event:${event.type}:${event.source}:${typeof ipHash === 'string' ? ipHash : 'unknown'}`,
      { count: 1, windowMs: RATE_LIMITED_EVENT_WINDOW_MS },
      now(),
    ).catch(() => true);
  return {
    hashIp,
    log: async (event) => {
      const severity = event.severity ?? DEFAULT_SEVERITY[event.type];
      log[LOG_LEVEL[severity]](logFields(event, severity), 'security event');
      const details: Record<string, unknown> = {
        ...event.details,
        email: event.email ?? null,
        ip_hash: event.ip ? hashIp(event.ip) : null,
        severity,
        source: event.source,
      };
      if (event.type === 'rate_limited' && !(await firstInWindow(event, details['ip_hash']))) return;
      try {
        await db.insert(securityEvents).values({
          userId: event.userId ?? null,
          eventType: event.type,
          details,
          createdAt: now(),
        });
      } catch (error) {
        // Never the driver's message: it lists the row's values (e-mail, input samples).
        log.error(`could not record ${event.type}: ${describeError(error)}`);
      }
    },
  };
}

/** The latest events, newest first (admin dashboard). */
export async function latestSecurityEvents(db: DbOrTx, limit = 20): Promise<SecurityEvent[]> {
  return db.select().from(securityEvents).orderBy(desc(securityEvents.createdAt)).limit(limit);
}

/**
 * Events that commit or roll back with the caller's change (the possible matches an admin
 * included in an LGPD export or erasure): written in its transaction, and unlike `log` a
 * failure fails the change, which must not go through unrecorded.
 */
export async function recordInTransaction(
  tx: DbOrTx,
  events: { userId: string | null; eventType: SecurityEventType; createdAt: Date; details: Record<string, unknown> }[],
): Promise<void> {
  await tx.insert(securityEvents).values(events);
}
