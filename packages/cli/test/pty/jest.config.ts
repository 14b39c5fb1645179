import { resolve } from 'node:path';
import type { Config } from 'jest';
import base from '../../../../jest.config';

// The pseudo-terminal tests (`npm run check:cli`): the built `tessera` in tmux, keys typed, screens read back.
// Kept out of `npm test`: they need tmux and the build, and wait on real screens.
const config: Config = {
  ...base,
  rootDir: resolve(__dirname, '../../../..'),
  roots: ['<rootDir>/packages/cli/test/pty'],
  testMatch: ['**/*.pty.ts'],
  testTimeout: 60000,
};

export default config;
