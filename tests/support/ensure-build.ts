/*
 * Integration tests that talk HTTP to the production server need a build that matches
 * the sources. `npm test` runs them before its own build step, so: build into BUILD_DIR
 * (default dist) when there is none or a source is newer — the rule of scripts/start.mjs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { builtEntry } from './server';

const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function ensureBuild(): void {
  const entry = builtEntry();
  const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  if (builtAt >= Math.max(...SOURCES.map(newestMtime))) return;
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) throw new Error(`astro build failed (exit ${build.status})`);
}
