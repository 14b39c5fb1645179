import type { Config } from 'jest';

// Tests import the packages' sources directly (no build needed); `npm test` type-checks them with tsc first,
// so ts-jest only transpiles here.
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/apps'],
  testMatch: ['**/?(*.)test.ts'],
  // create-tessera's template holds a user project's tests (node --test), run by npm run check:scaffold.
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/packages/create-tessera/template/'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
  },
  moduleNameMapper: {
    '^@tessera/core/node$': '<rootDir>/packages/core/src/node',
    '^@tessera/(request-state|core|client|testing|redis)$': '<rootDir>/packages/$1/src',
  },
  setupFiles: ['reflect-metadata'],
  testTimeout: 20000,
};

export default config;
