/*
 * How the chaos suite's webhook receivers answer (scripts/support/receiver.ts records the
 * calls): by whether a call's delivery id is new to the receiver. A receiver can then
 * misbehave on first calls only — fail half the deliveries it is offered, or leave some
 * unanswered past the sender's timeout — and take the retry, so each delivery fails at
 * most once and the scenario converges within one retry delay.
 */
import type { Answer, Reply } from '../../scripts/support/receiver';

export const healthy: Answer = () => 200;

/** Answers 500 to the first call of `share` of the deliveries, 200 otherwise. */
export const failingFirstCalls =
  (share: number): Answer =>
  (firstCall: boolean): Reply =>
    firstCall && Math.random() < share ? 500 : 200;

/** Leaves the first call of `share` of the deliveries unanswered (the sender times out after 10 s). */
export const hangingFirstCalls =
  (share: number): Answer =>
  (firstCall: boolean): Reply =>
    firstCall && Math.random() < share ? 'hang' : 200;
