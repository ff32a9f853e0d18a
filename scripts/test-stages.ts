/*
 * `npm test`: the stages of the test run, one after the other, stopping at the first that
 * fails. Each stage is an npm script of its own (package.json; docs/quality-gates.md says what
 * each runs and why side by side); after each this prints
 *   [stage] test:beside-vitest passed in 271.4 s
 * which `npm run ci:soak` reads. `TEST_STAGES=build,test:beside-timed npm test` runs only
 * those (a short rehearsal of .ci/run, `npm run ci:soak -- 1 --stages build`).
 */
import { spawnSync } from 'node:child_process';
import { stageLine, STAGES } from './support/ci-stages.ts';

const only = process.env['TEST_STAGES']
  ?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !(STAGES as readonly string[]).includes(name)) ?? [];
if (unknown.length > 0) {
  console.error(`TEST_STAGES names no stage: ${unknown.join(', ')} (the stages: ${STAGES.join(', ')})`);
  process.exit(2);
}

for (const stage of STAGES) {
  if (only && !only.includes(stage)) continue;
  const started = performance.now();
  const { status, signal } = spawnSync('npm', ['run', stage], { stdio: 'inherit' });
  const passed = status === 0;
  console.log(stageLine(stage, passed, (performance.now() - started) / 1000));
  if (!passed) process.exit(status ?? (signal ? 128 : 1));
}
