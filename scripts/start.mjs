#!/usr/bin/env node
/*
 * `npm start`: serve the production build on $PORT / $HOST. Builds first when
 * there is no build yet or any source is newer than it, so a fresh clone needs
 * only `npm install && npm start`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ENTRY = `${process.env.BUILD_DIR ?? 'dist'}/server/entry.mjs`;
const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(ENTRY) ? statSync(ENTRY).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.HOST ??= '0.0.0.0';
process.env.PORT ??= '4321';
await import(pathToFileURL(ENTRY).href);

/*
 * Astro loads middleware on the first request, so boot the runtime (DATA_DIR lock,
 * database, migrations, queue workers) now rather than on a visitor's request: a
 * second server on the same DATA_DIR then exits at start with a clear message.
 */
const warmHost = ['0.0.0.0', '::', ''].includes(process.env.HOST) ? '127.0.0.1' : process.env.HOST;
const healthUrl = `http://${warmHost.includes(':') ? `[${warmHost}]` : warmHost}:${process.env.PORT}/api/health`;
for (let attempt = 0; attempt < 150; attempt++) {
  try {
    await fetch(healthUrl);
    break;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
