import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Visitor-facing words live in content/ (YAML, Markdown, message files) so editors can change
 * them in the CMS; a public page component that types a sentence itself hides it from them.
 * The scan is simple on purpose: text between tags, accessible-name attributes and
 * `label/title/description/text: '…'` literals in the frontmatter, in the public pages,
 * components and layouts. ALLOWED lists what may stay, each with why.
 */

const ROOT = join(import.meta.dirname, '../..');
const FOLDERS = ['src/pages', 'src/components', 'src/layouts'];
/** Admin area, sign-in and API routes: people on the team, not visitors; their texts are in src/messages. */
const PRIVATE = /(^|\/)(admin|auth|api|inbox|blog\/admin)(\/|$)|AdminLayout|\/contato\/enviar/;

const ALLOWED: Record<string, string> = {
  // Not prose: a ternary that the scan reads across tags.
  'segment.keep ?': 'code inside a template expression',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.astro') ? [path] : [];
  });
}

const words = (text: string) => text.split(/\s+/).filter((word) => /\p{L}{2,}/u.test(word));

function literalCopy(source: string): string[] {
  const front = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
  const template = source
    .replace(/^---\n[\s\S]*?\n---/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
  const found: string[] = [];
  for (const [, text] of template.matchAll(/>([^<>{}]+)</g)) {
    const trimmed = text!.trim();
    if (words(trimmed).length >= 1 && /\p{L}{2,}/u.test(trimmed)) found.push(trimmed);
  }
  for (const [, , text] of template.matchAll(/\b(aria-label|title|alt|placeholder)="([^"{}]+)"/g)) {
    if (words(text!).length >= 1) found.push(text!);
  }
  for (const [, , text] of front.matchAll(/\b(label|title|description|text|heading|cta)\s*:\s*'([^']+)'/g)) {
    if (words(text!).length >= 2) found.push(text!);
  }
  return found.filter((text) => !(text in ALLOWED));
}

describe('public page components type no copy', () => {
  const components = FOLDERS.flatMap((folder) => files(join(ROOT, folder)))
    .map((path) => relative(ROOT, path))
    .filter((path) => !PRIVATE.test(path));

  it('finds the components to scan', () => {
    expect(components.length).toBeGreaterThan(20);
  });

  it.each(components)('%s', (path) => {
    expect(literalCopy(readFileSync(join(ROOT, path), 'utf8')), 'move these to content/').toEqual([]);
  });

  it('catches a sentence typed in a component', () => {
    expect(literalCopy('---\nconst a = 1;\n---\n<p class="x">Fale com a gente hoje</p>')).toEqual([
      'Fale com a gente hoje',
    ]);
    expect(literalCopy('<nav aria-label="Menu principal"></nav>')).toEqual(['Menu principal']);
    expect(literalCopy("---\nconst x = { label: 'Termos de Uso' };\n---\n")).toEqual(['Termos de Uso']);
  });
});

/*
 * Editors change words in the CMS, so content/ holds data files (YAML, Markdown, JSON) only. The
 * team's message catalogues (the admin area, sign-in, technical errors), which the CMS never
 * edits, are typed code in src/messages (docs/decisions.md).
 */
describe('content/ holds data, not code', () => {
  it('has no code module', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : [relative(ROOT, path)];
      });
    expect(walk(join(ROOT, 'content')).filter((path) => /\.(ts|tsx|js|mjs|cjs|mts)$/.test(path))).toEqual([]);
  });
});
