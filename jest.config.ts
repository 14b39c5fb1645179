import type { Config } from 'jest';

// Tests import the packages' sources directly (no build needed); `npm test` type-checks them with tsc first,
// so ts-jest only transpiles here.
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/apps', '<rootDir>/tooling'],
  testMatch: ['**/?(*.)test.ts'],
  // create-tessera's template holds a user project's tests (node --test), run by npm run check:release.
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/packages/create-tessera/template/'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
    // jose ships ES modules only; Node loads them with require(), jest's module system needs them as CommonJS.
    '/node_modules/jose/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022', isolatedModules: true } },
    ],
    // ext-apps (the MCP Apps SDK) ships ES modules only, as jose does.
    '/node_modules/@modelcontextprotocol/ext-apps/dist/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022', isolatedModules: true } },
    ],
    // The SDK client loads jose with a dynamic import() (DPoP proofs, private_key_jwt), which jest's CommonJS
    // runtime refuses; compiled to CommonJS it becomes a require().
    '/node_modules/@modelcontextprotocol/client/dist/index\\.cjs$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022', isolatedModules: true } },
    ],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!jose/|@modelcontextprotocol/ext-apps/dist/|@modelcontextprotocol/client/dist/index\\.cjs$)',
  ],
  moduleNameMapper: {
    '^@tessera/core/node$': '<rootDir>/packages/core/src/node',
    '^@tessera/core/advanced$': '<rootDir>/packages/core/src/advanced',
    '^@tessera/core/validators$': '<rootDir>/packages/core/src/validators',
    '^@tessera/request-state/framework$': '<rootDir>/packages/request-state/src/framework',
    '^@tessera/(common|request-state|core|client|testing|redis|compose)$': '<rootDir>/packages/$1/src',
  },
  setupFiles: ['reflect-metadata'],
  // CI runs on a loaded 2-core machine where spawned servers and real services start slowly: a wide margin,
  // since a real hang still fails (and a per-test bound that matters is asserted in the test itself).
  testTimeout: 60000,
};

export default config;
