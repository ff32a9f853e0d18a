/*
 * The editors' YAML files, read and checked for code outside Astro pages: services, API
 * routes, JSON-LD, unit tests. Pages read the same files as content collections
 * (src/content.config.ts); both use the schemas in ./content-schemas, so there is one source
 * of truth and one set of rules. The text is bundled at build (Vite's `?raw`; import.meta.glob's options must be literals), so a deployed
 * function needs no file system, and a bad file stops the build with a pt-BR message.
 * Code that Vite does not load (Playwright tests, scripts) reads them with ./content-files.
 */
import enterpriseYaml from '../../content/pages/enterprise.yaml?raw';
import { addOnSchema, enterpriseSchema, folderItems, pageData, planSchema } from './content-schemas';

/** The /planos table (also on partner pages), in the editors' order. */
export const plans = folderItems(
  import.meta.glob<string>('../../content/plans/*.yaml', { query: '?raw', import: 'default', eager: true }),
  planSchema,
);
/** The /gestao table, in the editors' order. */
export const gestaoPlans = folderItems(
  import.meta.glob<string>('../../content/gestao-plans/*.yaml', { query: '?raw', import: 'default', eager: true }),
  planSchema,
);
/** Add-on services; `priceCents` undefined means "Sob consulta". */
export const addOns = folderItems(
  import.meta.glob<string>('../../content/add-ons/*.yaml', { query: '?raw', import: 'default', eager: true }),
  addOnSchema,
);
export const enterprise = pageData('content/pages/enterprise.yaml', enterpriseYaml, enterpriseSchema);

export type Plan = (typeof plans)[number];
