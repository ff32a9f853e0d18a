import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints the closing 'N passed, N failed' line that CI reads. */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'skipped') this.skipped += 1;
    else if (test.outcome() === 'expected' || test.outcome() === 'flaky') {
      if (result.status === 'passed') this.passed += 1;
    } else if (result.retry === test.retries) this.failed += 1;
  }

  onEnd(_result: FullResult) {
    console.log(`e2e: ${this.passed} passed, ${this.failed} failed${this.skipped ? `, ${this.skipped} skipped` : ''}`);
  }
}
