/*
 * A module over 300 lines does more than one job, and the next reader has to find which
 * part they need. This counts the lines of every code file in src/, scripts/, netlify/ and
 * tests/ and fails listing each one over the limit, so a growing module is split by job
 * (its public face in one file, each job in its own) before it gets there.
 *
 * Not counted: applied migrations (generated, never edited), content/ (data, not code), and
 * test specs (*.test.ts, *.e2e.ts, *.chaos.ts): a spec split in two starts its servers and
 * databases twice, which the CI's time budget pays for.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAX_LINES = 300;
const FOLDERS = ['src', 'scripts', 'netlify', 'tests'];
const SKIPPED_FOLDERS = new Set(['node_modules', '.astro', '.netlify', 'data', 'migrations']);
const CODE_FILE = /\.(?:[cm]?[jt]sx?|astro)$/;
const SPEC_FILE = /\.(?:test|e2e|chaos)\.[cm]?[jt]sx?$/;

function* codeFilesUnder(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    if (SKIPPED_FOLDERS.has(name) || name.startsWith('dist')) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* codeFilesUnder(path);
    else if (CODE_FILE.test(name) && !SPEC_FILE.test(name)) yield path;
  }
}

describe('file length', () => {
  it(`keeps every module at ${MAX_LINES} lines or fewer`, () => {
    const tooLong: string[] = [];
    for (const folder of FOLDERS) {
      for (const path of codeFilesUnder(join(ROOT, folder))) {
        const file = relative(ROOT, path);
        const lines = readFileSync(path, 'utf8').split('\n').length - 1;
        if (lines > MAX_LINES) tooLong.push(`${file}: ${lines} lines`);
      }
    }
    expect(tooLong).toEqual([]);
  });
});
