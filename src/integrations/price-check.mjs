import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFolder } from '../lib/content-files.ts';
import { gestaoPlanSchema, planSchema } from '../lib/content-schemas.ts';
import { savingClaimsIn, savingClaimWarnings, tierPriceProblems } from '../lib/price-integrity.ts';

/*
 * Prices that must agree across content files (src/lib/price-integrity.ts): `astro build` fails
 * when a /gestao plan asks another price than the /planos tier it names (without the note that
 * explains it), and warns when a page states a bigger annual saving than its prices give. The
 * dev server prints the first at start. A file's own rules (annual ≤ 12 × monthly) are its schema's
 * (src/lib/content-schemas/catalog.ts).
 */

/** @param {string} file */
const claimsIn = (file) => savingClaimsIn(file, readFileSync(join(process.cwd(), file), 'utf8'));

/** Each page's own copy and questions, which may state the annual saving of its plans. @param {'planos' | 'gestao'} page */
function pageClaims(page) {
  const faqs = readdirSync(join(process.cwd(), 'content/faqs'))
    .filter((name) => name.startsWith(`${page}-`) && name.endsWith('.yaml'))
    .map((name) => `content/faqs/${name}`);
  const copy = page === 'planos' ? 'content/pages/plans-page.yaml' : 'content/pages/gestao.yaml';
  // content/settings/site.yaml names the page in the key: annualSavingsPlans, annualSavingsGestao.
  const site = claimsIn('content/settings/site.yaml').filter(
    (claim) => claim.text.includes('Gestao') === (page === 'gestao'),
  );
  return [...claimsIn(copy), ...faqs.flatMap(claimsIn), ...site];
}

/** What the prices in content/ break (`problems`) and the savings they no longer back (`warnings`), in pt-BR. */
export function priceReport() {
  const plans = readFolder('plans', planSchema);
  const gestaoPlans = readFolder('gestao-plans', gestaoPlanSchema);
  return {
    problems: tierPriceProblems(plans, gestaoPlans),
    warnings: [
      ...savingClaimWarnings(pageClaims('planos'), plans),
      ...savingClaimWarnings(pageClaims('gestao'), gestaoPlans),
    ],
  };
}

/**
 * @param {import('astro').AstroIntegrationLogger} logger
 * @param {string[]} warnings
 */
function warn(logger, warnings) {
  for (const line of warnings) logger.warn(`Economia anual: ${line}`);
}

/** @returns {import('astro').AstroIntegration} */
export function priceCheck() {
  return {
    name: 'pilota:price-check',
    hooks: {
      'astro:build:start': ({ logger }) => {
        const { problems, warnings } = priceReport();
        if (problems.length > 0)
          throw new Error(`Preços em desacordo entre /planos e /gestao:\n  - ${problems.join('\n  - ')}`);
        warn(logger, warnings);
      },
      // The dev server says what would fail the build, not the standing warnings: its start stays quiet.
      'astro:server:setup': ({ logger }) => {
        for (const line of priceReport().problems) logger.error(`Preços em desacordo entre /planos e /gestao: ${line}`);
      },
    },
  };
}
