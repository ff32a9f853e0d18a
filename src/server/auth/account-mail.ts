/*
 * How often an account e-mail may go to one address, and the operator's way past it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import type { Db } from '../db/client';
import { hitRateLimit } from '../rate-limit';

/*
 * Account e-mails per recipient address, whoever asks and from wherever: the per-IP limits
 * (AUTH_RATE_LIMITS, auth.ts) do not stop many machines from filling one mailbox. Over the limit the e-mail is
 * silently not sent (the answer stays the same, so it tells nothing about the address).
 * The operator's own request (admin:grant) is never held back.
 */
export const ACCOUNT_MAIL_LIMIT = { count: 3, windowMs: 15 * 60 * 1000 } as const;

const operatorRequest = new AsyncLocalStorage<true>();

/** Runs `send` as the local operator (admin:grant): the per-address limit does not apply. */
export function asOperator<T>(send: () => Promise<T>): Promise<T> {
  return operatorRequest.run(true, send);
}

export interface AccountMailDeps {
  db: Db;
  config: { authSecret: string | undefined };
  now: () => Date;
  /** Rate limiting on (default). Only unit-style tests turn it off. */
  rateLimit?: boolean;
}

/** The per-address count of account e-mails, keyed by a keyed hash of the address (no address stored). */
export function accountMailAllowance(deps: AccountMailDeps) {
  const { db, now } = deps;
  /** Counts one account e-mail to `email`; false once ACCOUNT_MAIL_LIMIT is reached (a failed count lets it through). */
  return async (email: string): Promise<boolean> => {
    if (deps.rateLimit === false || operatorRequest.getStore()) return true;
    const key = createHmac('sha256', deps.config.authSecret ?? '')
      .update(email.trim().toLowerCase())
      .digest('hex')
      .slice(0, 32);
    return hitRateLimit(db, `auth-mail:${key}`, ACCOUNT_MAIL_LIMIT, now()).catch(() => true);
  };
}
