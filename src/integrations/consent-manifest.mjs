import { manifestProblems } from '../server/consent/manifest-check.ts';

/*
 * Fails `astro build` when an LGPD notice's text changed without a new version (or a new
 * version was not recorded): each submission stores the hash of the text its version names,
 * so the build must never publish a text whose hash differs from its version's
 * (content/consent-notices.json, src/server/consent/consent-proof.ts). `npm test` runs the
 * same check in tests/unit/consent-notices.test.ts.
 */
/** @returns {import('astro').AstroIntegration} */
export function consentManifest() {
  return {
    name: 'pilota:consent-manifest',
    hooks: {
      'astro:build:start': ({ logger }) => {
        const problems = manifestProblems();
        if (problems.length > 0) {
          throw new Error(`LGPD notices out of step with their manifest:\n  ${problems.join('\n  ')}`);
        }
        logger.info('LGPD notices match content/consent-notices.manifest.json');
      },
    },
  };
}
