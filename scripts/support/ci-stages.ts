/*
 * The stages of `npm test` (run by scripts/test-stages.ts) and the figures `npm run ci:soak`
 * gathers from each run of .ci/run: the stage lines that .ci/run (set-up) and
 * scripts/test-stages.ts (the rest) print, and the names the test runners record in
 * CI_TEST_LOG (./test-verdicts.ts).
 */
import { namesIn } from './test-verdicts.ts';

/** `npm test`'s stages, in order: each an npm script (package.json, docs/quality-gates.md). */
export const STAGES = ['build', 'test:beside-vitest', 'test:beside-timed', 'test:beside-audit'] as const;

export interface StageTime {
  stage: string;
  passed: boolean;
  seconds: number;
}

const STAGE_LINE = /^\[stage\] (\S+) (passed|failed) in (\d+(?:\.\d+)?) s$/;

/** The line a stage ends with. */
export function stageLine(stage: string, passed: boolean, seconds: number): string {
  return `[stage] ${stage} ${passed ? 'passed' : 'failed'} in ${seconds.toFixed(1)} s`;
}

/** Every stage line of a run's output, in order. */
export function stageTimes(output: string): StageTime[] {
  return output.split('\n').flatMap((line) => {
    const match = STAGE_LINE.exec(line.trim());
    return match ? [{ stage: match[1]!, passed: match[2] === 'passed', seconds: Number(match[3]) }] : [];
  });
}

export interface RunRecord {
  output: string;
  /** The CI_TEST_LOG file's text. */
  testLog: string;
  exitCode: number;
}

export interface SoakSummary {
  runs: number;
  green: number;
  stages: { stage: string; runs: number; failures: number; min: number; median: number; max: number }[];
  /** Test → in how many runs it failed for good, and in how many it passed only on its retry. */
  tests: { name: string; failed: number; flaky: number }[];
}

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarize(runs: RunRecord[]): SoakSummary {
  const byStage = new Map<string, StageTime[]>();
  for (const run of runs) {
    for (const time of stageTimes(run.output)) byStage.set(time.stage, [...(byStage.get(time.stage) ?? []), time]);
  }
  const tests = new Map<string, { failed: number; flaky: number }>();
  for (const run of runs) {
    for (const verdict of ['failed', 'flaky'] as const) {
      for (const name of namesIn(run.testLog, verdict)) {
        const counts = tests.get(name) ?? { failed: 0, flaky: 0 };
        counts[verdict] += 1;
        tests.set(name, counts);
      }
    }
  }
  return {
    runs: runs.length,
    green: runs.filter((run) => run.exitCode === 0).length,
    stages: [...byStage].map(([stage, times]) => {
      const seconds = times.map((time) => time.seconds).sort((a, b) => a - b);
      return {
        stage,
        runs: times.length,
        failures: times.filter((time) => !time.passed).length,
        min: seconds[0]!,
        median: median(seconds),
        max: seconds.at(-1)!,
      };
    }),
    tests: [...tests].map(([name, counts]) => ({ name, ...counts })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** The report printed at the end of a soak. */
export function formatSummary(summary: SoakSummary): string {
  const lines = [`ci:soak: ${summary.green} of ${summary.runs} runs green`];
  lines.push('stage                 runs  failed       min    median       max');
  for (const stage of summary.stages) {
    const cells = [stage.min, stage.median, stage.max].map((value) => `${value.toFixed(1)} s`.padStart(10));
    lines.push(
      `${stage.stage.padEnd(20)} ${String(stage.runs).padStart(5)} ${String(stage.failures).padStart(7)}${cells.join('')}`,
    );
  }
  if (summary.tests.length === 0) lines.push('tests that ever failed: none');
  else {
    lines.push('tests that ever failed (runs where it failed for good / passed only on its retry):');
    for (const test of summary.tests) lines.push(`  ${test.failed} / ${test.flaky}  ${test.name}`);
  }
  return lines.join('\n');
}
