/*
 * `npm run ci:soak -- N`: the flakiness meter. Clones the repository's committed HEAD
 * afresh into a temporary folder N times (default 3) and runs .ci/run in each, as CI does
 * (CI=true, so a failed test runs once more), one run after the other. At the end it prints
 * each stage's min / median / max time over the runs and every test that ever failed, with
 * in how many runs it failed for good and in how many it passed only on its retry.
 *
 *   npm run ci:soak -- 5                      five whole runs (about 15 min each on 2 cores)
 *   npm run ci:soak -- 1 --stages build       a short rehearsal: set-up and the build only
 *   npm run ci:soak -- 3 --dry-run            says what it would do, runs nothing
 *   --keep                                    keeps each clone (node_modules and all)
 *
 * Each run's whole output stays in the soak's folder (run-<i>.log), named at the start.
 * Uncommitted changes are not in the clones.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatSummary, STAGES, summarize, type RunRecord } from './support/ci-stages.ts';
import { TEST_LOG_ENV } from './support/test-verdicts.ts';

function parseArgs(argv: string[]) {
  const options = { runs: 3, stages: undefined as string | undefined, dryRun: false, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--stages') options.stages = argv[++i];
    else if (/^\d+$/.test(arg) && Number(arg) > 0) options.runs = Number(arg);
    else
      throw new Error(
        `ci:soak: unknown argument ${arg} (usage: npm run ci:soak -- N [--stages a,b] [--dry-run] [--keep])`,
      );
  }
  const unknown = options.stages?.split(',').filter((name) => !(STAGES as readonly string[]).includes(name)) ?? [];
  if (unknown.length > 0)
    throw new Error(`ci:soak: no such stage ${unknown.join(', ')} (the stages: ${STAGES.join(', ')})`);
  return options;
}

const git = (...args: string[]) => spawnSync('git', args, { encoding: 'utf8' }).stdout.trim();

/** Runs .ci/run in `dir`, its output into `logFile`; echoes the stage and summary lines as they come. */
function runCi(dir: string, logFile: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const child = spawn('bash', ['.ci/run'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let pending = '';
    const echo = (chunk: Buffer) => {
      log.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (/^\[stage\] |^(flaky|failed) tests: /.test(line)) console.log(`  ${line}`);
    };
    child.stdout.on('data', echo);
    child.stderr.on('data', echo);
    child.on('close', (code) => log.end(() => resolve(code ?? 1)));
  });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const root = git('rev-parse', '--show-toplevel');
  const head = git('rev-parse', '--short', 'HEAD');
  const soakDir = mkdtempSync(join(tmpdir(), 'pilota-ci-soak-'));
  console.log(
    `ci:soak: ${options.runs} run(s) of .ci/run on fresh clones of ${root} at ${head}` +
      `${options.stages ? `, stages ${options.stages} only` : ''}; logs in ${soakDir}`,
  );
  if (git('status', '--porcelain')) console.log('ci:soak: uncommitted changes are not in the clones');
  if (options.dryRun) {
    for (let i = 1; i <= options.runs; i++) {
      console.log(`  run ${i}: git clone ${root} ${join(soakDir, `clone-${i}`)} && CI=true bash .ci/run`);
    }
    rmSync(soakDir, { recursive: true, force: true });
    console.log('ci:soak: dry run, nothing run');
    return;
  }

  const records: RunRecord[] = [];
  for (let i = 1; i <= options.runs; i++) {
    const clone = join(soakDir, `clone-${i}`);
    const testLog = join(soakDir, `tests-${i}.log`);
    const logFile = join(soakDir, `run-${i}.log`);
    spawnSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { stdio: 'inherit' });
    console.log(`run ${i} of ${options.runs} (${logFile})`);
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', [TEST_LOG_ENV]: testLog };
    if (options.stages) env['TEST_STAGES'] = options.stages;
    const started = performance.now();
    const exitCode = await runCi(clone, logFile, env);
    console.log(
      `  run ${i}: ${exitCode === 0 ? 'green' : `red (exit ${exitCode})`} after ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    records.push({
      output: readFileSync(logFile, 'utf8'),
      testLog: existsSync(testLog) ? readFileSync(testLog, 'utf8') : '',
      exitCode,
    });
    if (!options.keep) rmSync(clone, { recursive: true, force: true });
  }
  console.log(formatSummary(summarize(records)));
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
