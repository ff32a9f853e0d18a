/*
 * Running one chaos scenario: in a fresh stack (./stack.ts), within a deadline that always
 * leaves time to stop its servers, with the tools scenarios share (a hard kill, a report line).
 */
import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Answer } from '../../scripts/support/receiver';
import type { RunningServer } from '../../scripts/support/server';
import type { LeadLoad } from './load';
import { chaosStack, exited, type ChaosEngine, type ChaosStack, type ChaosTargets } from './stack';
import { noProblems } from './verdict';

/** Vitest gives a test 290 s (vitest.chaos.config.ts): a scenario gives up before, so its servers are always stopped. */
const SCENARIO_DEADLINE_MS = 270_000;

/** Runs `body` in a fresh stack (see chaosStack), failing it after SCENARIO_DEADLINE_MS; always closes the stack. */
export async function runScenario(
  engine: ChaosEngine,
  receiverAnswers: Record<string, Answer>,
  body: (stack: ChaosStack) => Promise<void>,
  extraTargets: ChaosTargets = {},
): Promise<void> {
  const stack = await chaosStack(engine, receiverAnswers, extraTargets);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      body(stack).catch((error: unknown) => {
        console.error(`[chaos] ${engine} scenario failed; server logs: ${stack.saveLogs().join(', ')}`);
        throw error;
      }),
      new Promise((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(
                `scenario still running after ${SCENARIO_DEADLINE_MS / 1000} s; phases done (s): ` +
                  `${JSON.stringify(stack.marks)}; server logs: ${stack.saveLogs().join(', ')}`,
              ),
            ),
          SCENARIO_DEADLINE_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
    await stack.close();
  }
}

/** kill -9, and resolves once the process is gone. */
export function killHard(server: RunningServer): Promise<void> {
  return new Promise((resolve) => {
    if (exited(server)) return resolve();
    server.process.once('exit', () => resolve());
    server.process.kill('SIGKILL');
  });
}

/**
 * Prints a scenario's figures as one `[chaos]` JSON line (and appends it to CHAOS_REPORT
 * when set, to collect several runs).
 */
export function report(scenario: string, engine: ChaosEngine, figures: Record<string, unknown>): void {
  const line = JSON.stringify({ scenario, engine, ...figures });
  console.log(`[chaos] ${line}`);
  const file = process.env['CHAOS_REPORT'];
  if (file) appendFileSync(file, `${line}\n`);
}

/**
 * A scenario's end: its report line (its own figures first, then the verdict's counts, the
 * load's answers, the deliveries' statuses, anything left unsent and the phases' times) and
 * the checks every scenario makes: nothing wrong in what the receivers got, every lead accepted.
 */
export function reportVerdict(
  scenario: string,
  engine: ChaosEngine,
  stack: ChaosStack,
  load: LeadLoad,
  verdict: Awaited<ReturnType<ChaosStack['judge']>>,
  figures: Record<string, unknown>,
  expected: { webhookNames: readonly string[]; leads: number },
): void {
  report(scenario, engine, {
    ...figures,
    ...verdict.figures,
    answers: Object.fromEntries(load.answers),
    deliveryStatuses: verdict.deliveryStatuses,
    ...(verdict.unsent.length > 0 ? { unsent: verdict.unsent } : {}),
    phases: stack.marks,
  });
  expect(verdict.problems).toEqual(noProblems(expected.webhookNames));
  expect(verdict.figures.leads.accepted).toBe(expected.leads);
}
