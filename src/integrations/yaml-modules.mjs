import { relative, sep } from 'node:path';
import { YAML_MODULES } from '../lib/content-modules.ts';
import { pageData } from '../lib/content-schemas.ts';

/*
 * `import * as site from '…/content/settings/site.yaml'` yields the file's data as plain
 * constants, one export per top-level key: parsed and checked by its schema here, at build,
 * so browser code gets the words without shipping a YAML parser or zod, and the bundler keeps
 * only the keys a page reads. A file that breaks its schema stops the build with the pt-BR
 * message naming the file and the field. `?raw` imports (src/lib/content-data.ts) pass through.
 */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set(['default', 'delete', 'new', 'class', 'function', 'export', 'import', 'in', 'if', 'for']);

/** @param {unknown} data */
export function yamlModuleSource(data) {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return `export default ${JSON.stringify(data)};\n`;
  }
  const keys = Object.keys(data).filter((key) => IDENTIFIER.test(key) && !RESERVED.has(key));
  const named = keys.map((key) => `export const ${key} = ${JSON.stringify(/** @type {any} */ (data)[key])};`);
  return `${named.join('\n')}\nexport default { ${keys.join(', ')} };\n`;
}

/** @returns {import('vite').Plugin} */
export function yamlModules() {
  let root = process.cwd();
  return {
    name: 'pilota:yaml-modules',
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      if (!/\.ya?ml$/.test(id)) return null;
      const file = relative(root, id).split(sep).join('/');
      const schema = YAML_MODULES[file];
      if (!schema) {
        throw new Error(`${file} has no schema in src/lib/content-modules.ts: list it there before importing it.`);
      }
      return { code: yamlModuleSource(pageData(file, code, schema)), map: null };
    },
  };
}
