/*
 * Who may give which role by invitation, and what happens to invitations when their
 * inviter loses that right: a role change (./team-members.ts, ./admin-grant.ts) revokes
 * them in its own transaction, and accepting one (./invitation-accept.ts) checks again.
 * Kept apart from ./invitations.ts, which needs the team's actor type from ./team-members.ts.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { INVITABLE_ROLES } from '../../lib/invitation';
import type { DbOrTx } from '../db/client';
import { teamInvitations } from '../db/schema/auth';
import type { SecurityLogger } from '../security';
import { mayOpen, rolesForAction } from './access-policy';

/**
 * Whether someone with `inviterRole` may hand out `role` by invitation: the roles the team
 * page's actions admit (usuarios.*, admins today) may give any invitable role.
 * @example mayGrantRole('admin', 'admin')   // true
 * @example mayGrantRole('vendas', 'vendas') // false
 */
export function mayGrantRole(inviterRole: string | null | undefined, role: string): boolean {
  return (
    mayOpen(inviterRole, rolesForAction('usuarios.invite') ?? []) &&
    (INVITABLE_ROLES as readonly string[]).includes(role)
  );
}

/**
 * Whether moving from `before` to `after` takes away the right to invite: then the
 * person's open invitations are revoked (revokeInvitationsOf).
 * @example losesInviteRight('admin', 'vendas') // true
 */
export function losesInviteRight(before: string | null, after: string): boolean {
  return mayGrantRole(before, 'admin') && !mayGrantRole(after, 'admin');
}

/**
 * Revokes every open invitation (pending or expired) `inviterId` sent; returns them. Run in
 * the transaction that takes the inviter's right away, so no link of theirs outlives it.
 */
export async function revokeInvitationsOf(
  tx: DbOrTx,
  inviterId: string,
  now: Date,
): Promise<{ id: string; email: string }[]> {
  return tx
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(teamInvitations.invitedBy, inviterId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .returning({ id: teamInvitations.id, email: teamInvitations.email });
}

/** Records each invitation revoked because its inviter lost the right to invite. */
export async function logInvitationsRevokedByRoleLoss(
  security: SecurityLogger,
  source: string,
  revoked: readonly { id: string; email: string }[],
  details: { inviter: string; by?: string },
): Promise<void> {
  for (const invitation of revoked) {
    await security.log({
      type: 'invitation_revoked_role_lost',
      source,
      email: invitation.email,
      details: { ...details, invitation: invitation.id },
    });
  }
}
