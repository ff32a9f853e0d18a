/*
 * Vitest's half of the shared flaky/failed record (scripts/support/test-verdicts.ts): with
 * `retry` on (CI), a test that failed and then passed on its retry is named `flaky`, one that
 * failed its retry too `failed`. Added to the default reporter in every Vitest config.
 */
import type { Reporter, TestCase } from 'vitest/node';
import { recordVerdict, testName } from '../../scripts/support/test-verdicts';

/** The titles from the outermost `describe` down to the test. */
function titlesOf(test: TestCase): string[] {
  const titles = [test.name];
  for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent) titles.unshift(parent.name);
  return titles;
}

export default class VerdictReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const state = test.result().state;
    const { retryCount } = test.diagnostic() ?? { retryCount: 0 };
    const name = () => testName(test.module.moduleId, titlesOf(test));
    if (state === 'passed' && retryCount > 0) {
      recordVerdict('flaky', name());
      // The default reporter prints nothing about a failure its retry passed: say what it was,
      // so the one flaky run on record can be chased.
      const first = test.result().errors?.[0];
      if (first) console.log(`  first attempt: ${(first.stack ?? first.message).split('\n').slice(0, 6).join('\n  ')}`);
    } else if (state === 'failed') recordVerdict('failed', name());
  }
}
