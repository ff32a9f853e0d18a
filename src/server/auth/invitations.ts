/*
 * Invitations to the team: an admin invites an address with a role from /admin/usuarios;
 * the address gets a single-use link valid for 72 h (src/lib/invitation.ts) through the
 * outbox, queued in the transaction that writes the invitation; the link's page
 * (/auth/convite) has the invitee choose a name and password, which creates the account
 * with that role and its address confirmed (only the mailbox could open the link).
 *
 * - Only a SHA-256 of the token is stored: a copy of the table opens nothing. Re-sending
 *   writes a new hash (and a new 72 h), so the earlier link stops working at once.
 * - An address that already has a confirmed account is not invited: the admin is told to
 *   change that account's role in the table instead (no e-mail goes out). Granting the role
 *   silently would hand rights to whoever holds the account today without the person
 *   accepting anything, and an e-mail about it would say nothing the role change does not.
 *   An unconfirmed account is no obstacle: anyone may have signed up with the address, and
 *   accepting the invitation takes that account over (./invitation-accept.ts).
 * - An invitation is only as good as its inviter's right to invite: when the inviter loses
 *   it (a role change here or through admin:grant), their open invitations are revoked in
 *   the same transaction, and accepting checks the right again (./invitation-rights.ts).
 * - One open (not accepted nor revoked) invitation per address, held by a unique index: an
 *   expired one is revoked when the address is invited again, and of two invitations racing
 *   for one address the second is told to re-send the first.
 * - Each step is a security event; a refused link (used, expired, revoked, unknown) too.
 *
 * Written with Drizzle on Better Auth's tables, as ./team-members.ts is. The link's side —
 * what it opens, accepting it, the page's bounds — is ./invitation-accept.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import { INVITATION_TTL_MS, invitationStatus, type InvitableRole, type InvitationStatus } from '../../lib/invitation';
import type { Db, DbOrTx } from '../db/client';
import { sqlState } from '../db/errors';
import { authUser, teamInvitations } from '../db/schema/auth';
import type { MailMessage } from '../mail';
import type { DeliveryMeta } from '../outbox/outbox';
import type { SecurityLogger } from '../security';
import { invitationMail } from './emails';
import type { TeamActor } from './team-members';
import type { Clock } from '../clock';

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/** The page an invitation link opens. */
export const INVITATION_PAGE = '/auth/convite';

export interface InvitationDeps {
  db: Db;
  security: SecurityLogger;
  outbox: { enqueueMail: (tx: DbOrTx, message: MailMessage, meta: DeliveryMeta) => Promise<string> };
  config: { siteUrl: string };
  now: Clock;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: InvitableRole;
  status: InvitationStatus;
  expiresAt: Date;
  sentAt: Date;
  createdAt: Date;
}

