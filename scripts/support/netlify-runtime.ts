/*
 * Netlify's own local runtime, offline: `netlify serve --offline` (netlify-cli) builds the site
 * as a deploy does (netlify.toml's command, `npm run build:netlify`, then Netlify's bundling of
 * every function) and serves the result the way Netlify's edge would: the publish folder with
 * `_headers` and netlify.toml's headers, the SSR function and the scheduled ones through the
 * CLI's functions server, a local Blobs server, and each function's `context.waitUntil`.
 *
 * The CLI needs a `deno` binary on PATH (it checks for Deno before serving edge functions, even
 * none); the `deno` npm package ships one. Both come from npx's cache in one environment
 * (NETLIFY_RUNTIME_PACKAGES), fetched on first use; .ci/run fetches them ahead of the tests.
 *
 * The build writes the publish folder `dist` and `.netlify/`, where the Node target and the
 * integration suite's Netlify build live; so it runs in a copy of the repository's files (about
 * 5 MB, node_modules linked), and the suites beside it keep their outputs. Through that link
 * the adapter's function folder links node_modules too, instead of holding the traced
 * dependencies a deploy packs: what is missing from a trace shows in the integration suite's
 * build (dist-netlify, a real node_modules), not here.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { freePort } from './server';

/** netlify-cli and Deno, as npx fetches them (one cache entry for CI and every run after). */
export const NETLIFY_RUNTIME_PACKAGES = ['netlify-cli@27', 'deno@2'];
const NPX_ARGS = ['-y', ...NETLIFY_RUNTIME_PACKAGES.flatMap((spec) => ['-p', spec])];

/** The `.bin` of npx's cache entry for exactly NETLIFY_RUNTIME_PACKAGES, when it is there. */
function cachedBinDir(): string | undefined {
  const root = join(process.env['npm_config_cache'] ?? join(homedir(), '.npm'), '_npx');
  if (!existsSync(root)) return undefined;
  for (const entry of readdirSync(root)) {
    const bin = join(root, entry, 'node_modules', '.bin');
    try {
      const manifest = JSON.parse(readFileSync(join(root, entry, 'package.json'), 'utf8')) as {
        _npx?: { packages?: string[] };
      };
      const packages = [...(manifest._npx?.packages ?? [])].sort().join(' ');
      if (packages !== [...NETLIFY_RUNTIME_PACKAGES].sort().join(' ')) continue;
    } catch {
      continue;
    }
    if (existsSync(join(bin, 'netlify')) && existsSync(join(bin, 'deno'))) return bin;
  }
  return undefined;
}

/**
 * Where netlify-cli and deno are: npx's cache, filled by one `npx` call the first time. Later
 * runs start them from there directly: `npx` itself asks the registry about every spec on each
 * call, which took from 12 s to 4 minutes on a busy machine.
 */
export function netlifyRuntimeBin(): string {
  const cached = cachedBinDir();
  if (cached) return cached;
  const fetched = spawnSync('npx', [...NPX_ARGS, '--', 'deno', '--version'], {
    cwd: tmpdir(),
    encoding: 'utf8',
    timeout: 600_000,
  });
  const bin = cachedBinDir();
  if (bin) return bin;
  throw new Error(
    `\`npx ${NPX_ARGS.join(' ')}\` could not fetch netlify-cli and deno from the npm registry ` +
      `(exit ${fetched.status ?? fetched.signal}); the Netlify runtime suite needs them:\n${fetched.stderr ?? ''}`.slice(
        0,
        4_000,
      ),
  );
}

const REPO = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 300_000;

export interface NetlifyRuntime {
  /** http://localhost:<port>, the CLI's front server. */
  url: string;
  /** The copy the CLI built and serves (its publish folder is `<siteDir>/dist`). */
  siteDir: string;
  /** Everything the CLI and the functions printed so far. */
  output: () => string;
  /** CPU seconds the CLI's processes used so far, the build included (Linux; undefined elsewhere). */
  cpuSeconds: () => number | undefined;
  stop: () => Promise<void>;
}

