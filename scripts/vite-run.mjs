/*
 * Runs a TypeScript script through Vite's module runner, so the server code it imports
 * resolves as in the site and the tests: the `~` and `@content` aliases, YAML content read
 * with `?raw` and `import.meta.glob` or imported as a module (src/integrations/yaml-modules.mjs).
 * Every script that reaches the content runs this way (`npm run bench:inbox`); tsx cannot.
 * Usage: node scripts/vite-run.mjs scripts/<script>.ts [args…]
 */
import { resolve } from 'node:path';
import { runnerImport } from 'vite';
import { yamlModules } from '../src/integrations/yaml-modules.mjs';

const root = process.cwd();
const script = process.argv[2];
if (!script) throw new Error('usage: node scripts/vite-run.mjs <script.ts> [args…]');
// The script reads its own arguments from process.argv.slice(2), as when run directly.
process.argv.splice(1, 1);
await runnerImport(resolve(root, script), {
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [yamlModules()],
  resolve: { alias: { '~': resolve(root, 'src'), '@content': resolve(root, 'content') } },
});
