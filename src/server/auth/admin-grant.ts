/*
 * `npm run admin:grant -- <email> [--role admin|vendas|editor|user]`: gives an existing account
 * a role (admin unless said; `user` takes the team role away). The same function runs
 * inside the server (local socket, src/server/auth/admin-socket.ts) and in the CLI when it
 * opens the database itself (PostgreSQL, or the embedded database with no server running).
 *
 * An account whose e-mail was never confirmed is refused unless the operator passes
 * `--verify`: anyone can sign up with the future admin's address before the operator does
 * (sign-up answers the same whether the address is taken, so the operator would not notice),
 * and granting that account would hand the admin area to whoever chose its password. The
 * refusal shows when and under which name the account was created so the operator can tell
 * it is theirs; `--verify` then marks the e-mail verified (the first admin may have no working
 * mail) and ends every session the account already had.
 *
 * Taking a role away or swapping it (admin → vendas, editor → user…) also ends the account's
 * sessions, so nobody keeps browsing with the rights they just lost; a promotion keeps them
 * (the next request reads the new role).
 */
import { eq, sql } from 'drizzle-orm';
import { formatDateTime } from '../../lib/br-format';
import type { DbOrTx } from '../db/client';
import { authUser, USER_ROLES, type UserRole } from '../db/schema';
import type { SecurityLogger } from '../security';
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

export class UnverifiedAccountError extends Error {
  override name = 'UnverifiedAccountError';
  constructor(
    readonly email: string,
    readonly createdAt: Date,
    readonly accountName: string,
  ) {
    super(
      `A conta ${email} ("${printableName(accountName)}", criada em ${formatDateTime(createdAt)}) ainda não confirmou o e-mail. ` +
        'Se foi você quem a criou, confirme pelo link recebido ou rode de novo com --verify. ' +
        'Se não reconhece essa data, não a promova: alguém pode ter se cadastrado com o seu e-mail. / ' +
        `Account ${email} has not confirmed its e-mail; if you created it, re-run with --verify.`,
    );
  }
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
  /** The operator confirmed an unverified account is theirs: verify it and end its sessions. */
  verify?: boolean;
  /** The role to give; admin unless said. */
  role?: UserRole;
}

export interface GrantResult {
  userId: string;
  email: string;
  role: UserRole;
  /** False when the account already had the role (and a confirmed e-mail). */
  changed: boolean;
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
  if (!before.verified && !options.verify) throw new UnverifiedAccountError(normalized, before.createdAt, before.name);
  const changed = (before.role ?? 'user') !== role || !before.verified;
  if (changed) {
    await db
      .update(authUser)
      .set({ role, emailVerified: true, updatedAt: new Date() })
      .where(eq(authUser.id, before.id));
  }
  // Sessions opened before the operator vouched for an unverified account must not gain a role,
  // and sessions of someone whose role was taken away or swapped must not keep the old one.
  if (!before.verified || losesRights(before.role, role)) {
    await endSessions(db, before.id);
  }
  await security?.log({
    type: 'admin_granted',
    source,
    userId: before.id,
    email: normalized,
    details: { changed, role, previousRole: before.role ?? 'user', verifiedByOperator: !before.verified },
  });
  return { userId: before.id, email: normalized, role, changed };
}
