/*
 * `npm run lint` = this file (ESLint, every file on its own) + .dependency-cruiser.cjs
 * (the import graph as a whole: cycles, type-only imports included, and what islands can
 * reach). Here:
 *
 * - Type-aware rules on TypeScript (typescript-eslint's project service reads tsconfig.json),
 *   chosen for bugs the compiler lets through, not for style: a promise nobody awaits or
 *   catches (a lost error, or an unhandled rejection that ends the Node process), a promise
 *   handed to something that expects a plain callback, `await` on a value that is not a
 *   promise, `return promise` inside try (its rejection skips the catch), throwing
 *   non-Errors. `.astro` files are left to `astro check`: their frontmatter is not part of
 *   the TypeScript program the project service sees.
 * - Layer boundaries (docs/decisions.md, "Layout"): code that runs in the browser (islands, the
 *   hydration directive, consent scripts, `<script>` in .astro) never imports src/server;
 *   src/server never imports Astro, so services run the same under a route, an action, a
 *   script, a Netlify function or a test; pages, layouts, components, actions and the
 *   middleware import a server feature only through its face, `~/server/<feature>`.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The composition root's own modules (src/server/*.ts): no route imports them. */
const SERVER_ROOT_MODULES = readdirSync(new URL('./src/server', import.meta.url))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => name.slice(0, -'.ts'.length));

/**
 * A route reaches a server feature only through its face, `~/server/<feature>` (its index.ts:
 * types, constants, pure helpers), and its data through `Astro.locals.runtime.<feature>`; a
 * module inside the folder, or the composition root's own modules, are the feature's business.
 * `allowRoot` names root modules a file may still import (the middleware boots the runtime).
 */
function featureFacesOnly(allowRoot = []) {
  const root = SERVER_ROOT_MODULES.filter((name) => !allowRoot.includes(name));
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '(^~|/)server/[^/]+/.+$',
            message:
              "Import the feature's face, ~/server/<feature> (its index.ts), and reach its data through Astro.locals.runtime.<feature>: modules inside a feature folder are its own.",
          },
          {
            regex: `(^~|/)server/(${root.join('|')})$`,
            message: "Routes never import the composition root's modules: the runtime comes as Astro.locals.runtime.",
          },
        ],
      },
    ],
  };
}

/** Import paths that reach src/server, whichever way they are spelt. */
const SERVER_IMPORTS = {
  group: [
    '~/server',
    '~/server/**',
    '**/src/server',
    '**/src/server/**',
    '../server',
    '../server/**',
    '../../server/**',
  ],
  message: 'Browser code never imports src/server (docs/decisions.md, "Layout"): move what it needs to src/lib.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-*/',
      '.netlify/',
      'test-results*/',
      '.astro/',
      'node_modules/',
      'data/',
      'playwright-report/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    // The <script> blocks of .astro files reach ESLint as virtual files (X.astro/1_1.ts) that
    // are in no TypeScript program: with the project service on, ESLint would skip them silently.
    ignores: ['**/*.astro/*'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Not for JSX attributes: React ignores what an event handler returns, and the forms'
      // async handlers (react-hook-form's handleSubmit, the auth forms) catch their own errors
      // and show them. Promise-returning callbacks anywhere else (setTimeout, createServer,
      // forEach…) are still errors: nobody would see their rejection.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/only-throw-error': 'error',
      // `any`/`unknown` reasons are allowed as in only-throw-error: they pass on something
      // caught or an AbortSignal's reason, not a new non-Error.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      // `import('x').T` in a type position stays allowed: it names the type of a module that is
      // loaded lazily (imask) or used once, and never loads anything at run time.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['src/islands/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [
      'src/islands/**',
      'src/directives/**',
      'src/components/consent/*.ts',
      // The <script> blocks of .astro files, which eslint-plugin-astro lints as virtual files.
      '**/*.astro/*.{js,ts}',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_IMPORTS] }] },
  },
  {
    // Pages, layouts, components and actions reach a feature through its face and its service
    // on Astro.locals.runtime, never a module inside it (the database's included). eslint-plugin-astro
    // reads .astro frontmatter, so pages are covered too.
    files: ['src/pages/**', 'src/layouts/**', 'src/components/**', 'src/actions/**'],
    ignores: ['**/*.astro/*.{js,ts}'],
    rules: featureFacesOnly(),
  },
  {
    // The middleware boots the runtime on the requests that need it.
    files: ['src/middleware.ts'],
    rules: featureFacesOnly(['runtime', 'runtime-types']),
  },
  {
    // Astro's clientAddress getter throws once the client has hung up: a request nobody waits
    // for would end as a logged 500 with a stack. clientAddressOf (src/server/http/client-address.ts)
    // answers undefined instead.
    files: ['src/pages/**', 'src/layouts/**', 'src/components/**', 'src/actions/**', 'src/middleware.ts'],
    ignores: ['**/*.astro/*.{js,ts}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='clientAddress'], Property[key.name='clientAddress']",
          message: 'Read the client address with clientAddressOf(context) (src/server/http/client-address.ts).',
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'astro', message: 'src/server never imports Astro: take what you need as an argument.' }],
          patterns: [
            {
              regex: '^astro(:|/)',
              message: 'src/server never imports Astro (astro:*, astro/*): take what you need as an argument.',
            },
          ],
        },
      ],
    },
  },
);
