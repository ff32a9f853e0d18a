/*
 * `npm run admin:grant -- <email>`: makes an existing account admin and marks its e-mail
 * verified (the first admin cannot verify through an admin). The same function runs inside
 * the server (local socket, src/server/auth/admin-socket.ts) and in the CLI when it opens
 * the database itself (PostgreSQL, or the embedded database with no server running).
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authUser } from '../db/schema';
import type { SecurityLogger } from '../security';

export class AccountNotFoundError extends Error {
  override name = 'AccountNotFoundError';
  constructor(readonly email: string) {
    super(`Nenhuma conta com o e-mail ${email}. Crie a conta em /auth primeiro. / No account with e-mail ${email}.`);
  }
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
): Promise<GrantResult> {
  const normalized = email.trim().toLowerCase();
  let before: { id: string; role: string | null; verified: boolean } | undefined;
  try {
    [before] = await db
      .select({ id: authUser.id, role: authUser.role, verified: authUser.emailVerified })
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
  const changed = before.role !== 'admin' || !before.verified;
  if (changed) {
    await db
      .update(authUser)
      .set({ role: 'admin', emailVerified: true, updatedAt: new Date() })
      .where(eq(authUser.id, before.id));
  }
  await security?.log({
    type: 'admin_granted',
    source,
    userId: before.id,
    email: normalized,
    details: { changed },
  });
  return { userId: before.id, email: normalized, changed };
}
