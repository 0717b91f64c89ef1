// ESLint for every workspace (flat config). Type-unaware rules only, so a run stays cheap on the
// shared 2-core machines; `make typecheck` covers the types.
import js from '@eslint/js';
import { fixupPluginRules } from '@eslint/compat';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/dist-ssr/',
    '.tools/',
    '.data/',
    'coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'bench/profiles/',
    // Scratch folders of make check-generated and check-contract-compat.
    '.generated-check/',
    '.sdk-generated-check/',
    '.contract-compat/',
    '**/.turbo/',
    // Made by `make generate` from openapi/; its hand-written transport is linted.
    'generated/**',
    '!generated/transport/',
    'sdk/src/generated/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // STYLE.md and issue 20: no `as never` casts to silence the type checker.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSNeverKeyword.typeAnnotation',
          message: 'No `as never`: type the value, or fix the declaration it is passed to.',
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        // A rest sibling is how an object is copied without some keys.
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // STYLE.md: named exports only.
      'no-restricted-exports': [
        'error',
        { restrictDefaultExports: { direct: true, named: true, defaultFrom: true } },
      ],
    },
  },
  {
    // Tools load these through their default export; declarations describe packages' own.
    files: ['**/*.config.{ts,js}', 'e2e/harness/global-setup.ts', '**/*.d.ts'],
    rules: { 'no-restricted-exports': 'off' },
  },
  {
    // Browser tests: the callbacks of page.evaluate run in the page.
    files: ['e2e/**', 'client/e2e-mock/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['client/src/**/*.{ts,tsx}', 'generated/transport/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['client/src/**/*.{ts,tsx}', '**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.tsx'],
    // jsx-a11y 6.10 still calls context methods ESLint 10 removed; the shim restores them.
    plugins: { 'jsx-a11y': fixupPluginRules(jsxA11y) },
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  // Last: turns off the rules that would fight Prettier's formatting.
  prettier,
);
