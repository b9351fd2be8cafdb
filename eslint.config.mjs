// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Browser and shared code never import the server: wire types both sides use live in src/schemas. */
const NO_SERVER = {
  regex: '(^|/)api-server(/|$)',
  message: 'Code under src/ does not import api-server/: put shared wire types in src/schemas (or src/data) and import them from both sides.',
};

export default tseslint.config(
  { ignores: ['build/', '.builds/', 'dist-server/', '.docusaurus/', 'node_modules/', 'coverage/', 'screenshots/', 'tests/.artifacts/', 'static/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      'no-control-regex': 'off',
    },
  },
  // Boundaries (README, Architecture): the server and the shared domain code run without the
  // browser folders, and components render through the public @theme aliases only.
  {
    files: ['api-server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(lib|components|pages|theme)(/|$)',
              message: 'The server imports only shared domain code (src/data, src/schemas, src/domain), never browser folders.',
            },
            {
              group: ['@theme/*', '@theme-original/*', '@theme-init/*', '@docusaurus/*', 'react', 'react/*', 'react-dom', 'react-dom/*'],
              message: 'The server does not import the site framework or React.',
            },
          ],
        },
      ],
    },
  },
  // A later block's options for the same rule replace these, so each block below repeats NO_SERVER.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_SERVER] }] },
  },
  {
    files: ['src/data/**/*.ts', 'src/schemas/**/*.ts', 'src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // yaml: the OpenAPI download is generated from the endpoint data; it is plain JS for both sides.
              regex: '^(?!\\.|zod$|yaml$)',
              message: 'Shared domain code imports only itself, zod and yaml, so both the server and the browser can load it.',
            },
            {
              regex: '^(\\.\\./)+(lib|components|pages|theme|plugins|css)(/|$)',
              message: 'Shared domain code imports only src/data, src/schemas and src/domain.',
            },
            NO_SERVER,
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/theme(/|$)|^(\\.\\./)+theme(/|$)',
              message: 'Components use the public @theme/* aliases, not files under src/theme.',
            },
            NO_SERVER,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
