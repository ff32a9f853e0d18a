/*
 * Cache-Control is decided in src/server/http/cache-control.ts: code names a policy from it
 * and never spells `no-store` or `s-maxage` itself, so no answer drifts from its kind. This
 * reads every source file under src/ and fails, listing file:line, on such a string, regular
 * expression or template in code; comments may name the directives.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OWNER = join('src', 'server', 'http', 'cache-control.ts');
const SOURCE = /\.(?:[cm]?[jt]sx?|astro)$/;
const DIRECTIVE = /no-store|s-maxage/i;

function* sourcesUnder(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* sourcesUnder(path);
    else if (SOURCE.test(name)) yield path;
  }
}

/** fetch's `cache: 'no-store'` is a request's cache mode (RequestInit), not a header. */
function isFetchCacheMode(node: ts.Node): boolean {
  const parent = node.parent;
  return ts.isPropertyAssignment(parent) && parent.initializer === node && parent.name.getText() === 'cache';
}

/** The 1-based lines of the literals in script code that spell a directive. */
function literalLines(code: string, fileName: string, lineOffset = 0): number[] {
  const kind = /\.[cm]?[jt]sx$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    const literal =
      ts.isStringLiteralLike(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isJsxText(node);
    if (literal && DIRECTIVE.test(node.getText(source)) && !isFetchCacheMode(node)) {
      lines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 + lineOffset);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

/** An .astro file: its frontmatter as script code, its template with HTML and script comments removed. */
function astroLines(text: string, fileName: string): number[] {
  const fence = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  const frontmatter = fence ? literalLines(fence[1]!, `${fileName}.ts`, 1) : [];
  const templateStart = fence ? fence[0].length : 0;
  const offset = text.slice(0, templateStart).split('\n').length - 1;
  const template = text
    .slice(templateStart)
    .replace(/<!--[\s\S]*?-->|\/\*[\s\S]*?\*\/|(^|\s)\/\/[^\n]*/g, (comment) => comment.replace(/[^\n]/g, ' '));
  const inTemplate = template
    .split('\n')
    .flatMap((line, index) => (DIRECTIVE.test(line) ? [index + 1 + offset] : []));
  return [...frontmatter, ...inTemplate];
}

describe('Cache-Control values', () => {
  it('are spelled only in the cache-control module', () => {
    const offenders: string[] = [];
    for (const path of sourcesUnder(join(ROOT, 'src'))) {
      const file = relative(ROOT, path);
      if (file === OWNER) continue;
      const text = readFileSync(path, 'utf8');
      if (!DIRECTIVE.test(text)) continue;
      const lines = file.endsWith('.astro') ? astroLines(text, file) : literalLines(text, file);
      offenders.push(...lines.map((line) => `${file}:${line}`));
    }
    expect(offenders).toEqual([]);
  });

  it('finds a directive in a string, a template and a regular expression, and none in a comment', () => {
    const code = [
      "// 'no-store' in a comment",
      "const a = { 'Cache-Control': 'no-store' };",
      '/* s-maxage=60 */ const b = `public, s-maxage=${60}`;',
      'const c = /\\bno-store\\b/;',
      "fetch('/x', { cache: 'no-store' });",
    ].join('\n');
    expect(literalLines(code, 'sample.ts')).toEqual([2, 3, 4]);
    const astro = ["---", "const a = 'no-store';", '---', '<!-- no-store -->', '<p>private, no-store</p>'].join('\n');
    expect(astroLines(astro, 'sample.astro')).toEqual([2, 5]);
  });
});
