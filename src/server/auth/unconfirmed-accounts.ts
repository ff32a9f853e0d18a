/*
 * Sign-ups whose e-mail was never confirmed. Anyone can sign up with any address (a few times a
 * minute per client address, AUTH_RATE_LIMITS), so without an end these rows would grow with
 * whatever anonymous clients send. Such an account cannot sign in and holds only a name and an
 * address someone typed: housekeeping (src/server/housekeeping.ts) deletes it a week after the
 * sign-up, long after its link (valid for a day) stopped working. Team accounts — any role but
 * the default 'user' — are never touched.
 */
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authUser } from '../db/schema/auth';

/** How long a never-confirmed sign-up is kept. */
export const UNCONFIRMED_ACCOUNT_KEEP_MS = 7 * 24 * 60 * 60_000;

/** Deletes the plain accounts never confirmed within UNCONFIRMED_ACCOUNT_KEEP_MS of their sign-up; returns how many. */
export async function pruneUnconfirmedAccounts(db: DbOrTx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_ACCOUNT_KEEP_MS);
  const deleted = await db
    .delete(authUser)
    .where(
      and(
        eq(authUser.emailVerified, false),
        lte(authUser.createdAt, before),
        or(isNull(authUser.role), eq(authUser.role, 'user')),
      ),
    )
    .returning({ id: authUser.id });
  return deleted.length;
}
