/*
 * Server-side lockout (SPEC §8 'Lockout', DESIGN "lockout … enforced by the server"):
 * 5 failed sign-ins for one e-mail within 5 minutes lock that e-mail for 15 minutes,
 * during which even the right password is refused.
 *
 * The window slides: each failure counts for 5 minutes from when it happened, so failures
 * on both sides of any boundary still add up. Each failure is one atomic upsert, so parallel
 * attempts cannot slip past the threshold. The clock is passed in, so tests move time instead of sleeping.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authLoginAttempts } from '../db/schema/auth';

export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 5 * 60_000;
export const LOCKOUT_DURATION_MS = 15 * 60_000;

const key = (email: string) => email.trim().toLowerCase();

/** When the e-mail's lock ends, or undefined when it is not locked at `now`. */
export async function lockedUntil(db: DbOrTx, email: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: authLoginAttempts.lockedUntil })
    .from(authLoginAttempts)
    .where(eq(authLoginAttempts.email, key(email)));
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : undefined;
}

/**
 * Counts one failed sign-in. Returns the lock's end when this failure locked the e-mail
 * (the caller logs account_locked), otherwise undefined.
 */
export async function recordFailedSignIn(db: DbOrTx, email: string, now: Date): Promise<Date | undefined> {
  const cutoff = sql`${new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const t = authLoginAttempts;
  const recent = sql`array(select failure from unnest(${t.failedAt}) as failure where failure > ${cutoff} order by failure)`;
  const [row] = await db
    .insert(t)
    .values({ email: key(email), failures: 1, windowStartedAt: now, failedAt: sql`array[${at}]` })
    .onConflictDoUpdate({
      target: t.email,
      set: {
        failedAt: sql`${recent} || ${at}`,
        failures: sql`cardinality(${recent}) + 1`,
        windowStartedAt: at,
      },
    })
    .returning({ failures: t.failures });
  if (!row || row.failures < LOCKOUT_MAX_FAILURES) return undefined;
  const until = new Date(now.getTime() + LOCKOUT_DURATION_MS);
  // The count starts over once the lock ends.
  await db
    .update(t)
    .set({ failures: 0, windowStartedAt: now, failedAt: [], lockedUntil: until })
    .where(eq(t.email, key(email)));
  return until;
}

/** A successful sign-in forgets earlier failures. */
export async function clearFailedSignIns(db: DbOrTx, email: string): Promise<void> {
  await db.delete(authLoginAttempts).where(eq(authLoginAttempts.email, key(email)));
}
