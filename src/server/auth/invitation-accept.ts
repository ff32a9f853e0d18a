/*
 * The invitee's side of an invitation (./invitations.ts is the admin's): what a link opens,
 * accepting it, and the bounds on the public page /auth/convite. Accepting locks the
 * invitation row (`for update`), so two clicks on the same link create one account and the
 * second is told the link was used; the password hash is Better Auth's own (scrypt), so the
 * account signs in like any other.
 *
 * The link is proof of the mailbox, as a password link is (auth.ts):
 * - an unconfirmed account with the address (anyone may sign up with any address) does not
 *   void the invitation: accepting takes it over — the invitee's name, password and role,
 *   the address confirmed, every session, password and pending link of the old one gone —
 *   so whoever typed the sign-up cannot sign in. A confirmed account is someone's: refused;
 * - failed sign-ins recorded against the address are forgotten, as a new password does, so a
 *   stranger's typos cannot lock the invitee out of the sign-in that follows.
 *
 * The inviter's right is checked again (mayGrantRole): a link whose inviter is no longer an
 * admin, or no longer exists, is revoked then and opens nothing. The inviter's row is locked
 * with the invitee's before the invitation's, the order a role change takes them in
 * (./team-members.ts), so a demotion and an acceptance at the same moment queue rather than
 * deadlock, and whichever commits first decides.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, or } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { INVITATION_TOKEN, invitationStatus, type InvitableRole } from '../../lib/invitation';
import type { Db } from '../db/client';
import { authAccount, authSession, authUser, authVerification, teamInvitations } from '../db/schema/auth';
import { hitOrCountInMemory, memoryCounters } from '../rate-limit';
import { mayGrantRole } from './invitation-rights';
import { hashInvitationToken, type InvitationDeps } from './invitations';
import { clearFailedSignIns } from './lockout';

/** Why a link opens nothing (the page says which, in pt-BR). */
export type InvalidLink = 'desconhecido' | 'aceito' | 'expirado' | 'revogado';

export type LinkLookup = { status: 'valid'; email: string; role: InvitableRole } | { status: InvalidLink };

/** The role of an invitation's inviter now (undefined when the account is gone). */
async function inviterRole(db: Pick<Db, 'select'>, invitedBy: string): Promise<string | null | undefined> {
  const [inviter] = await db.select({ role: authUser.role }).from(authUser).where(eq(authUser.id, invitedBy));
  return inviter ? inviter.role : undefined;
}

/** What an invitation link opens now (the page's GET). */
export async function lookupInvitation(db: Db, token: string, now: Date): Promise<LinkLookup> {
  if (!INVITATION_TOKEN.test(token)) return { status: 'desconhecido' };
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashInvitationToken(token)));
  if (!row) return { status: 'desconhecido' };
  const status = invitationStatus(row, now);
  if (status !== 'pendente') return { status };
  // Accepting would revoke it (acceptInvitation): the form is not even shown.
  if (!mayGrantRole(await inviterRole(db, row.invitedBy), row.role)) return { status: 'revogado' };
  return { status: 'valid', email: row.email, role: row.role as InvitableRole };
}

export type AcceptResult =
  | { status: 'ok'; userId: string; email: string; role: InvitableRole }
  | { status: InvalidLink }
  /** The address has a confirmed account (it appeared since the invitation): nothing changed. */
  | { status: 'account_exists' };

type Accepted = AcceptResult & {
  /** The invitation was revoked now: its inviter may no longer give its role. */
  inviterLostRight?: { invitation: string; email: string; inviter: string };
  /** An unconfirmed account was taken over: its role before, and how many sessions ended. */
  takenOver?: { previousRole: string; sessionsEnded: number };
};

/**
 * Accepts an invitation: creates the account (address confirmed, the invitation's role,
 * `name` and a hash of `password`, both already checked by invitationAcceptSchema) — or
 * takes over an unconfirmed one with the address — and closes the invitation, in one
 * transaction. The caller signs the person in.
 */
