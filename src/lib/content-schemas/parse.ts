/*
 * Reading content files against their schemas, with a pt-BR account of what is wrong
 * that names the file and each field, for the build log and the CMS docs.
 */
import { parse } from 'yaml';
import type { z } from 'zod';
import { slug } from './fields.ts';

/** A pt-BR account of what is wrong, naming the file and each field, for the build log and the CMS docs. */
export function describeIssues(file: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const field = issue.path.length ? issue.path.map(String).join('.') : '(arquivo inteiro)';
    return `  - ${file}, campo ${field}: ${issue.message}`;
  });
  return `Conteúdo inválido em ${file}:\n${lines.join('\n')}`;
}

export function parseContent<T extends z.ZodType>(file: string, schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(describeIssues(file, result.error));
  return result.data;
}

/**
 * What to do with a file whose name cannot be an identifier (or repeats one): by default the
 * build's rule, stop with the message; `skip` leaves the file out and hands the same message to
 * `report` — the dev server's choice, so one badly named file does not take every page down.
 */
export interface FolderOptions {
  badName?: 'throw' | 'skip';
  report?: (message: string) => void;
}

/**
 * A folder of one-item YAML files (`content/<folder>/<id>.yaml`: path → text) as checked items,
 * the id being the file name, sorted by the `order` field.
 */
export function folderItems<T extends z.ZodType>(
  files: Record<string, string>,
  schema: T,
  { badName = 'throw', report = () => undefined }: FolderOptions = {},
): (z.output<T> & { id: string })[] {
  const seen = new Map<string, string>();
  const items: (z.output<T> & { id: string })[] = [];
  for (const [path, text] of Object.entries(files)) {
    const file = `content/${path.split('content/').slice(1).join('content/')}`;
    const id = file.slice(file.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
    const problem = nameProblem(id, seen);
    if (problem) {
      const message = `Conteúdo inválido em ${file}:\n  - ${file}, nome do arquivo: ${problem}`;
      if (badName === 'throw') throw new Error(message);
      report(`${message}\n  O arquivo foi ignorado até ser renomeado.`);
      continue;
    }
    seen.set(id.toLowerCase(), file);
    items.push({ id, ...(parseContent(file, schema, parse(text)) as object) } as z.output<T> & { id: string });
  }
  return items.sort((a, b) => orderOf(a) - orderOf(b) || a.id.localeCompare(b.id));
}

/** Why a file name cannot be an item's identifier, or undefined. */
function nameProblem(id: string, seen: Map<string, string>): string | undefined {
  const idCheck = slug.safeParse(id);
  if (!idCheck.success) return idCheck.error.issues[0]?.message;
  // Two files whose names differ only in case would be one page (the URL is case-folded).
  const other = seen.get(id.toLowerCase());
  return other ? `identificador "${id}" repetido (já usado por ${other}).` : undefined;
}

const orderOf = (item: object) => ('order' in item && typeof item.order === 'number' ? item.order : 0);

/** One YAML file that is one object (a page's copy), checked. */
export function pageData<T extends z.ZodType>(file: string, text: string | undefined, schema: T): z.output<T> {
  if (text === undefined) throw new Error(`Arquivo de conteúdo ausente: ${file}`);
  return parseContent(file, schema, parse(text));
}
