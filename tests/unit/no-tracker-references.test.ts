/*
 * Code and its comments say why in the present tense; a tracker number ("issue 14 item 3")
 * tells the next reader nothing they can open here, and goes stale when the tracker moves
 * on. This scans the sources, content, scripts, Netlify functions, tests, CI and the config
 * files at the project's root, and fails listing file:line for each reference. Prose about
 * the project's history belongs in docs/, which is not scanned.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

const FOLDERS = ['src', 'content', 'scripts', 'netlify', 'tests', '.ci'];
/** Never scanned: dependencies, builds, local data, generated types, and the prose in docs/. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.astro', '.netlify', 'data', 'docs', 'backups', 'coverage']);
/**
 * Applied migrations are never edited: each file's SQL is what a database has already run,
 * and drizzle records its hash.
 */
const SKIPPED_PATHS = [join('src', 'server', 'db', 'migrations') + sep];
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|mts|cts|astro|md|mdx|sql|json|toml|ya?ml|sh|css|html|txt)$|^run$/;

/** "issue 14", "Issue #3", "item 7", "finding 2": a number that only means something in the tracker. */
const TRACKER_REFERENCE = /\b(?:issues?\s+#?\d+|items?\s+\d+|findings?\s+\d+)/i;

function* filesUnder(folder: string): Generator<string> {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (SKIPPED_FOLDERS.has(name) || name.startsWith('dist') || name.startsWith('test-results')) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else if (TEXT_FILE.test(name)) yield path;
  }
}

/** The config and docs files at the root (README included; CHANGELOG, if any, is history by design). */
function rootFiles(): string[] {
  return readdirSync(ROOT)
    .filter((name) => !name.startsWith('CHANGELOG') && TEXT_FILE.test(name) && statSync(join(ROOT, name)).isFile())
    .concat(
      ['.dependency-cruiser.cjs', '.env.example', '.prettierrc.json'].filter((name) => safeIsFile(join(ROOT, name))),
    )
    .map((name) => join(ROOT, name));
}

function safeIsFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function scannedFiles(): string[] {
  const files = [...rootFiles(), ...FOLDERS.flatMap((folder) => [...filesUnder(join(ROOT, folder))])];
  return files
    .map((path) => relative(ROOT, path))
    .filter((path) => path !== SELF && !SKIPPED_PATHS.some((skipped) => path.startsWith(skipped)));
}

describe('tracker references', () => {
  it('no source, test, script or config file names a tracker issue or item', () => {
    const found: string[] = [];
    for (const file of scannedFiles()) {
      const posixFile = file.split(sep).join('/');
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (TRACKER_REFERENCE.test(line)) found.push(`${posixFile}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found, 'say why in the present tense instead of citing the tracker').toEqual([]);
  });

  it('finds a reference when there is one', () => {
    for (const text of ['(issue 14 item 3)', 'Issue #12', 'see item 7', 'issue 11, finding 2']) {
      expect(TRACKER_REFERENCE.test(text), text).toBe(true);
    }
    for (const text of ['an item of the list', 'issues a token', 'SPEC §6', 'itemized 3 rows']) {
      expect(TRACKER_REFERENCE.test(text), text).toBe(false);
    }
  });
});
