/*
 * Invitations to the team: an admin invites an address with a role from /admin/usuarios;
 * the address gets a single-use link valid for 72 h (src/lib/invitation.ts) through the
 * outbox, queued in the transaction that writes the invitation; the link's page
 * (/auth/convite) has the invitee choose a name and password, which creates the account
 * with that role and its address confirmed (only the mailbox could open the link).
 *
 * - Only a SHA-256 of the token is stored: a copy of the table opens nothing. Re-sending
 *   writes a new hash (and a new 72 h), so the earlier link stops working at once.
 * - Accepting locks the invitation row (`for update`): two clicks on the same link create
 *   one account; the second is told the link was used.
 * - An address that already has an account is not invited: the admin is told to change
 *   that account's role in the table instead (no e-mail goes out). Granting the role
 *   silently would hand rights to whoever holds the account today without the person
 *   accepting anything, and an e-mail about it would say nothing the role change does not.
 * - Each step is a security event; a refused link (used, expired, revoked, unknown) too.
 *
 * Written with Drizzle on Better Auth's tables, as ./team-members.ts is; the password hash
 * is Better Auth's own (scrypt), so the account signs in like any other.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import {
  INVITATION_TOKEN,
  INVITATION_TTL_MS,
  invitationStatus,
  type InvitableRole,
  type InvitationStatus,
} from '../../lib/invitation';
import type { Db, DbOrTx } from '../db/client';
import { authAccount, authUser, teamInvitations } from '../db/schema';
import type { MailMessage } from '../mail';
import type { DeliveryMeta } from '../outbox/outbox';
import { hitRateLimit } from '../rate-limit';
import type { SecurityLogger } from '../security';
import { invitationMail } from './emails';
import type { TeamActor } from './team-members';

/** The page an invitation link opens. */
export const INVITATION_PAGE = '/auth/convite';

export interface InvitationDeps {
  db: Db;
  security: SecurityLogger;
  outbox: { enqueueMail: (tx: DbOrTx, message: MailMessage, meta: DeliveryMeta) => Promise<string> };
  config: { siteUrl: string };
  now: () => Date;
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
  const rows = await db.select().from(teamInvitations).orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
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
  /** The address already has an account: its role is changed in the table instead. */
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
  const result = await db.transaction(async (tx): Promise<InviteResult> => {
    const [account] = await tx.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email));
    if (account) return { status: 'account_exists' };
    const open = await tx.select().from(teamInvitations).where(eq(teamInvitations.email, email));
    if (open.some((row) => invitationStatus(row, now) === 'pendente')) return { status: 'already_invited' };
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
export async function resendInvitation(deps: InvitationDeps, id: string, actor: TeamActor): Promise<InvitationChangeResult> {
  const { db, outbox, config, security } = deps;
  const now = deps.now();
  const result = await changeOpenInvitation(db, id, async (tx, row) => {
    const { token, tokenHash } = newToken();
    await tx
      .update(teamInvitations)
      .set({ tokenHash, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), sentAt: now })
      .where(eq(teamInvitations.id, id));
    await outbox.enqueueMail(tx, invitationMail(row.email, row.role as InvitableRole, invitationLink(config.siteUrl, token)), {
      subjectType: 'auth-invitation',
      subjectId: id,
    });
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

/** Why a link opens nothing (the page says which, in pt-BR). */
export type InvalidLink = 'desconhecido' | 'aceito' | 'expirado' | 'revogado';

export type LinkLookup = { status: 'valid'; email: string; role: InvitableRole } | { status: InvalidLink };

/** What an invitation link opens now (the page's GET). */
export async function lookupInvitation(db: Db, token: string, now: Date): Promise<LinkLookup> {
  if (!INVITATION_TOKEN.test(token)) return { status: 'desconhecido' };
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, hashInvitationToken(token)));
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
    await security.log({ type: 'account_created', source: 'auth:convite', userId: result.userId, email: result.email, ip });
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
