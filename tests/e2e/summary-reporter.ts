import { readFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Enough of the page's snapshot to see what it showed; the whole one can run to pages. */
const CONTEXT_LIMIT = 6_000;

/**
 * Prints the closing 'N passed, N failed' line that CI reads and, for each failed test, the
 * page as Playwright saw it when it failed (its ARIA snapshot): CI keeps no files, so the
 * log is the only place a rare failure can be read afterwards.
 */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  private readonly flaky: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'skipped') this.skipped += 1;
    else if (test.outcome() === 'expected' || test.outcome() === 'flaky') {
      if (result.status !== 'passed') return;
      this.passed += 1;
      if (test.outcome() === 'flaky') this.flaky.push(test.titlePath().filter(Boolean).join(' › '));
    } else {
      if (result.retry === test.retries) this.failed += 1;
      printErrorContext(test, result);
    }
  }

  onEnd(_result: FullResult) {
    const flaky = this.flaky.length ? `, ${this.flaky.length} flaky (passed on its retry)` : '';
    console.log(
      `e2e: ${this.passed} passed, ${this.failed} failed${this.skipped ? `, ${this.skipped} skipped` : ''}${flaky}`,
    );
    for (const title of this.flaky) console.log(`e2e flaky: ${title}`);
  }
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
