/*
 * The editors' YAML files read from disk, for code that Vite does not load: Playwright
 * tests and scripts run from the project root. Same files and schemas as ./content-data.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  companySchema,
  examplePostsSchema,
  folderItems,
  implementationMessagesSchema,
  leadMessagesSchema,
  lgpdMessagesSchema,
  pageData,
  siteSchema,
} from './content-schemas.ts';

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

/** A file that code imports as a module (./content-modules), checked by its schema. */
export function readModule<T extends z.ZodType>(file: string, schema: T) {
  return pageData(file, readFileSync(join(process.cwd(), file), 'utf8'), schema);
}

/** content/settings/company.yaml, for scripts and tests that Vite does not load. */
export const readCompany = () => readModule('content/settings/company.yaml', companySchema);
/** content/settings/site.yaml, likewise. */
export const readSite = () => readModule('content/settings/site.yaml', siteSchema);
/** content/blog/example-posts.yaml, for the Netlify build's seeding (run by tsx, not Vite). */
export const readExamplePosts = () => readModule('content/blog/example-posts.yaml', examplePostsSchema).posts;
/** content/messages/lead.yaml, for the Playwright tests (its `{…}` slots unfilled). */
export const readLeadMessages = () => readModule('content/messages/lead.yaml', leadMessagesSchema);
/** content/messages/implementation.yaml, for the Playwright tests (its `{…}` slots unfilled). */
export const readImplementationMessages = () =>
  readModule('content/messages/implementation.yaml', implementationMessagesSchema);
/** content/messages/lgpd.yaml, for the Playwright tests (its `{…}` slots unfilled). */
export const readLgpdMessages = () => readModule('content/messages/lgpd.yaml', lgpdMessagesSchema);
