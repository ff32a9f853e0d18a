/*
 * The invitee's side of an invitation (./invitations.ts is the admin's): what a link opens,
 * accepting it, and the bounds on the public page /auth/convite. Accepting locks the
 * invitation row (`for update`), so two clicks on the same link create one account and the
 * second is told the link was used; the password hash is Better Auth's own (scrypt), so the
 * account signs in like any other.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { INVITATION_TOKEN, invitationStatus, type InvitableRole } from '../../lib/invitation';
import type { Db } from '../db/client';
import { authAccount, authUser, teamInvitations } from '../db/schema/auth';
import { hitRateLimit } from '../rate-limit';
import { hashInvitationToken, type InvitationDeps } from './invitations';

/** Why a link opens nothing (the page says which, in pt-BR). */
export type InvalidLink = 'desconhecido' | 'aceito' | 'expirado' | 'revogado';

export type LinkLookup = { status: 'valid'; email: string; role: InvitableRole } | { status: InvalidLink };

/** What an invitation link opens now (the page's GET). */
export async function lookupInvitation(db: Db, token: string, now: Date): Promise<LinkLookup> {
  if (!INVITATION_TOKEN.test(token)) return { status: 'desconhecido' };
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashInvitationToken(token)));
  if (!row) return { status: 'desconhecido' };
  const status = invitationStatus(row, now);
  return status === 'pendente' ? { status: 'valid', email: row.email, role: row.role as InvitableRole } : { status };
}

export type AcceptResult =
  | { status: 'ok'; userId: string; email: string; role: InvitableRole }
  | { status: InvalidLink }
  /** An account with the address appeared since the invitation (a sign-up): nothing changed. */
  | { status: 'account_exists' };

/**
 * Accepts an invitation: creates the account (address confirmed, the invitation's role,
 * `name` and a hash of `password`, both already checked by invitationAcceptSchema) and
 * closes the invitation, in one transaction. The caller signs the person in.
 */
export async function acceptInvitation(
  { db, security, now: clock }: Pick<InvitationDeps, 'db' | 'security' | 'now'>,
  input: { token: string; name: string; password: string },
  ip: string | undefined,
): Promise<AcceptResult> {
  const now = clock();
  // Hashed before the transaction: scrypt takes a while, and the row lock should not.
  const passwordHash = await hashPassword(input.password);
  const result = await db.transaction(async (tx): Promise<AcceptResult> => {
    if (!INVITATION_TOKEN.test(input.token)) return { status: 'desconhecido' };
    const [row] = await tx
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.tokenHash, hashInvitationToken(input.token)))
      .for('update');
    if (!row) return { status: 'desconhecido' };
    const status = invitationStatus(row, now);
    if (status !== 'pendente') return { status };
    const [existing] = await tx.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, row.email));
    if (existing) return { status: 'account_exists' };
    const userId = randomUUID();
    const role = row.role as InvitableRole;
    await tx.insert(authUser).values({
      id: userId,
      name: input.name,
      email: row.email,
      emailVerified: true,
      role,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(authAccount).values({
      id: randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: now, acceptedUserId: userId })
      .where(eq(teamInvitations.id, row.id));
    return { status: 'ok', userId, email: row.email, role };
  });
  if (result.status === 'ok') {
    await security.log({
      type: 'invitation_accepted',
      source: 'auth:convite',
      userId: result.userId,
      email: result.email,
      ip,
      details: { role: result.role },
    });
    await security.log({
      type: 'account_created',
      source: 'auth:convite',
      userId: result.userId,
      email: result.email,
      ip,
    });
  } else {
    await security.log({ type: 'invitation_refused', source: 'auth:convite', ip, details: { reason: result.status } });
  }
  return result;
}

/**
 * Requests to the invitation page per client address: opening it (cheap, a link clicked a
 * few times) and posting it (each post hashes a password with scrypt: as tight as Better
 * Auth's /reset-password). A 256-bit token cannot be guessed; these bound the work.
 */
export const INVITATION_RATE_LIMITS = {
  open: { count: 30, windowMs: 60_000 },
  accept: { count: 10, windowMs: 60_000 },
} as const;

/**
 * Counts one request to the invitation page from `ip`; false (and a `rate_limited` event)
 * over its limit. A failed count lets the request through, like the forms'.
 */
export async function allowInvitationRequest(
  { db, security, now }: Pick<InvitationDeps, 'db' | 'security' | 'now'>,
  kind: keyof typeof INVITATION_RATE_LIMITS,
  ip: string | undefined,
): Promise<boolean> {
  const key = `auth-convite-${kind}:${ip ? security.hashIp(ip) : 'unknown'}`;
  const allowed = await hitRateLimit(db, key, INVITATION_RATE_LIMITS[kind], now()).catch(() => true);
  if (!allowed) await security.log({ type: 'rate_limited', source: 'auth:convite', ip, details: { kind } });
  return allowed;
}
