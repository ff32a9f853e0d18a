import { describe, expect, it } from 'vitest';
import { formatSummary, stageLine, stageTimes, summarize } from '../../scripts/support/ci-stages';
import { namesIn, testName } from '../../scripts/support/test-verdicts';

describe('the CI stage lines and the soak summary (npm run ci:soak)', () => {
  it('reads back the stage lines it writes, and nothing else', () => {
    const output = [
      'noise',
      stageLine('set-up', true, 52.04),
      '  [stage] build passed in 6.2 s  ',
      stageLine('test:beside-vitest', false, 271.45),
      '[stage] build passed in soon',
    ].join('\n');
    expect(stageTimes(output)).toEqual([
      { stage: 'set-up', passed: true, seconds: 52 },
      { stage: 'build', passed: true, seconds: 6.2 },
      { stage: 'test:beside-vitest', passed: false, seconds: 271.4 },
    ]);
  });

  it('gives each stage its min, median and max over the runs, and every test that ever failed', () => {
    const run = (build: number, vitest: number, exitCode: number, testLog: string) => ({
      output: `${stageLine('build', true, build)}\n${stageLine('test:beside-vitest', exitCode === 0, vitest)}\n`,
      testLog,
      exitCode,
    });
    const summary = summarize([
      run(6, 270, 0, 'flaky: tests/e2e/blog.e2e.ts › publishes\n'),
      run(8, 300, 1, 'failed: tests/unit/x.test.ts › a\nflaky: tests/e2e/blog.e2e.ts › publishes\n'),
      run(7, 280, 0, ''),
      run(9, 290, 0, 'flaky: tests/unit/x.test.ts › a\n'),
    ]);
    expect(summary.runs).toBe(4);
    expect(summary.green).toBe(3);
    expect(summary.stages).toEqual([
      { stage: 'build', runs: 4, failures: 0, min: 6, median: 7.5, max: 9 },
      { stage: 'test:beside-vitest', runs: 4, failures: 1, min: 270, median: 285, max: 300 },
    ]);
    expect(summary.tests).toEqual([
      { name: 'tests/e2e/blog.e2e.ts › publishes', failed: 0, flaky: 2 },
      { name: 'tests/unit/x.test.ts › a', failed: 1, flaky: 1 },
    ]);
    const text = formatSummary(summary);
    expect(text).toContain('ci:soak: 3 of 4 runs green');
    expect(text).toMatch(/build\s+4\s+0\s+6\.0 s\s+7\.5 s\s+9\.0 s/);
    expect(text).toContain('1 / 1  tests/unit/x.test.ts › a');
    expect(formatSummary(summarize([run(6, 270, 0, '')]))).toContain('tests that ever failed: none');
  });

  it('names a test by its file from the repository root and its titles, each verdict once', () => {
    expect(testName(`${process.cwd()}/tests/e2e/blog.e2e.ts`, ['', 'group', 'test'])).toBe(
      'tests/e2e/blog.e2e.ts › group › test',
    );
    const log = 'flaky: a › b\nfailed: c\nflaky: a › b\nflaky: d\n';
    expect(namesIn(log, 'flaky')).toEqual(['a › b', 'd']);
    expect(namesIn(log, 'failed')).toEqual(['c']);
  });
});
