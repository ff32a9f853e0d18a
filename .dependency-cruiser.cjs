/*
 * The import graph as a whole, checked by `npm run lint` after ESLint (which sees one file
 * at a time; eslint.config.js has the per-file boundary rules). Type-only imports count
 * (tsPreCompilationDeps): a circle through `import type` still ties two modules together,
 * and is how the runtime ↔ features circle of issue 12 hid from ESLint-based checkers.
 * `.astro` files are not read (dependency-cruiser cannot parse them); their `<script>`
 * blocks are covered by ESLint's boundary rule.
 */

/** Code that ends up in the browser bundle. */
const BROWSER_CODE = ['^src/islands/', '^src/directives/', '^src/components/consent/[^/]+[.]ts$'];

/*
 * INTERIM, a circle other work on issue 12 is removing. Exactly this two-module circle is
 * let through while the way back (`back`) is a type-only import; any other circle, one
 * through a third module, and a value import on the way back still fail.
 * - src/islands/ui/toasts.ts lazy-loads toaster.tsx, which imports the `ToastKind` type back
 *   (fix: declare ToastKind in toaster.tsx, or in a module both import).
 * (The runtime ↔ features circle is gone: features import src/server/runtime-types.ts.)
 */
const INTERIM_CIRCLES = [{ back: ['^src/islands/ui/toaster[.]tsx$'], to: '^src/islands/ui/toasts[.]ts$' }];

const circle = (from, to) => ({
  name: 'no-circular',
  severity: 'error',
  comment:
    'A circle of imports (type-only ones included): one side should take what it needs as an ' +
    'argument, or the shared part should move to a module both import (issue 12).',
  from,
  to: { circular: true, ...to },
});

/*
 * A circle is reported once, on whichever of its imports dependency-cruiser meets first, so
 * each side of an interim circle gets rules of its own.
 */
const circleRules = [
  circle({ pathNot: INTERIM_CIRCLES.flatMap(({ back, to }) => [...back, to]) }, {}),
  ...INTERIM_CIRCLES.flatMap(({ back, to }) => [
    circle({ path: back }, { pathNot: to }),
    circle({ path: back }, { path: to, dependencyTypesNot: ['type-only'] }),
    circle({ path: to }, { pathNot: back }),
    circle({ path: to }, { path: back, viaSomeNot: [...back, to] }),
  ]),
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...circleRules,
    {
      name: 'browser-never-reaches-server',
      severity: 'error',
      comment:
        'Browser code (islands, the hydration directive, consent scripts) never imports src/server, ' +
        'not even through src/lib or a type: move what it needs to src/lib (README "Layout").',
      from: { path: BROWSER_CODE },
      to: { path: '^src/server/', reachable: true },
    },
    {
      name: 'lib-is-pure',
      severity: 'error',
      comment: 'src/lib is shared by browser and server, so it never imports src/server (README "Layout").',
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