export async function acceptInvitation(
  { db, security, now: clock }: Pick<InvitationDeps, 'db' | 'security' | 'now'>,
  input: { token: string; name: string; password: string },
  ip: string | undefined,
): Promise<AcceptResult> {
  const now = clock();
  // Hashed before the transaction: scrypt takes a while, and the row lock should not.
  const passwordHash = await hashPassword(input.password);
  const result = await db.transaction(async (tx): Promise<Accepted> => {
    if (!INVITATION_TOKEN.test(input.token)) return { status: 'desconhecido' };
    const tokenHash = hashInvitationToken(input.token);
    const [seen] = await tx
      .select({ email: teamInvitations.email, invitedBy: teamInvitations.invitedBy })
      .from(teamInvitations)
      .where(eq(teamInvitations.tokenHash, tokenHash));
    if (!seen) return { status: 'desconhecido' };
    const people = await tx
      .select({ id: authUser.id, email: authUser.email, role: authUser.role, verified: authUser.emailVerified })
      .from(authUser)
      .where(or(eq(authUser.id, seen.invitedBy), eq(authUser.email, seen.email)))
      .orderBy(asc(authUser.id))
      .for('update');
    // Looked up by the token again: a re-send in between replaced it, and this link is dead.
    const [row] = await tx.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash)).for('update');
    if (!row) return { status: 'desconhecido' };
    const status = invitationStatus(row, now);
    if (status !== 'pendente') return { status };
    const role = row.role as InvitableRole;
    const inviter = people.find((person) => person.id === row.invitedBy);
    if (!mayGrantRole(inviter?.role, role)) {
      await tx.update(teamInvitations).set({ revokedAt: now }).where(eq(teamInvitations.id, row.id));
      return {
        status: 'revogado',
        inviterLostRight: { invitation: row.id, email: row.email, inviter: row.invitedBy },
      };
    }
    const existing = people.find((person) => person.email === row.email);
    if (existing?.verified) return { status: 'account_exists' };
    /*
     * One statement for both cases: a new account, or — when an unconfirmed one holds the
     * address, even one a sign-up inserts this very moment — that account made the invitee's.
     * A confirmed account is left alone (no row comes back).
     */
    const newId = randomUUID();
    const [account] = await tx
      .insert(authUser)
      .values({
        id: newId,
        name: input.name,
        email: row.email,
        emailVerified: true,
        role,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: authUser.email,
        set: { name: input.name, emailVerified: true, role, image: null, createdAt: now, updatedAt: now },
        setWhere: eq(authUser.emailVerified, false),
      })
      .returning({ id: authUser.id });
    if (!account) return { status: 'account_exists' };
    const userId = account.id;
    let takenOver: Accepted['takenOver'];
    if (userId !== newId) {
      // The squatter's way in, all of it: sessions, password, and any link to set one.
      const ended = await tx
        .delete(authSession)
        .where(eq(authSession.userId, userId))
        .returning({ id: authSession.id });
      await tx.delete(authAccount).where(eq(authAccount.userId, userId));
      await tx.delete(authVerification).where(eq(authVerification.value, userId));
      takenOver = { previousRole: existing?.role ?? 'user', sessionsEnded: ended.length };
    }
    await tx.insert(authAccount).values({
      id: randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    await clearFailedSignIns(tx, row.email);
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: now, acceptedUserId: userId })
      .where(eq(teamInvitations.id, row.id));
    return { status: 'ok', userId, email: row.email, role, ...(takenOver ? { takenOver } : {}) };
  });
  await logAcceptance(security, result, ip);
  return result.status === 'ok'
    ? { status: 'ok', userId: result.userId, email: result.email, role: result.role }
    : { status: result.status };
}

/** The security events of one acceptance, written once its transaction committed. */
async function logAcceptance(security: InvitationDeps['security'], result: Accepted, ip: string | undefined) {
  if (result.status !== 'ok') {
    if (result.inviterLostRight) {
      const { invitation, email, inviter } = result.inviterLostRight;
      await security.log({
        type: 'invitation_revoked_role_lost',
        source: 'auth:convite',
        email,
        ip,
        details: { invitation, inviter },
      });
    }
    await security.log({ type: 'invitation_refused', source: 'auth:convite', ip, details: { reason: result.status } });
    return;
  }
  const { userId, email, role, takenOver } = result;
  await security.log({
    type: 'invitation_accepted',
    source: 'auth:convite',
    userId,
    email,
    ip,
    details: { role, took_over_unconfirmed: Boolean(takenOver) },
  });
  if (takenOver) {
    await security.log({
      type: 'unconfirmed_account_taken_over',
      source: 'auth:convite',
      userId,
      email,
      ip,
      details: { role, previous_role: takenOver.previousRole, sessions_ended: takenOver.sessionsEnded },
    });
  } else {
    await security.log({ type: 'account_created', source: 'auth:convite', userId, email, ip });
  }
}

/**
 * Requests to the invitation page per client address: opening it (cheap, a link clicked a
 * few times) and posting it (each post hashes a password with scrypt: as tight as Better
 * Auth's /reset-password). A 256-bit token cannot be guessed; these bound the work.
 */
/** The invitation page's counters while the database cannot count: one table for the process. */
const invitationFallback = memoryCounters();

export const INVITATION_RATE_LIMITS = {
  open: { count: 30, windowMs: 60_000 },
  accept: { count: 10, windowMs: 60_000 },
} as const;

/**
 * Counts one request to the invitation page from `ip`; false (and a `rate_limited` event)
 * over its limit. A failed count is made in this process's memory instead, like the forms'.
 */
export async function allowInvitationRequest(
  { db, security, now }: Pick<InvitationDeps, 'db' | 'security' | 'now'>,
  kind: keyof typeof INVITATION_RATE_LIMITS,
  ip: string | undefined,
): Promise<boolean> {
  const key = `auth-convite-${kind}:${ip ? security.hashIp(ip) : 'unknown'}`;
  const allowed = await hitOrCountInMemory(db, invitationFallback, key, INVITATION_RATE_LIMITS[kind], now());
  if (!allowed) await security.log({ type: 'rate_limited', source: 'auth:convite', ip, details: { kind } });
  return allowed;
}
