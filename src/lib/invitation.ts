/**
 * The pure rules of team invitations (src/server/auth/invitations.ts): how long a link
 * lasts, the token's shape, and an invitation's status read from its dates.
 */

/** How long an invitation link stays valid. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

/** The roles an admin can invite for (a team role: an account without one opens nothing). */
export const INVITABLE_ROLES = ['admin', 'vendas', 'editor'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export type InvitationStatus = 'pendente' | 'aceito' | 'expirado' | 'revogado';

/** What an e-mailed token looks like: 32 random bytes in base64url. */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * An invitation's status at `now`: accepted and revoked are final; otherwise it expires.
 * @example invitationStatus({ acceptedAt: null, revokedAt: null, expiresAt: new Date(0) }, new Date(1)) // 'expirado'
 */
export function invitationStatus(
  row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InvitationStatus {
  if (row.acceptedAt) return 'aceito';
  if (row.revokedAt) return 'revogado';
  return row.expiresAt.getTime() <= now.getTime() ? 'expirado' : 'pendente';
}

/**
 * Where an invitee lands once signed in: the part of the admin area their role works in (a
 * salesperson's day starts on "Hoje": her next steps due and the leads past the promise).
 * @example landingPageFor('vendas') // '/admin/hoje'
 */
export function landingPageFor(role: InvitableRole): string {
  return role === 'vendas' ? '/admin/hoje' : role === 'editor' ? '/blog/admin/posts' : '/blog/admin';
}

/**
 * Where signing in lands: the role's own part of the admin area (a salesperson's "Hoje");
 * an account of no team role on the dashboard, which answers it.
 * @example signInLandingFor('vendas') // '/admin/hoje'
 * @example signInLandingFor(undefined) // '/blog/admin'
 */
export function signInLandingFor(role: string | null | undefined): string {
  return (INVITABLE_ROLES as readonly string[]).includes(role ?? '')
    ? landingPageFor(role as InvitableRole)
    : '/blog/admin';
}
