/*
 * Whether the production build in BUILD_DIR (default dist) matches the sources, and
 * how to make it so. Shared by `npm start` and the tests that need a built server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json'];

/** The server entry of the build in BUILD_DIR. */
export function builtEntry() {
  return join(process.env.BUILD_DIR ?? 'dist', 'server', 'entry.mjs');
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** 'missing' when there is no build, 'stale' when a source is newer, else 'fresh'. */
export function buildState(entry = builtEntry()) {
  if (!existsSync(entry)) return 'missing';
  return statSync(entry).mtimeMs < Math.max(...SOURCES.map(newestMtime)) ? 'stale' : 'fresh';
}

/**
 * Runs `astro build` when the build is missing or stale; throws when the build fails.
 * Another target's build passes the file it produces and its environment, e.g. the Netlify
 * function with `{ DEPLOY_TARGET: 'netlify', BUILD_DIR }`.
 */
export function ensureBuild({ entry = builtEntry(), env = {} } = {}) {
  if (buildState(entry) === 'fresh') return;
  withBuildLock(env.BUILD_DIR ?? process.env.BUILD_DIR ?? 'dist', () => build(entry, env));
}

/** How long a build may hold the lock before a waiting process counts it as abandoned (a killed build). */
const STALE_LOCK_MS = 10 * 60_000;

/*
 * Test files run in parallel worker processes, and several may find the same build missing at
 * once: one builds while the others wait, then find it fresh. The lock is a folder per build
 * folder (mkdir is atomic); a lock older than any build is left from a killed one.
 */
function withBuildLock(buildDir, run) {
  mkdirSync('node_modules/.astro', { recursive: true });
  const lock = join('node_modules/.astro', `build-lock-${buildDir.replace(/\W+/g, '_')}`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function build(entry, env) {
  const state = buildState(entry);
  if (state === 'fresh') return;
  console.log(state === 'missing' ? 'No build yet: building…' : 'Sources changed since the last build: rebuilding…');
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: 'inherit',
    // Vitest runs with NODE_ENV=test, which would make the build bundle React's development
    // copy (134 KB instead of ~60 KB on the form page) for the e2e, size and audit runs after it.
    env: { ...process.env, NODE_ENV: 'production', ...env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status})`);
}