/** SHA-256 of a token, hex: what the table keeps. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token (32 random bytes, base64url) and its hash. */
function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl}${INVITATION_PAGE}?token=${encodeURIComponent(token)}`;
}

/** Every invitation, newest first, with its status now. */
export async function listInvitations(db: Db, now: Date): Promise<TeamInvitation[]> {
  const rows = await db
    .select()
    .from(teamInvitations)
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role as InvitableRole,
    status: invitationStatus(row, now),
    expiresAt: row.expiresAt,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
  }));
}

export type InviteResult =
  | { status: 'ok'; id: string }
  /** The address already has a confirmed account: its role is changed in the table instead. */
  | { status: 'account_exists' }
  /** A pending invitation for the address exists: re-send that one. */
  | { status: 'already_invited' };

/** Invites `email` with `role`: the invitation and its e-mail commit together. */
export async function inviteMember(
  deps: InvitationDeps,
  input: { email: string; role: InvitableRole },
  actor: TeamActor,
): Promise<InviteResult> {
  const { db, outbox, config, security } = deps;
  const email = input.email.trim().toLowerCase();
  const now = deps.now();
  const result = await db
    .transaction(async (tx): Promise<InviteResult> => {
      const [account] = await tx
        .select({ verified: authUser.emailVerified })
        .from(authUser)
        .where(eq(authUser.email, email));
      if (account?.verified) return { status: 'account_exists' };
      const open = await tx.select().from(teamInvitations).where(eq(teamInvitations.email, email));
      if (open.some((row) => invitationStatus(row, now) === 'pendente')) return { status: 'already_invited' };
      // An expired link still open is superseded by the new one (one open invitation per address).
      const expired = open.filter((row) => invitationStatus(row, now) === 'expirado').map((row) => row.id);
      if (expired.length > 0) {
        await tx.update(teamInvitations).set({ revokedAt: now }).where(inArray(teamInvitations.id, expired));
      }
      const { token, tokenHash } = newToken();
      const [row] = await tx
        .insert(teamInvitations)
        .values({
          email,
          role: input.role,
          tokenHash,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
          invitedBy: actor.id,
          sentAt: now,
          createdAt: now,
        })
        .returning({ id: teamInvitations.id });
      await outbox.enqueueMail(tx, invitationMail(email, input.role, invitationLink(config.siteUrl, token)), {
        subjectType: 'auth-invitation',
        subjectId: row!.id,
      });
      return { status: 'ok', id: row!.id };
    })
    // Two admins inviting the same address at once: the unique index lets one insert through.
    .catch((error: unknown): InviteResult => {
      if (sqlState(error) === UNIQUE_VIOLATION) return { status: 'already_invited' };
      throw error;
    });
  await security.log({
    type: result.status === 'ok' ? 'invitation_created' : 'invitation_refused',
    source: 'admin:usuarios',
    email,
    details: {
      by: actor.id,
      role: input.role,
      ...(result.status === 'ok' ? { invitation: result.id } : { reason: result.status }),
    },
  });
  return result;
}

export type InvitationChangeResult = { status: 'ok'; email: string } | { status: 'not_found' } | { status: 'closed' };

/** Locks an open invitation (pending or expired: not accepted nor revoked) and applies `change` to it. */
async function changeOpenInvitation(
  db: Db,
  id: string,
  change: (tx: DbOrTx, row: typeof teamInvitations.$inferSelect) => Promise<void>,
): Promise<InvitationChangeResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(teamInvitations).where(eq(teamInvitations.id, id)).for('update');
    if (!row) return { status: 'not_found' } as const;
    if (row.acceptedAt || row.revokedAt) return { status: 'closed' } as const;
    await change(tx, row);
    return { status: 'ok', email: row.email } as const;
  });
}

/** Revokes an invitation: its link stops working. Accepted ones are final (change the account's role instead). */
export async function revokeInvitation(
  { db, security, now }: InvitationDeps,
  id: string,
  actor: TeamActor,
): Promise<InvitationChangeResult> {
  const result = await changeOpenInvitation(db, id, async (tx) => {
    await tx.update(teamInvitations).set({ revokedAt: now() }).where(eq(teamInvitations.id, id));
  });
  if (result.status === 'ok') {
    await security.log({
      type: 'invitation_revoked',
      source: 'admin:usuarios',
      email: result.email,
      details: { by: actor.id, invitation: id },
    });
  }
  return result;
}

/**
 * Mails a new link for an open invitation (pending or expired): a new token and a new
 * 72 h; the earlier link stops working, since its hash is gone.
 */
export async function resendInvitation(
  deps: InvitationDeps,
  id: string,
  actor: TeamActor,
): Promise<InvitationChangeResult> {
  const { db, outbox, config, security } = deps;
  const now = deps.now();
  const result = await changeOpenInvitation(db, id, async (tx, row) => {
    const { token, tokenHash } = newToken();
    await tx
      .update(teamInvitations)
      .set({ tokenHash, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), sentAt: now })
      .where(eq(teamInvitations.id, id));
    await outbox.enqueueMail(
      tx,
      invitationMail(row.email, row.role as InvitableRole, invitationLink(config.siteUrl, token)),
      {
        subjectType: 'auth-invitation',
        subjectId: id,
      },
    );
  });
  if (result.status === 'ok') {
    await security.log({
      type: 'invitation_resent',
      source: 'admin:usuarios',
      email: result.email,
      details: { by: actor.id, invitation: id },
    });
  }
  return result;
}
