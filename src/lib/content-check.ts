/*
 * Every YAML file an editor changes (by hand or in the CMS) with the schema the build judges it
 * by, in one list: the CMS/schema comparison test reads it, and `astro dev` checks the content
 * with it before it renders a page (src/integrations/content-gate.mjs), so a file the build would
 * refuse shows the build's own pt-BR message, naming the file, instead of an error on every page.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { YAML_MODULES } from './content-modules.ts';
import * as schemas from './content-schemas.ts';

/** One file (content/…/name.yaml) or a folder of one-item files (content/<folder>) → its schema. */
export const CONTENT_FILES: Record<string, z.ZodType> = {
  ...YAML_MODULES,
  'content/pages/about.yaml': schemas.aboutSchema,
  'content/pages/contact-page.yaml': schemas.contactPageSchema,
  'content/pages/enterprise.yaml': schemas.enterpriseSchema,
  'content/pages/features-page.yaml': schemas.featuresPageSchema,
  'content/pages/gestao.yaml': schemas.gestaoPageSchema,
  'content/pages/home.yaml': schemas.homeSchema,
  'content/pages/implementation-page.yaml': schemas.implementationPageSchema,
  'content/pages/interface.yaml': schemas.interfaceSchema,
  'content/pages/partner-page.yaml': schemas.partnerPageSchema,
  'content/pages/plans-page.yaml': schemas.plansPageSchema,
  'content/pages/thank-you-page.yaml': schemas.thankYouPageSchema,
  'content/settings/business-hours.yaml': schemas.businessHoursSchema,
  'content/plans': schemas.planSchema,
  'content/gestao-plans': schemas.gestaoPlanSchema,
  'content/partners': schemas.partnerSchema,
  'content/faqs': schemas.faqSchema,
  'content/features': schemas.featureSchema,
  'content/add-ons': schemas.addOnSchema,
};

/** The message of an error the checks throw (their pt-BR account), or its text. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * What the build would refuse in the content under `root`, one pt-BR message per file (the
 * first bad file of a folder), naming it. A badly named file is not counted: the dev server
 * already leaves it out and says so (./content-data.ts), as the folder options below do.
 */
export function contentProblems(root = process.cwd()): string[] {
  const problems: string[] = [];
  for (const [target, schema] of Object.entries(CONTENT_FILES)) {
    const path = join(root, target);
    const files: Record<string, string> = target.endsWith('.yaml')
      ? existsSync(path)
        ? { [target]: readFileSync(path, 'utf8') }
        : {}
      : Object.fromEntries(
          readdirSync(path)
            .filter((name) => name.endsWith('.yaml'))
            .map((name) => [`${target}/${name}`, readFileSync(join(path, name), 'utf8')]),
        );
    // A YAML syntax error names no file by itself: each file is read alone first.
    const unreadable = Object.entries(files).flatMap(([file, text]) => {
      try {
        parse(text);
        return [];
      } catch (error) {
        return [`Conteúdo inválido em ${file}:\n  - ${file}: ${messageOf(error)}`];
      }
    });
    if (unreadable.length) {
      problems.push(...unreadable);
      continue;
    }
    try {
      if (target.endsWith('.yaml')) schemas.pageData(target, files[target], schema);
      else schemas.folderItems(files, schema, { badName: 'skip' });
    } catch (error) {
      problems.push(messageOf(error));
    }
  }
  return problems;
}
