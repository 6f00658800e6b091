import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/** The web app's feature folders (apps/web/src/features/<name>), read from disk so a new one is covered. */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A relative import that climbs out of its folder into `name` (`../x/…`, `../../features/x/…`). */
const climbsInto = (name) => `^(\\.\\./)+(features/)?${name}(/|$)`;

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      'apps/server/src/db/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  { files: ['scripts/**', '.ci/**', 'bench/**', '**/*.mjs'], rules: { 'no-console': 'off' } },

  // Promises: one nobody awaits loses its rejection (an unhandled rejection, a swallowed error);
  // one passed where a function's result is ignored (an event handler, a setInterval callback)
  // does the same. Await it, `.catch` it, or write `void` where nothing may wait for it.
  // Needs type information: the TypeScript project service reads each workspace's tsconfig.json.
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },

  // React: the Rules of Hooks and the React Compiler's rules of React (pure renders, no ref
  // reads or writes during render, no setState in an effect where a derived value does).
  { ...reactHooks.configs.flat.recommended, files: ['apps/web/src/**/*.{ts,tsx}'] },

  // Security rules (SECURITY.md "Static checks"), core rules only: nothing that parses a string as
  // code or as HTML, so text from users or from the server can only ever be shown as text.
  {
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-script-url': 'error',
      'no-restricted-globals': ['error', { name: 'eval', message: 'No eval: it runs a string as code.' }],
      'no-restricted-properties': ['error', { object: 'document', property: 'write', message: 'No document.write: it parses HTML.' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'No dangerouslySetInnerHTML: render text, or sanitise on the server.',
        },
        {
          selector: "Property[key.name='dangerouslySetInnerHTML']",
          message: 'No dangerouslySetInnerHTML: render text, or sanitise on the server.',
        },
        {
          selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]',
          message: 'No innerHTML/outerHTML assignment: use textContent or React.',
        },
        { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'No insertAdjacentHTML: it parses HTML.' },
        { selector: "NewExpression[callee.name='Function']", message: 'No new Function: it runs a string as code.' },
        { selector: "CallExpression[callee.name='Function']", message: 'No Function(): it runs a string as code.' },
      ],
    },
  },
  // Server and security code: randomness from node:crypto only (tokens, ids, OTPs, boundaries).
  {
    files: [
      'apps/server/src/**',
      'apps/server/test/security/**',
      'apps/server/test/resilience/**',
      'packages/domain/src/**',
      'apps/web/src/features/auth/**',
      'apps/web/src/lib/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'document', property: 'write', message: 'No document.write: it parses HTML.' },
        {
          object: 'Math',
          property: 'random',
          message:
            'Math.random is predictable: use node:crypto randomBytes/randomInt/randomUUID, or crypto.getRandomValues in the browser.',
        },
      ],
    },
  },

  // Web layers: shared code (components, lib, hooks) -> features -> app. A feature never imports
  // another feature: a screen that needs two composes them in app/, and a piece two features need
  // moves to lib/ or components/ui/. Shared code imports neither features nor app.
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_FEATURES.filter((other) => other !== feature).map((other) => ({
              regex: climbsInto(other),
              message: `features/${feature} may not import features/${other}: compose both in app/, or move the shared piece to lib/ or components/ui/.`,
            })),
            { regex: climbsInto('app'), message: 'A feature may not import app/: app/ composes the features.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/hooks/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: climbsInto('features'),
              message: 'Shared code (components, lib, hooks) may not import a feature: features build on it, not the reverse.',
            },
            { regex: climbsInto('app'), message: 'Shared code (components, lib, hooks) may not import app/.' },
          ],
        },
      ],
    },
  },

  // Server layers: SQL lives in repositories. Drizzle (the query builder and its operators) and
  // the table objects of db/schema are imported by *.repository.ts, db/, the importers and
  // commands (bulk loads) and the db plugin; routes, services and other plugins reach the
  // database through a repository. The schema's row types may be imported anywhere.
  {
    files: ['apps/server/src/**'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/importers/**',
      'apps/server/src/commands/**',
      'apps/server/src/plugins/db.ts',
      // Providers whose store is a table (the blob table, the SMS outbox): a repository of that table.
      'apps/server/src/providers/blob/postgres-blob-store.ts',
      'apps/server/src/providers/sms/outbox-sms.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: "SQL belongs in a *.repository.ts: call the module's repository." }],
          patterns: [
            { group: ['drizzle-orm/*'], message: "SQL belongs in a *.repository.ts: call the module's repository." },
            {
              regex: '(^|/)db/schema/',
              allowTypeImports: true,
              message: 'Tables are queried in a *.repository.ts; import only the row types here (import type).',
            },
          ],
        },
      ],
    },
  },
);
