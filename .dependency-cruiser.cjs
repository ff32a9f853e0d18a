/*
 * The import graph as a whole, checked by `npm run lint` after ESLint (which sees one file
 * at a time; eslint.config.js has the per-file boundary rules). Type-only imports count
 * (tsPreCompilationDeps): a circle through `import type` still ties two modules together,
 * and such a circle (the runtime ↔ a feature's types) hides from ESLint-based checkers.
 * `.astro` files are not read (dependency-cruiser cannot parse them); their `<script>`
 * blocks are covered by ESLint's boundary rule.
 */

/** Code that ends up in the browser bundle. */
const BROWSER_CODE = ['^src/islands/', '^src/directives/', '^src/components/consent/[^/]+[.]ts$'];

/**
 * The folders of src/server from the bottom up. A folder imports only folders listed before
 * it, so no two features can need each other, directly or around a circle (module-level
 * no-circular cannot see a folder circle made of modules that do not form one). When a
 * feature needs one listed after it, move the shared piece down or take it as an argument
 * from compose.ts; a new folder takes its place in this list.
 */
const SERVER_LAYERS = [
  'log',
  'db',
  'http',
  'security',
  'transport',
  'mail',
  'jobs',
  'outbox',
  'webhooks',
  'consent',
  'connectors',
  'auth',
  'cdn',
  'inbox',
  'leads',
  'ops',
  'delivery',
  'implementation',
  'analytics',
  'blog',
  'cookie-consent',
  // Above every feature with tables: it gathers their personal-data declarations.
  'lgpd',
  'admin',
];

const serverFolders = (names) => `^src/server/(${names.join('|')})/`;

/** One rule per layer: nothing in it imports a folder above it. */
const LAYER_RULES = SERVER_LAYERS.slice(0, -1).map((folder, at) => ({
  name: 'no-cycle-between-server-features',
  severity: 'error',
  comment:
    `src/server/${folder} sits below ${SERVER_LAYERS.slice(at + 1).join(', ')} in SERVER_LAYERS ` +
    '(.dependency-cruiser.cjs): importing one of them would let two features need each other.',
  from: { path: `^src/server/${folder}/` },
  to: { path: serverFolders(SERVER_LAYERS.slice(at + 1)) },
}));

// Who owns which tables, and the reasoned reads across: one list for this file and for
// tests/unit/raw-sql-owners.test.ts, which holds raw SQL strings to the same rule.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- dependency-cruiser reads a CommonJS config
const { TABLE_OWNERS, READS_ACROSS } = require('./scripts/support/table-owners.cjs');

/** One rule per folder: its tables and its listed reads, nothing else; never the schema index. */
const TABLE_RULES = SERVER_LAYERS.filter((folder) => folder !== 'db').map((folder) => {
  const allowed = [...(TABLE_OWNERS[folder] ?? []), ...(READS_ACROSS[folder] ?? [])];
  return {
    name: 'tables-through-their-feature',
    severity: 'error',
    comment:
      `src/server/${folder} may import the tables of ${allowed.length ? allowed.join(', ') : 'no schema file'} ` +
      '(TABLE_OWNERS and READS_ACROSS in .dependency-cruiser.cjs): another feature\'s data comes through ' +
      'its service, and a feature imports its schema file, not the schema index.',
    from: { path: `^src/server/${folder}/` },
    to: {
      path: '^src/server/db/schema/',
      ...(allowed.length ? { pathNot: `^src/server/db/schema/(${allowed.join('|')})[.]ts$` } : {}),
    },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle of imports (type-only ones included): one side should take what it needs as an ' +
        'argument, or the shared part should move to a module both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'browser-never-reaches-server',
      severity: 'error',
      comment:
        'Browser code (islands, the hydration directive, consent scripts) never imports src/server, ' +
        'not even through src/lib or a type: move what it needs to src/lib (docs/decisions.md, "Layout").',
      from: { path: BROWSER_CODE },
      to: { path: '^src/server/', reachable: true },
    },
    {
      name: 'lib-is-pure',
      severity: 'error',
      comment: 'src/lib is shared by browser and server, so it never imports src/server (docs/decisions.md, "Layout").',
      from: { path: '^src/lib/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-without-astro',
      severity: 'error',
      comment:
        'src/server never imports Astro (astro, astro/*, astro:*): it runs the same under a route, an ' +
        'action, a script, a Netlify function or a test. Take what you need as an argument.',
      from: { path: '^src/server/' },
      to: { path: ['^node_modules/astro/', '^astro(:|/|$)'] },
    },
    ...LAYER_RULES,
    ...TABLE_RULES,
    {
      name: 'server-folder-has-a-layer',
      severity: 'error',
      comment: 'Every folder of src/server takes its place in SERVER_LAYERS (.dependency-cruiser.cjs).',
      from: { path: '^src/server/[^/]+/', pathNot: serverFolders(SERVER_LAYERS) },
      to: { path: '^src/server/[^/]+/' },
    },
    {
      name: 'scripts-never-reach-tests',
      severity: 'error',
      comment:
        'Scripts run without the test tree (benches, audits, seeding): what scripts and tests share ' +
        'lives in scripts/support, which tests may import, never the other way round.',
      from: { path: '^scripts/' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^src/server/db/migrations/', '[.]d[.]ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Astro's virtual modules (astro:actions, astro:env/server…) never resolve on disk.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
