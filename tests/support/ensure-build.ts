/*
 * Integration tests that talk HTTP to the production server need a build that matches
 * the sources; `npm test` builds first, so this is a no-op there and a convenience when
 * a single test file runs on its own. Same rule as `npm start`.
 */
export { ensureBuild } from '../../scripts/build-freshness.mjs';
