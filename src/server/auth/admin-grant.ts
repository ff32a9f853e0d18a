/*
 * `npm run admin:grant -- <email> [--role admin|vendas|editor|user]`: gives an existing account
 * a role (admin unless said; `user` takes the team role away). The same function runs
 * inside the server (local socket, src/server/auth/admin-socket.ts) and in the CLI when it
 * opens the database itself (PostgreSQL, or the embedded database with no server running).
 *
 * It never confirms an e-mail: whoever holds the mailbox ends up holding the account. Anyone
 * can sign up with the future admin's address before the operator does (sign-up answers the
 * same whether the address is taken), so an unconfirmed account gets the role AND a link to
 * choose its password, mailed to the address (the reset flow every account e-mail uses,
 * auth.ts). An unconfirmed account cannot sign in, so the role does nothing until the
 * mailbox's holder saves a password from that link, which replaces whatever password a
 * squatter chose and ends every session. Its sessions end here too.
 *
 * Taking a role away or swapping it (admin → vendas, editor → user…) also ends the account's
 * sessions, so nobody keeps browsing with the rights they just lost; a promotion keeps them
 * (the next request reads the new role). Taking the admin role away revokes the account's open
 * invitations as well (./invitations.ts): nobody's link outlives the inviter's right to invite.
 */
import { eq, sql } from 'drizzle-orm';
import { formatDateTime } from '../../lib/br-format';
import type { DbOrTx } from '../db/client';
import { authUser, USER_ROLES, type UserRole } from '../db/schema/auth';
import type { SecurityLogger } from '../security';
import { logInvitationsRevokedByRoleLoss, losesInviteRight, revokeInvitationsOf } from './invitation-rights';
import { endSessions, losesRights } from './team-members';

export class AccountNotFoundError extends Error {
  override name = 'AccountNotFoundError';
  constructor(readonly email: string) {
    super(`Nenhuma conta com o e-mail ${email}. Crie a conta em /auth primeiro. / No account with e-mail ${email}.`);
  }
}

/** Longest part of an account name shown to the operator. */
const SHOWN_NAME_MAX = 120;

/**
 * An account name as the operator's terminal may show it. The name was typed by whoever
 * signed up, and this message is what the operator reads to decide whether the account is
 * theirs: a line break, an ANSI escape (cursor moves, colours, erasing a line) or a bidi
 * override would let it print forged text (a different creation date, a fake prompt). Every
 * control, format and line/paragraph separator character becomes a visible `\u{…}`, quotes
 * and backslashes are escaped, and the result is cut at SHOWN_NAME_MAX characters.
 * @example printableName('Ana\n\u001b[2K') // 'Ana\\u{a}\\u{1b}[2K'
 */
export function printableName(name: string): string {
  const escaped = [...name]
    .slice(0, SHOWN_NAME_MAX)
    .map((char) => {
      if (char === '"' || char === '\\') return `\\${char}`;
      if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u.test(char)) return `\\u{${char.codePointAt(0)!.toString(16)}}`;
      return char;
    })
    .join('');
  return [...name].length > SHOWN_NAME_MAX ? `${escaped}…` : escaped;
}

/**
 * What admin:grant prints for an account that has not confirmed its e-mail: the role waits for
 * the link mailed to the address. The name and creation time let the operator notice a sign-up
 * that was not theirs (nothing to do then: only the mailbox can take the account).
 */
export function awaitingConfirmationMessage(
  email: string,
  createdAt: Date,
  accountName: string,
  role: UserRole,
): string {
  return (
    `A conta ${email} ("${printableName(accountName)}", criada em ${formatDateTime(createdAt)}) ainda não confirmou o e-mail. ` +
    `O papel ${role} foi registrado e um link para definir a senha foi enviado a ${email}: ` +
    'o papel vale quando a pessoa definir a senha por esse link (a senha escolhida no cadastro deixa de valer). / ' +
    `Account ${email} has not confirmed its e-mail: the role ${role} was recorded and a link to choose the password ` +
    'was mailed to it; the role takes effect once the password is set from that e-mail.'
  );
}

