/*
 * How often an account e-mail may go to one address, and the operator's way past it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import type { Db } from '../db/client';
import { hitOrCountInMemory, memoryCounters } from '../rate-limit';
import type { Clock } from '../clock';

/*
 * Account e-mails per recipient address, whoever asks and from wherever: the per-IP limits
 * (AUTH_RATE_LIMITS, auth.ts) do not stop many machines from filling one mailbox. Over the limit the e-mail is
 * silently not sent (the answer stays the same, so it tells nothing about the address).
 * The operator's own request (admin:grant) is never held back.
 *
 * Each kind of e-mail has a budget of its own, so one a stranger sets off never spends
 * another's:
 * - `link`: the link to choose the password (confirmation or "Esqueci minha senha"). Strangers
 *   can ask for it too, but every one counted here was mailed and works for an hour
 *   (PASSWORD_LINK_TTL_SECONDS), four times the window: while the budget is spent, the
 *   mailbox holds a link from the last 15 minutes that still sets the password.
 * - `notice`: "someone tried to sign up with your address", which any anonymous sign-up with
 *   a taken address sets off. It carries nothing to act on, so one an hour says all it can.
 */
export const ACCOUNT_MAIL_LIMITS = {
  link: { count: 3, windowMs: 15 * 60 * 1000 },
  notice: { count: 1, windowMs: 60 * 60 * 1000 },
} as const;
export type AccountMailKind = keyof typeof ACCOUNT_MAIL_LIMITS;

const operatorRequest = new AsyncLocalStorage<true>();

/** Runs `send` as the local operator (admin:grant): the per-address limit does not apply. */
export function asOperator<T>(send: () => Promise<T>): Promise<T> {
  return operatorRequest.run(true, send);
}

export interface AccountMailDeps {
  db: Db;
  config: { authSecret: string | undefined };
  now: Clock;
  /** Rate limiting on (default). Only unit-style tests turn it off. */
  rateLimit?: boolean;
}

/** The per-address count of account e-mails of each kind, keyed by a keyed hash of the address (no address stored). */
export function accountMailAllowance(deps: AccountMailDeps) {
  const { db, now } = deps;
  const fallback = memoryCounters();
  /** Counts one `kind` e-mail to `email`; false once its budget is spent (counted in memory while the database fails). */
  return async (kind: AccountMailKind, email: string): Promise<boolean> => {
    if (deps.rateLimit === false || operatorRequest.getStore()) return true;
    const key = createHmac('sha256', deps.config.authSecret ?? '')
      .update(email.trim().toLowerCase())
      .digest('hex')
      .slice(0, 32);
    return hitOrCountInMemory(db, fallback, `auth-mail-${kind}:${key}`, ACCOUNT_MAIL_LIMITS[kind], now());
  };
}
