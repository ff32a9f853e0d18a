#!/usr/bin/env node
/*
 * `npm start`: serve the production build on $PORT / $HOST. Builds first when
 * there is no build yet or any source is newer than it, so a fresh clone needs
 * only `npm install && npm start`. Serving itself is scripts/serve.mjs.
 */
import { ensureBuild } from './build-freshness.mjs';

try {
  ensureBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import('./serve.mjs');
