/*
 * The security events the server writes, by the code the table, the log and the alerts use,
 * and their names as the admin pages show them. Pure, so pages and the server share one list.
 */
import { securityEventLabels } from '~/messages/auth';

/** Event types written server-side; the first ten are the spec's names. */
export const SECURITY_EVENT_TYPES = [
  'login_success',
  'login_failed',
  'logout',
  'admin_login',
  'account_created',
  'signup_failed',
  'account_locked',
  'input_validation_failed',
  'profile_fetch_error',
  'authentication_error',
  /** A 429 from the auth endpoints' rate limiter. */
  'rate_limited',
  /** `npm run admin:grant` made an account admin. */
  'admin_granted',
  /** A signed-in non-admin (or an anonymous client) was refused an admin page or endpoint. */
  'access_denied',
  /** The database refused a lead for its content (a spooled one is kept aside for a person). */
  'lead_rejected',
  /** An admin changed an account's role at /admin/usuarios (src/server/auth/team-members.ts). */
  'role_changed',
  /** An admin ended all sessions of an account at /admin/usuarios. */
  'sessions_revoked',
  /** An admin included a possible match in an LGPD export or erasure, for a request or a search (src/server/lgpd). */
  'lgpd_match_included',
  /** Someone asked for a link to set an account's password (logged for unknown addresses too). */
  'password_reset_requested',
  /** A password was set through an e-mailed link: the address is confirmed, every session ended. */
  'password_reset',
  /** An admin invited an address to the team with a role (src/server/auth/invitations.ts). */
  'invitation_created',
  /** An admin mailed a new link for an invitation (the earlier one stops working). */
  'invitation_resent',
  /** An admin revoked an invitation. */
  'invitation_revoked',
  /** An invitee chose a name and password: the account exists with the invitation's role. */
  'invitation_accepted',
  /** An invitation refused: to an address with an account or already invited, or a used, expired, revoked or unknown link. */
  'invitation_refused',
  /** An invitation revoked because its inviter lost the right to invite (demoted, or gone) before it was accepted. */
  'invitation_revoked_role_lost',
  /** An invitation accepted over an unconfirmed account with its address: that sign-up's password and sessions are gone. */
  'unconfirmed_account_taken_over',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** A pt-BR name for every type: a type added without one does not compile. */
const LABELS: Record<SecurityEventType, string> = securityEventLabels;

const isKnown = (code: string): code is SecurityEventType => (SECURITY_EVENT_TYPES as readonly string[]).includes(code);

/** How the admin pages name an event; a code this build does not know (an older row's) shows as itself. */
export function securityEventLabel(code: string): string {
  return isKnown(code) ? LABELS[code] : code;
}
