import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Features never import each other: shared code goes to components/, lib/ or common/. */
const features = fs.existsSync('web/src/features') ? fs.readdirSync('web/src/features') : [];
const useAlias = { group: ['../../*'], message: 'Use the @/ alias.' };
const featureBoundaries = features
  .map((feature) => ({ feature, others: features.filter((other) => other !== feature) }))
  .filter(({ others }) => others.length > 0)
  .map(({ feature, others }) => ({
    files: [`web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            useAlias,
            {
              group: others.map((other) => `@/features/${other}/**`),
              message: 'Features never import each other; move shared code to components/, lib/ or common/.',
            },
          ],
        },
      ],
    },
  }));

// How import-x reads TypeScript files to follow their imports (it resolves paths by tsconfig below).
const { 'import-x/resolver': _resolver, ...readTypeScript } = importX.flatConfigs.typescript.settings;

/** Imports point one way: common ← shared web code (components, lib, config) ← features ← app. */
const layers = {
  files: ['**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    ...readTypeScript,
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        project: ['tsconfig.json', 'web/tsconfig.json', 'e2e/tsconfig.json'],
        noWarnOnMultipleProjects: true,
      }),
    ],
  },
  rules: {
    'import-x/no-cycle': 'error',
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          {
            target: './common',
            from: ['./server', './web', './e2e', './bench'],
            message: 'common/ holds the rules both sides share: it imports neither side.',
          },
          ...['components', 'lib', 'config'].map((shared) => ({
            target: `./web/src/${shared}`,
            from: ['./web/src/features', './web/src/app'],
            message: 'Shared console code never imports a feature or the app.',
          })),
          {
            target: './web/src/features',
            from: './web/src/app',
            message: 'Features never import the app: the app (router, layout) assembles them.',
          },
        ],
      },
    ],
  },
};

/**
 * The server's floors, top to bottom (decision 0074). A file imports from its own room and from the
 * floors below; never from a floor above, nor from another room on its own floor.
 */
const serverFloors = [
  ['index.ts', 'scripts'], // launchers: the server process, the command-line scripts
  ['context.ts'], // builds every part from the configuration
  ['app.ts'], // the one Hono app: middleware in order, every route mounted
  ['routes'], // /api/v1
  ['http'], // middleware and request helpers: sessions, limits, input checks, errors, downloads
  ['auth'], // Better Auth: its configuration, our plugins, two-factor, guest upgrades
  ['audit', 'mail'], // the audit trail; mail and its templates
  ['db'], // the database: connection, schema, migrations, locks
  ['env.ts'], // the configuration, read from the environment
  ['lib', 'env-values.ts'], // helpers that know no room above: logging, metrics, limits; reading settings
];
const inServer = (room) => `./server/src/${room}`;
const floorsInOrder = serverFloors.map((floor) => floor.join(', ')).join(' → ');
/** Product code in server/src keeps to its floors (its tests beside it may reach anywhere). */
const serverFloorRule = {
  files: ['server/src/**/*.ts'],
  ignores: ['**/*.test.ts'],
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: serverFloors.flatMap((floor, level) =>
          floor.map((room) => ({
            target: inServer(room),
            from: [...serverFloors.slice(0, level).flat(), ...floor.filter((other) => other !== room)].map(inServer),
            message: `Server imports only go down a floor (${floorsInOrder}): move what both need below them.`,
          })),
        ),
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', 'data/**', '.e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': ['error', { patterns: [useAlias] }],
      // The console is typed from the server's routes, and never ships the server's code.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#api-routes'],
              allowTypeImports: true,
              message: 'The server routes are a type for the console: `import type`, never its code.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Query keys come from queryKeys (web/src/lib/query-keys.ts).',
        },
      ],
    },
  },
  {
    // The product never leans on test support: tests beside the code may, the code itself may not.
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `#test/*` is test support's import alias (package.json); the paths catch relative imports.
              regex: '^(#test/|(\\.\\.?/)+(.*/)?(test|security)/)',
              message: 'Product code never imports test support (server/test) or the attack suite (server/security).',
            },
          ],
        },
      ],
    },
  },
  layers,
  serverFloorRule,
  ...featureBoundaries,
);
