/*
 * How long the team's invitations are kept. An invitation holds the invitee's e-mail address:
 * once it is closed — accepted (the account now holds the address), revoked, or expired
 * unused — it stays listed on /admin/usuarios for a while so the admin sees what happened,
 * then housekeeping (src/server/housekeeping.ts) deletes it. The security events keep the
 * history.
 */
import { and, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { teamInvitations } from '../db/schema/auth';

/** How long a closed invitation stays listed before housekeeping deletes it. */
export const CLOSED_INVITATION_KEEP_MS = 30 * 24 * 60 * 60_000;

/** Deletes invitations closed more than CLOSED_INVITATION_KEEP_MS before `now`; returns how many. */
export async function pruneClosedInvitations(db: DbOrTx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - CLOSED_INVITATION_KEEP_MS);
  const invitation = teamInvitations;
  const deleted = await db
    .delete(invitation)
    .where(
      or(
        lte(invitation.acceptedAt, before),
        lte(invitation.revokedAt, before),
        and(isNull(invitation.acceptedAt), isNull(invitation.revokedAt), lte(invitation.expiresAt, before)),
      ),
    )
    .returning({ id: invitation.id });
  return deleted.length;
}
