/*
 * Table ownership holds for raw SQL too. dependency-cruiser stops a feature from importing
 * another's schema file; an SQL string walks past that (`select … from contatos` needs no
 * import). Every string and template literal in src/server/<folder>/ is read as the compiler
 * sees it, the tables it names after FROM, JOIN, INTO, UPDATE, TABLE are looked up in the
 * schema, and a table of another feature's schema file fails unless READS_ACROSS lists that
 * read with its reason (scripts/support/table-owners.cjs, the same list the import rule reads).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { TABLE_OWNERS, READS_ACROSS } = require('../../scripts/support/table-owners.cjs') as {
  TABLE_OWNERS: Record<string, string[]>;
  READS_ACROSS: Record<string, string[]>;
};

const ROOT = join(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'src/server');
const SCHEMA = join(SERVER, 'db/schema');

/** Table name → its schema file's name ('contatos' → 'leads'). */
function tableFiles(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of readdirSync(SCHEMA).filter((name) => name.endsWith('.ts') && name !== 'index.ts')) {
    for (const [, table] of readFileSync(join(SCHEMA, file), 'utf8').matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g))
      tables.set(table!, file.replace(/\.ts$/, ''));
  }
  return tables;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|mts)$/.test(name) ? [path] : [];
  });
}

/** The text of every string and template literal of a module, each template's parts joined by a placeholder. */
function literalsOf(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node))
      texts.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' $ '));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

const TABLE_AFTER = /\b(?:from|join|into|update|table)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/** The known tables an SQL text names after FROM, JOIN, INTO, UPDATE or TABLE. */
function tablesNamed(sqlText: string, known: ReadonlyMap<string, string>): string[] {
  return [...sqlText.matchAll(TABLE_AFTER)].map((match) => match[1]!.toLowerCase()).filter((name) => known.has(name));
}

describe('raw SQL names only the tables its feature owns or reads with a reason', () => {
  const tables = tableFiles();

  it('reads the tables an SQL string names, in a template or a plain string', () => {
    const known = new Map([
      ['contatos', 'leads'],
      ['deliveries', 'deliveries'],
    ]);
    const [template, plain] = literalsOf(
      'const a = sql`select count(*) from contatos c join "deliveries" d on d.subject_id = c.id where x = ${1}`;\n' +
        "const b = 'update public.contatos set nome = $1'; // from deliveries (a comment)",
    );
    expect(tablesNamed(template!, known)).toEqual(['contatos', 'deliveries']);
    expect(tablesNamed(plain!, known)).toEqual(['contatos']);
    // Words of a message are not tables.
    expect(tablesNamed('Enviado from the form', known)).toEqual([]);
  });

  it('finds every table of the schema', () => {
    expect(tables.get('contatos')).toBe('leads');
    expect(tables.get('deliveries')).toBe('deliveries');
    expect(tables.size).toBeGreaterThan(30);
  });

  it('no feature folder names another feature’s table in SQL unless READS_ACROSS says why', () => {
    const crossings: string[] = [];
    for (const folder of readdirSync(SERVER).filter((name) => statSync(join(SERVER, name)).isDirectory())) {
      if (folder === 'db') continue; // the schema and the migrations own every table
      const allowed = new Set([...(TABLE_OWNERS[folder] ?? []), ...(READS_ACROSS[folder] ?? [])]);
      for (const path of filesUnder(join(SERVER, folder))) {
        for (const text of literalsOf(readFileSync(path, 'utf8'))) {
          for (const table of tablesNamed(text, tables)) {
            const owner = tables.get(table)!;
            if (!allowed.has(owner)) crossings.push(`${relative(ROOT, path)}: ${table} (${owner}.ts)`);
          }
        }
      }
    }
    expect([...new Set(crossings)]).toEqual([]);
  });
});
