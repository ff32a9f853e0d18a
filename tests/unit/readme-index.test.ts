/*
 * README's "Where things are" sends a newcomer to a file and a function; a rename that
 * forgets the README would send them nowhere. Each line's `path` → `name`s are checked
 * here: the file (or folder) exists, and each name is declared in it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

interface Pointer {
  path: string;
  names: string[];
}

/** The index's rows: the table under "## Where things are", without its header. */
function indexRows(): string[] {
  const section = README.split(/^## /m).find((part) => part.startsWith('Where things are'));
  if (!section) throw new Error('README has no "Where things are" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| behaviour') && !line.startsWith('| ---'));
}

/** `path` → `a`, `b`; `other` … — each code span that names a file, with the names after its arrow. */
function pointersOf(row: string): Pointer[] {
  const target = row.split(' | ')[1] ?? '';
  return target
    .split(';')
    .map((part) => {
      const [head, tail = ''] = part.split('→');
      return { head: head ?? '', tail };
    })
    .flatMap(({ head, tail }) => {
      const paths = [...head.matchAll(/`([^`]+)`/g)].map((match) => match[1]!).filter(isPath);
      const names = [...tail.replace(/\(.*?\)/g, '').matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((match) => match[1]!);
      // The names after an arrow belong to the last file before it.
      return paths.map((path, index) => ({ path, names: index === paths.length - 1 ? names : [] }));
    });
}

const isPath = (text: string) =>
  /^(?:src|content|netlify|scripts|tests|docs)\/|\.(?:[cm]?[jt]s|astro|ya?ml)$/.test(text);

/** A declaration of `name` in TypeScript or an Astro component's script. */
function declares(source: string, name: string): boolean {
  const declaration = new RegExp(
    String.raw`(?:function\*?|const|let|class|interface|type|enum)\s+${name}\b|export\s*\{[^}]*\b${name}\b[^}]*\}`,
  );
  return declaration.test(source);
}

describe("README's index", () => {
  const rows = indexRows();

  it('has a line for each behaviour a newcomer asks after, about two dozen', () => {
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.length).toBeLessThanOrEqual(30);
  });

  it.each(rows.map((row) => [row.split(' | ')[0]!.replace(/^\| /, ''), row] as const))(
    '%s: every file exists and declares what the line names',
    (_behaviour, row) => {
      const pointers = pointersOf(row);
      expect(pointers.length).toBeGreaterThan(0);
      for (const { path, names } of pointers) {
        if (path.includes('<')) continue; // a pattern such as src/server/<feature>/index.ts
        const file = join(ROOT, path);
        expect(existsSync(file), `${path} exists`).toBe(true);
        if (statSync(file).isDirectory()) continue;
        const source = readFileSync(file, 'utf8');
        for (const name of names) expect(declares(source, name), `${path} declares ${name}`).toBe(true);
      }
    },
  );
});