/** The repository's files as git sees them (tracked and new, not ignored); without git, every file but outputs. */
function repositoryFiles(): string[] {
  const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (git.status === 0) return git.stdout.split('\0').filter(Boolean);
  const skipped = /^(node_modules|\.git|\.netlify|\.astro|data|dist[^/]*|test-results[^/]*)$/;
  const walk = (dir: string): string[] =>
    readdirSync(join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (!dir && skipped.test(entry.name)) return [];
      return entry.isDirectory() ? walk(path) : entry.isFile() ? [path] : [];
    });
  return walk('');
}

function copyRepository(): string {
  const siteDir = mkdtempSync(join(tmpdir(), 'pilota-netlify-runtime-'));
  copyWorkTree(siteDir);
  symlinkSync(join(REPO, 'node_modules'), join(siteDir, 'node_modules'), 'dir');
  return siteDir;
}

function copyWorkTree(siteDir: string): void {
  for (const file of repositoryFiles()) {
    if (file.startsWith('node_modules/')) continue;
    mkdirSync(dirname(join(siteDir, file)), { recursive: true });
    try {
      copyFileSync(join(REPO, file), join(siteDir, file));
    } catch (error) {
      // A file deleted in the work tree but still tracked is not part of the site.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** User + system time of a process group's live members and the children they reaped, from /proc. */
function groupCpuSeconds(pgid: number): number | undefined {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Fields after the command name: state ppid pgrp … utime(14) stime cutime cstime.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    }
  } catch {
    return undefined;
  }
  return ticks / 100;
}

function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return done();
    child.once('exit', () => done());
    const pid = child.pid;
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      return done();
    }
    setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 5_000).unref();
  });
}

/**
 * Builds and serves a copy of the repository with `netlify serve --offline`, with `env` as the
 * site's environment variables (what Netlify's UI would hold). Resolves once the CLI says it is
 * ready. Rejects with the CLI's output when it cannot start (npx could not fetch netlify-cli or
 * Deno, the build failed).
 */
export async function startNetlifyRuntime(env: Record<string, string>): Promise<NetlifyRuntime> {
  const siteDir = copyRepository();
  const [port, staticPort] = [await freePort(), await freePort()];
  // The CLI's static server takes port 3999 unless told: two runs at once would race for it.
  appendFileSync(join(siteDir, 'netlify.toml'), `\n[dev]\n  staticServerPort = ${staticPort}\n`);
  let output = '';
  // Only the shell's basics and the site's variables: nothing of the test process's own set-up.
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG', 'npm_config_cache', 'NPM_CONFIG_CACHE', 'CI']
      .filter((name) => process.env[name] !== undefined)
      .map((name) => [name, process.env[name]!]),
  );
  const bin = netlifyRuntimeBin();
  const child = spawn(join(bin, 'netlify'), ['serve', '--offline', '--port', String(port)], {
    cwd: siteDir,
    env: {
      ...inherited,
      ...env,
      PATH: `${bin}${delimiter}${inherited['PATH'] ?? ''}`,
      BROWSER: 'none',
      NETLIFY_TELEMETRY_DISABLED: '1',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;
  const stop = async () => {
    await stopGroup(child);
    rmSync(siteDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`netlify serve was not ready within ${START_TIMEOUT_MS / 1000} s`)),
        START_TIMEOUT_MS,
      );
      const onData = () => {
        if (!output.includes('Local dev server ready')) return;
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        ready();
      };
      child.stdout!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`netlify serve exited (${code}) before it was ready`));
      });
    });
  } catch (error) {
    await stop();
    throw new Error(
      `${(error as Error).message}. It ran \`netlify serve --offline\` (netlify-cli and deno from ${bin}). Its output:\n` +
        output.slice(-4_000),
      { cause: error },
    );
  }
  return { url, siteDir, output: () => output, cpuSeconds: () => groupCpuSeconds(child.pid!), stop };
}
