import { readCompany } from '../lib/content-files.ts';
import { pendingPlaceholders, placeholderVerdict } from '../lib/placeholder-policy.ts';

/*
 * Warns loudly on every build while a company fact is still a placeholder, and fails a
 * production build on Netlify unless ALLOW_PLACEHOLDERS=1 (src/lib/placeholder-policy.ts).
 * scripts/netlify-build.ts runs the same check first, before it migrates anything.
 */
/** @returns {import('astro').AstroIntegration} */
export function placeholderCheck() {
  return {
    name: 'pilota:placeholders',
    hooks: {
      'astro:build:start': ({ logger }) => {
        const verdict = placeholderVerdict(pendingPlaceholders(readCompany()), process.env);
        if (verdict.level === 'fail') throw new Error(verdict.lines.join('\n'));
        if (verdict.level === 'warn') {
          const rule = '!'.repeat(78);
          for (const line of [rule, ...verdict.lines.map((text) => `!! ${text}`), rule]) logger.warn(line);
        }
      },
    },
  };
}