export class UnknownRoleError extends Error {
  override name = 'UnknownRoleError';
  constructor(readonly role: string) {
    super(`Papel desconhecido: ${role}. Use: ${USER_ROLES.join(', ')}. / Unknown role ${role}.`);
  }
}

/** Whether a value is a role admin:grant can set. */
export function isUserRole(value: unknown): value is UserRole {
  return (USER_ROLES as readonly unknown[]).includes(value);
}

export interface GrantOptions {
  /** The role to give; admin unless said. */
  role?: UserRole;
  /** Mails the address a link to choose its password (auth.ts); needed for an unconfirmed account. */
  mailPasswordLink?: (email: string) => Promise<void>;
}

/** An unconfirmed account was found and no way to mail it its link was given. */
export class NoMailerError extends Error {
  override name = 'NoMailerError';
  constructor() {
    super('admin:grant needs a mailer for an unconfirmed account');
  }
}

export interface GrantResult {
  userId: string;
  email: string;
  role: UserRole;
  /** False when the account already had the role. */
  changed: boolean;
  /** As typed at sign-up, and when (ISO): shown to the operator for an unconfirmed account. */
  accountName: string;
  createdAt: string;
  /**
   * The e-mail was not confirmed: a link to choose the password was mailed, and the role
   * takes effect once the mailbox's holder uses it.
   */
  awaitsConfirmation: boolean;
}

export async function grantAdmin(
  db: DbOrTx,
  email: string,
  security: SecurityLogger | undefined,
  source: string,
  options: GrantOptions = {},
): Promise<GrantResult> {
  const role = options.role ?? 'admin';
  if (!isUserRole(role)) throw new UnknownRoleError(String(role));
  const normalized = email.trim().toLowerCase();
  let before: { id: string; name: string; role: string | null; verified: boolean; createdAt: Date } | undefined;
  try {
    [before] = await db
      .select({
        id: authUser.id,
        name: authUser.name,
        role: authUser.role,
        verified: authUser.emailVerified,
        createdAt: authUser.createdAt,
      })
      .from(authUser)
      .where(eq(sql`lower(${authUser.email})`, normalized));
  } catch (error) {
    // A database the server never migrated has no accounts at all.
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === '42P01' || (error as { code?: string }).code === '42P01')
      throw new AccountNotFoundError(normalized);
    throw error;
  }
  if (!before) throw new AccountNotFoundError(normalized);
  // Taking the role from an unconfirmed account needs no link: there is nothing to take effect.
  const awaitsConfirmation = !before.verified && role !== 'user';
  if (awaitsConfirmation && !options.mailPasswordLink) throw new NoMailerError();
  const changed = (before.role ?? 'user') !== role;
  if (changed) {
    await db.update(authUser).set({ role, updatedAt: new Date() }).where(eq(authUser.id, before.id));
  }
  // An unconfirmed account has no business holding a session, and sessions of someone whose
  // role was taken away or swapped must not keep the old one.
  if (!before.verified || losesRights(before.role, role)) {
    await endSessions(db, before.id);
  }
  const revoked = losesInviteRight(before.role, role) ? await revokeInvitationsOf(db, before.id, new Date()) : [];
  if (awaitsConfirmation) await options.mailPasswordLink!(normalized);
  await security?.log({
    type: 'admin_granted',
    source,
    userId: before.id,
    email: normalized,
    details: {
      changed,
      role,
      previousRole: before.role ?? 'user',
      awaitsConfirmation,
      invitationsRevoked: revoked.length,
    },
  });
  if (security) await logInvitationsRevokedByRoleLoss(security, source, revoked, { inviter: before.id });
  return {
    userId: before.id,
    email: normalized,
    role,
    changed,
    accountName: before.name,
    createdAt: before.createdAt.toISOString(),
    awaitsConfirmation,
  };
}
