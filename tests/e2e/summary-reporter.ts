import { readFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { recordVerdict, testName } from '../../scripts/support/test-verdicts';

/** Enough of the page's snapshot to see what it showed; the whole one can run to pages. */
const CONTEXT_LIMIT = 6_000;

/**
 * Prints the closing 'N passed, N failed' line that CI reads and, for each failed test, the
 * page as Playwright saw it when it failed (its ARIA snapshot): CI keeps no files, so the
 * log is the only place a rare failure can be read afterwards. A test that passed on its
 * retry is named `flaky: <file › test>`, one that failed its retry too `failed: …`, in the
 * format every stage shares (scripts/support/test-verdicts.ts).
 */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  private readonly flaky: string[] = [];

  private readonly failedNames: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'skipped') this.skipped += 1;
    else if (test.outcome() === 'expected' || test.outcome() === 'flaky') {
      if (result.status !== 'passed') return;
      this.passed += 1;
      if (test.outcome() === 'flaky') this.flaky.push(nameOf(test));
    } else {
      if (result.retry === test.retries) {
        this.failed += 1;
        this.failedNames.push(nameOf(test));
      }
      printErrorContext(test, result);
    }
  }

  onEnd(_result: FullResult) {
    const flaky = this.flaky.length ? `, ${this.flaky.length} flaky (passed on its retry)` : '';
    console.log(
      `e2e: ${this.passed} passed, ${this.failed} failed${this.skipped ? `, ${this.skipped} skipped` : ''}${flaky}`,
    );
    for (const name of this.flaky) recordVerdict('flaky', name);
    for (const name of this.failedNames) recordVerdict('failed', name);
  }
}

/** `tests/e2e/<file> › describe › test`, as the other stages name their tests. */
function nameOf(test: TestCase): string {
  const titles: string[] = [];
  for (let suite = test.parent; suite.type === 'describe'; suite = suite.parent!) titles.unshift(suite.title);
  return testName(test.location.file, [...titles, test.title]);
}

function printErrorContext(test: TestCase, result: TestResult) {
  const attachment = result.attachments.find((item) => item.name === 'error-context');
  if (!attachment) return;
  let text: string;
  try {
    text = attachment.body ? attachment.body.toString('utf8') : readFileSync(attachment.path!, 'utf8');
  } catch {
    return;
  }
  // The file also restates the error, printed already; the snapshot is what is new.
  const start = text.indexOf('```yaml');
  const snapshot = start >= 0 ? text.slice(start) : text;
  const shown = snapshot.length > CONTEXT_LIMIT ? `${snapshot.slice(0, CONTEXT_LIMIT)}\n[…]` : snapshot;
  console.log(`\n--- the page when "${test.title}" failed ---\n${shown}\n--- end of the page ---\n`);
}
