import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../../..');

/** The hook that runs workspace TypeScript sources in a spawned node (no build needed); shared with core's e2e tests. */
export const REGISTER = path.join(ROOT, 'packages/core/test/e2e/support/register-sources.cjs');
