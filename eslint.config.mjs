// One lint configuration for the whole monorepo. Type-aware rules run against tsconfig.test.json, the one
// program that already covers every package's sources and tests, so the tree is parsed once.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'coverage/',
      'docs/api/',
      '.conformance/',
      '.inspector-check/',
      'docs/.vitepress/dist/',
      'docs/.vitepress/cache/',
      'docs/reference/api/',
      '.docs-check/',
      '**/.wrangler/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // class-validator, class-transformer and reflect-metadata key their records by `Function`; code that
      // reads them speaks the same type rather than casting at every call.
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // Bugs that only types reveal: a promise nobody awaits, or one handed where a plain callback is expected.
  {
    files: [
      'packages/*/src/**/*.ts',
      'packages/*/test/**/*.ts',
      'apps/*/src/**/*.ts',
      'apps/*/test/**/*.ts',
      'tooling/*/src/**/*.ts',
      'tooling/*/test/**/*.ts',
    ],
    ignores: ['packages/create-tessera/template/**'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.test.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // Library code: no `any` leaking into users' types, and files small enough to read in one sitting.
  {
    files: ['packages/*/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  // Tests and tooling may reach into loose shapes on purpose.
  {
    files: ['**/test/**/*.ts', 'apps/**/*.ts', 'tooling/**/*.ts', 'scripts/**', '**/*.config.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The packages' entries pick the one-file build or tsc's files at run time: CommonJS by nature.
  {
    files: ['packages/*/entry/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
