/*
 * `npm run admin:grant -- <email>`: makes an existing account admin. The same function runs
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
 */
import { eq, sql } from 'drizzle-orm';
import { formatDateTime } from '../../lib/br-format';
import type { DbOrTx } from '../db/client';
import { authSession, authUser } from '../db/schema';
import type { SecurityLogger } from '../security';

export class AccountNotFoundError extends Error {
  override name = 'AccountNotFoundError';
  constructor(readonly email: string) {
    super(`Nenhuma conta com o e-mail ${email}. Crie a conta em /auth primeiro. / No account with e-mail ${email}.`);
  }
}

export class UnverifiedAccountError extends Error {
  override name = 'UnverifiedAccountError';
  constructor(
    readonly email: string,
    readonly createdAt: Date,
    readonly accountName: string,
  ) {
    super(
      `A conta ${email} ("${accountName}", criada em ${formatDateTime(createdAt)}) ainda não confirmou o e-mail. ` +
        'Se foi você quem a criou, confirme pelo link recebido ou rode de novo com --verify. ' +
        'Se não reconhece essa data, não a promova: alguém pode ter se cadastrado com o seu e-mail. / ' +
        `Account ${email} has not confirmed its e-mail; if you created it, re-run with --verify.`,
    );
  }
}

export interface GrantOptions {
  /** The operator confirmed an unverified account is theirs: verify it and end its sessions. */
  verify?: boolean;
}

export interface GrantResult {
  userId: string;
  email: string;
  /** False when the account already was an admin. */
  changed: boolean;
}

export async function grantAdmin(
  db: DbOrTx,
  email: string,
  security: SecurityLogger | undefined,
  source: string,
  options: GrantOptions = {},
): Promise<GrantResult> {
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
  const changed = before.role !== 'admin' || !before.verified;
  if (changed) {
    await db
      .update(authUser)
      .set({ role: 'admin', emailVerified: true, updatedAt: new Date() })
      .where(eq(authUser.id, before.id));
  }
  // Sessions opened before the operator vouched for an unverified account must not turn admin.
  if (!before.verified) await db.delete(authSession).where(eq(authSession.userId, before.id));
  await security?.log({
    type: 'admin_granted',
    source,
    userId: before.id,
    email: normalized,
    details: { changed, verifiedByOperator: !before.verified },
  });
  return { userId: before.id, email: normalized, changed };
}
