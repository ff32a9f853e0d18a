/*
 * The editors' YAML files read from disk, for code that Vite does not load: Playwright
 * tests and scripts run from the project root. Same files and schemas as ./content-data.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { folderItems, pageData } from './content-schemas';

const CONTENT = join(process.cwd(), 'content');

export function readFolder<T extends z.ZodType>(folder: string, schema: T) {
  const dir = join(CONTENT, folder);
  const files = Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => [`content/${folder}/${name}`, readFileSync(join(dir, name), 'utf8')]),
  );
  return folderItems(files, schema);
}

export function readPage<T extends z.ZodType>(name: string, schema: T) {
  return pageData(`content/pages/${name}.yaml`, readFileSync(join(CONTENT, 'pages', `${name}.yaml`), 'utf8'), schema);
}
