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
 * A folder of one-item YAML files (`content/<folder>/<id>.yaml`: path → text) as checked items,
 * the id being the file name, sorted by the `order` field.
 */
export function folderItems<T extends z.ZodType>(
  files: Record<string, string>,
  schema: T,
): (z.output<T> & { id: string })[] {
  const seen = new Map<string, string>();
  return Object.entries(files)
    .map(([path, text]) => {
      const file = `content/${path.split('content/').slice(1).join('content/')}`;
      const id = file.slice(file.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
      const idCheck = slug.safeParse(id);
      if (!idCheck.success)
        throw new Error(
          `Conteúdo inválido em ${file}:\n  - ${file}, nome do arquivo: ${idCheck.error.issues[0]?.message}`,
        );
      // Two files whose names differ only in case would be one page (the URL is case-folded).
      const other = seen.get(id.toLowerCase());
      if (other)
        throw new Error(
          `Conteúdo inválido em ${file}:\n  - ${file}, nome do arquivo: identificador "${id}" repetido (já usado por ${other}).`,
        );
      seen.set(id.toLowerCase(), file);
      return { id, ...(parseContent(file, schema, parse(text)) as object) } as z.output<T> & { id: string };
    })
    .sort((a, b) => orderOf(a) - orderOf(b) || a.id.localeCompare(b.id));
}

const orderOf = (item: object) => ('order' in item && typeof item.order === 'number' ? item.order : 0);

/** One YAML file that is one object (a page's copy), checked. */
export function pageData<T extends z.ZodType>(file: string, text: string | undefined, schema: T): z.output<T> {
  if (text === undefined) throw new Error(`Arquivo de conteúdo ausente: ${file}`);
  return parseContent(file, schema, parse(text));
}
