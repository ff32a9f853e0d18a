/*
 * Delivering a lead's (or an implementation request's) e-mails and webhooks right after the
 * answer, on Netlify: a function has no workers, so without this its deliveries wait for
 * the next minute's scheduled drain. The request hands a bounded drain to Netlify's
 * `context.waitUntil`, which keeps the function alive after the response until it settles.
 *
 * The same run as the scheduled drain (./scheduled-drain.ts): it dispatches what the
 * committed transaction left in the outbox and delivers what is due, through pg-boss's
 * SKIP LOCKED fetch, so this run and a scheduled one never send one delivery twice. What it
 * cannot finish within its budget — a slow receiver, a failure — stays with the scheduled
 * drain, the safety net. Netlify ends a synchronous function (10 s on older plans' defaults),
 * the drain's work included, so the run has 8 s, stops taking jobs after 5 s, and a webhook
 * attempt gives up at 3 s (the scheduled drain retries it with the usual 10 s).
 *
 * On the Node target the process's own workers deliver at once; nothing happens here.
 */
import type { DeployTarget } from '../deploy-target';
import { describeError } from '../describe-error';
import { componentLogger } from '../log/logger';

export const IMMEDIATE_DELIVERY_BUDGET_MS = 8_000;
export const IMMEDIATE_WEBHOOK_TIMEOUT_MS = 3_000;

/** Netlify's `context.waitUntil`: the function lives on until the promise settles. */
export type WaitUntil = (promise: Promise<unknown>) => void;

const log = componentLogger('immediate-delivery');

/** One bounded drain, loaded only when a request needs it (the function's start stays lean). */
async function drainNow(): Promise<void> {
  const { runScheduledDrain } = await import('./scheduled-drain');
  await runScheduledDrain(process.env, {
    deadlineMs: IMMEDIATE_DELIVERY_BUDGET_MS,
    webhookTimeoutMs: IMMEDIATE_WEBHOOK_TIMEOUT_MS,
    upkeep: false,
  });
}

/** Hands the delivery of what the request just committed to `waitUntil` (Netlify only). */
export function deliverAfterResponse(
  target: DeployTarget,
  waitUntil: WaitUntil | undefined,
  drain: () => Promise<void> = drainNow,
): void {
  if (target !== 'netlify' || !waitUntil) return;
  waitUntil(
    drain().catch((error: unknown) => {
      // The deliveries are safe in the database; the scheduled drain takes them.
      log.error(`delivery after the answer failed: ${describeError(error)}`);
    }),
  );
}
