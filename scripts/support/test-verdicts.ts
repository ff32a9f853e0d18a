/*
 * One record of the tests that needed a second run, for every stage of `npm test`: each
 * test runner (Vitest's projects and suites through tests/support/vitest-verdicts.ts,
 * Playwright through tests/e2e/summary-reporter.ts) prints a line per test as
 *   flaky: tests/e2e/blog.e2e.ts › the editor shows …     (failed once, passed on its retry)
 *   failed: tests/unit/x.test.ts › group › test           (failed on its retry too)
 * and appends the same line to the file named by CI_TEST_LOG when it is set: .ci/run sets it
 * and ends with the summary line `flaky tests: none` (or the names); `npm run ci:soak` reads
 * it after each run.
 */
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';

export const TEST_LOG_ENV = 'CI_TEST_LOG';

export type Verdict = 'flaky' | 'failed';

/** `file › title › title`, the file relative to the repository. */
export function testName(file: string, titles: readonly string[]): string {
  const path = file.startsWith('/') ? relative(process.cwd(), file) : file;
  return [path, ...titles.filter(Boolean)].join(' › ');
}

/** Prints the verdict's line and adds it to CI_TEST_LOG's file when there is one. */
export function recordVerdict(verdict: Verdict, name: string): void {
  const line = `${verdict}: ${name}`;
  console.log(line);
  const file = process.env[TEST_LOG_ENV];
  if (file) appendFileSync(file, `${line}\n`);
}

/** The names of a CI_TEST_LOG file's lines of one verdict, each once, in the order first seen. */
export function namesIn(log: string, verdict: Verdict): string[] {
  const prefix = `${verdict}: `;
  return [...new Set(log.split('\n').flatMap((line) => (line.startsWith(prefix) ? [line.slice(prefix.length)] : [])))];
}
