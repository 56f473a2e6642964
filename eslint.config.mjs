import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import noModuleCycle from './eslint-rules/no-module-cycle.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      '**/.nx/**',
      '**/playwright-report/**',
      '**/test-results/**',
      '**/.prerender/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.cjs', '**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Workers the shell serves as they are (e.g. public/intl-warmup.js).
    files: ['shell/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.worker } },
  },
  {
    files: [
      'shell/**/*.{ts,tsx}',
      'mf-*/**/*.{ts,tsx}',
      'libs/ui/**/*.{ts,tsx}',
      'libs/platform/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // One router across Module Federation: router APIs come from @waypoint/platform (libs/platform/src/router.ts).
    // The build-time renderer (libs/platform/src/ssr) runs in Node, outside Module Federation, and needs the
    // StaticRouter.
    files: [
      'shell/**/*.{ts,tsx}',
      'mf-*/**/*.{ts,tsx}',
      'libs/ui/**/*.{ts,tsx}',
      'libs/platform/**/*.{ts,tsx}',
    ],
    ignores: [
      'libs/platform/src/router.ts',
      'libs/platform/src/ssr/**',
      '**/*.test.{ts,tsx}',
      '**/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router-dom', 'react-router'].map((name) => ({
            name,
            message:
              'Import router APIs from @waypoint/platform (one router across Module Federation).',
          })),
          patterns: [
            {
              group: ['react-router/*', 'react-router-dom/*'],
              message: 'Import router APIs from @waypoint/platform.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every string a request carries goes through text() of libs/contracts/src/primitives.ts (no NUL, no broken
    // Unicode), so the rule lives in one place.
    files: ['libs/contracts/src/**/*.ts', 'services/api/src/**/*.routes.ts'],
    ignores: ['libs/contracts/src/primitives.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Use text() from @waypoint/contracts (primitives.ts) instead of z.string().',
        },
      ],
    },
  },
  // The API's layers (docs/architecture.md): routes → service → repo. Routes speak HTTP and call services;
  // services hold the product's rules and call repos; repos hold the queries. Rows reach services as the types of
  // src/db/rows.ts, never through the schema.
  {
    files: ['services/api/src/**/*.routes.ts', 'services/api/src/plugins/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*'],
              message: 'Routes and plugins do not query: call a service (queries live in repos).',
            },
            { group: ['**/*.repo'], message: 'Routes and plugins call services, never repos.' },
          ],
        },
      ],
    },
  },
  {
    files: ['services/api/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*'],
              message:
                "Services do not build queries: add one to the module's repo (row types come from db/rows).",
            },
            {
              group: ['**/plugins/*', '**/*.routes', 'fastify', 'fastify/*', '@fastify/*'],
              message:
                'Services know nothing of HTTP: routes pass them what the request says (user, caller, input).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['services/api/src/modules/**/*.repo.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.service', '**/*.routes', '**/plugins/*', 'fastify', '@fastify/*'],
              message: 'Repos only query: they never call services, routes or plugins.',
            },
          ],
        },
      ],
    },
  },
  // The API's modules (docs/architecture.md) call each other one way only, and through services: a module's repo
  // is its own (the audit log's writer, recordAudit, is the one every module calls). A cycle between two modules,
  // direct or through others, is an error; import-x's no-cycle also refuses a cycle between single files.
  {
    files: ['services/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX, waypoint: { rules: { 'no-module-cycle': noModuleCycle } } },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../*/*.repo',
                '../../*/*.repo',
                '!../audit/audit.repo',
                '!../../audit/audit.repo',
              ],
              message:
                "Another module's repo is its own: call a function of that module's service (row types come from db/rows).",
            },
          ],
        },
      ],
      'waypoint/no-module-cycle': [
        'error',
        { modulesDir: fileURLToPath(new URL('./services/api/src/modules', import.meta.url)) },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Plugins and lib/ are the API's shared machinery, below every module: they import none. What a plugin needs of
    // a module, the app gives it when it registers the plugin (app.ts).
    files: ['services/api/src/plugins/**/*.ts', 'services/api/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message:
                'Plugins and lib/ import no module: take what a module provides as an argument, given by app.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/scripts/**', '**/*.config.{js,mjs,cjs,ts}', 'playwright/**'],
    rules: { 'no-console': 'off' },
  },
);
