// @ts-check
/** @typedef {import('jest').Config} Config */


// SWC keeps the TypeScript transform fast; tsc runs separately as its own check.
/** @type {Config['transform']} */
const swc = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

/** @type {Config} */
const common = {
  transform: swc,
  moduleNameMapper: {
    '^@site/(.*)$': '<rootDir>/$1',
    '\\.(css|scss)$': 'identity-obj-proxy',
    '^@docusaurus/(Link|Head|useDocusaurusContext|BrowserOnly|useBaseUrl|ExecutionEnvironment|useIsBrowser|Translate|isInternalUrl|useBrokenLinks|router)$':
      '<rootDir>/tests/mocks/docusaurus/$1.tsx',
    '^@theme/(.*)$': '<rootDir>/tests/mocks/theme/$1.tsx',
  },
};

/** @type {Config} */
const config = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/unit/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/tests/setup/jest-dom.ts', '<rootDir>/tests/setup/dialog.ts'],
    },
    {
      ...common,
      displayName: 'api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/api/**/*.test.ts'],
      // `*.pg.test.ts` test PostgreSQL itself (several processes on one server, a lost connection):
      // they run in `api-pg` only, never as skipped tests here.
      testPathIgnorePatterns: ['/node_modules/', '\\.pg\\.test\\.ts$'],
      setupFilesAfterEnv: ['<rootDir>/tests/api/_lib/timeout.ts'],
    },
    {
      // The same API suites on PostgreSQL (a private server started once for the run). Tests of
      // SQLite's own machinery (group commit, WAL, read-only opening) are `*.sqlite.test.ts`, in `api` only.
      ...common,
      displayName: 'api-pg',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/api/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.sqlite\\.test\\.ts$'],
      globals: { API_TEST_ENGINE: 'postgres' },
      setupFilesAfterEnv: ['<rootDir>/tests/api/_lib/timeout.ts'],
      globalSetup: '<rootDir>/tests/api/_pg/globalSetup.ts',
      globalTeardown: '<rootDir>/tests/api/_pg/globalTeardown.ts',
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/e2e/**/*.e2e.ts'],
    },
  ],
};

module.exports = config;
