import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '.tsbuild/**', 'coverage/**', 'data/**', '.e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X } from 'm'` still loads m; for a contract module that would put zod into the browser.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Features do not import each other; contracts import nothing of the apps (STYLE.md).
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!\\.)', message: 'Features do not import each other.' },
            { regex: '^\\.\\./\\.\\./(app|shell|portal|features)/', message: 'Features import shared code only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/**', 'fastify', 'react'] }] },
  },
);
