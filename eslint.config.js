import fs from 'node:fs';
import js from '@eslint/js';
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
    },
  },
  ...featureBoundaries,
);
