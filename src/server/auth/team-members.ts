/*
 * The people of the admin area, for admins at /admin/usuarios: every
 * account with its role and how many sessions it has open; changing a role; ending all of
 * a person's sessions. Written with Drizzle on Better Auth's tables, as admin:grant does
 * (./admin-grant.ts shares the session rule below): the admin plugin's own endpoints want
 * the caller's request headers and know nothing of our last-admin rule.
 *
 * Sessions live in the database only (no cookie cache, ./auth.ts), so deleting a person's
 * rows signs them out on their very next request.
 *
 * Rules that keep the area manageable:
 * - an admin cannot take away their own admin role, nor end their own sessions from here
 *   (sign-out does that), so nobody locks themselves out by a slip;
 * - the last admin keeps the role: the admin rows are locked (`for update`, in id order) before
 *   they are counted, so two admins demoting each other at the same moment cannot both succeed;
 * - a change is made only by someone who is an admin when it is written: the actor's row is
 *   among those locked, so an admin demoted a moment ago cannot finish a change begun before;
 * - whoever loses the right to invite loses their open invitations with it (./invitation-rights.ts).
 */
import { asc, count, eq, gt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { authSession, authUser, type UserRole } from '../db/schema/auth';
import type { SecurityLogger } from '../security';
import { logInvitationsRevokedByRoleLoss, losesInviteRight, revokeInvitationsOf } from './invitation-rights';

/** Who makes the change (the signed-in admin), as src/actions/admin-only.ts hands it over. */
export interface TeamActor {
  id: string;
}

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  emailVerified: boolean;
  createdAt: Date;
  /** Sessions not yet expired. */
  activeSessions: number;
}

/**
 * Whether moving from `before` to `after` takes a team role away (any team role replaced by
 * another, or by none): then the person's sessions end, so nobody keeps browsing with rights
 * just lost. A promotion from `user` keeps them — the next request reads the new role.
 * @example losesRights('admin', 'vendas') // true
 * @example losesRights('user', 'admin')   // false
 */
export function losesRights(before: string | null, after: UserRole): boolean {
  return before !== null && before !== 'user' && before !== after;
}

/** Deletes every session of an account; returns how many there were. */
export async function endSessions(db: DbOrTx, userId: string): Promise<number> {
  const ended = await db.delete(authSession).where(eq(authSession.userId, userId)).returning({ id: authSession.id });
  return ended.length;
}

/** Every account, oldest first, with its number of unexpired sessions. */
export async function listTeamMembers(db: DbOrTx, now: Date): Promise<TeamMember[]> {
  const active = db
    .select({ userId: authSession.userId, n: count().as('n') })
    .from(authSession)
    .where(gt(authSession.expiresAt, now))
    .groupBy(authSession.userId)
    .as('active');
  const rows = await db
    .select({
      id: authUser.id,
      name: authUser.name,
      email: authUser.email,
      role: authUser.role,
      emailVerified: authUser.emailVerified,
      createdAt: authUser.createdAt,
      activeSessions: sql<number>`coalesce(${active.n}, 0)`.mapWith(Number),
    })
    .from(authUser)
    .leftJoin(active, eq(active.userId, authUser.id))
    .orderBy(asc(authUser.createdAt), asc(authUser.id));
  return rows.map((row) => ({ ...row, role: row.role ?? 'user' }));
}

export type SetRoleResult =
  | { status: 'not_found' }
  /** An admin taking their own admin role away. */
  | { status: 'self' }
  /** The only admin would lose the role. */
  | { status: 'last_admin' }
  /** The actor is no longer an admin (demoted while the request was on its way). */
  | { status: 'not_admin' }
  | {
      status: 'ok';
      previousRole: UserRole;
      changed: boolean;
      sessionsEnded: number;
      /** Open invitations the person had sent, revoked because they lost the right to invite. */
      invitationsRevoked: number;
    };

export interface TeamMemberDeps {
  db: Db;
  security: SecurityLogger;
}

/** Gives an account a role; losing or swapping a team role ends its sessions (see losesRights). */
export async function setMemberRole(
  { db, security }: TeamMemberDeps,
  input: { userId: string; role: UserRole },
  actor: TeamActor,
): Promise<SetRoleResult> {
  type Written = SetRoleResult & { email?: string; revoked?: { id: string; email: string }[] };
  const result = await db.transaction(async (tx): Promise<Written> => {
    /*
     * The person and every admin are locked in one statement, in id order: two admins
     * demoting each other then queue on the same first row instead of each holding the
     * other's row (a deadlock), and the second counts the admins the first one left.
     */
    const locked = await tx
      .select({ id: authUser.id, email: authUser.email, role: authUser.role })
      .from(authUser)
      .where(or(eq(authUser.id, input.userId), eq(authUser.role, 'admin')))
      .orderBy(asc(authUser.id))
      .for('update');
    const before = locked.find((row) => row.id === input.userId);
    if (!before) return { status: 'not_found' };
    const previousRole = before.role ?? 'user';
    const demotesAdmin = previousRole === 'admin' && input.role !== 'admin';
    if (demotesAdmin && before.id === actor.id) return { status: 'self' };
    if (demotesAdmin && locked.filter((row) => row.role === 'admin').length <= 1) return { status: 'last_admin' };
    if (!locked.some((row) => row.id === actor.id && row.role === 'admin')) return { status: 'not_admin' };
    const changed = previousRole !== input.role;
    if (changed) {
      await tx.update(authUser).set({ role: input.role, updatedAt: new Date() }).where(eq(authUser.id, before.id));
    }
    const sessionsEnded = losesRights(previousRole, input.role) ? await endSessions(tx, before.id) : 0;
    const revoked = losesInviteRight(previousRole, input.role)
      ? await revokeInvitationsOf(tx, before.id, new Date())
      : [];
    return {
      status: 'ok',
      previousRole,
      changed,
      sessionsEnded,
      invitationsRevoked: revoked.length,
      email: before.email,
      revoked,
    };
  });
  if (result.status !== 'ok') return result;
  const { email, revoked = [], ...answer } = result;
  await security.log({
    type: 'role_changed',
    source: 'admin:usuarios',
    userId: input.userId,
    email,
    details: {
      by: actor.id,
      role: input.role,
      previous_role: answer.previousRole,
      changed: answer.changed,
      sessions_ended: answer.sessionsEnded,
      invitations_revoked: answer.invitationsRevoked,
    },
  });
  await logInvitationsRevokedByRoleLoss(security, 'admin:usuarios', revoked, { inviter: input.userId, by: actor.id });
  return answer;
}

export type RevokeResult =
  | { status: 'not_found' }
  /** An admin ending their own sessions (sign-out is for that). */
  | { status: 'self' }
  | { status: 'ok'; sessionsEnded: number };

/** Ends every session of an account: it must sign in again (and gets its current role then). */
export async function revokeMemberSessions(
  { db, security }: TeamMemberDeps,
  userId: string,
  actor: TeamActor,
): Promise<RevokeResult> {
  if (userId === actor.id) return { status: 'self' };
  const [person] = await db.select({ email: authUser.email }).from(authUser).where(eq(authUser.id, userId));
  if (!person) return { status: 'not_found' };
  const sessionsEnded = await endSessions(db, userId);
  await security.log({
    type: 'sessions_revoked',
    source: 'admin:usuarios',
    userId,
    email: person.email,
    details: { by: actor.id, sessions_ended: sessionsEnded },
  });
  return { status: 'ok', sessionsEnded };
}
