// Runs one workspace TypeScript file in a spawned node, from the repository root, without a build (through
// register-sources.cjs): how the examples' tests run their demos.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../../..');
const REGISTER = path.join(__dirname, 'register-sources.cjs');

export function runSource(file: string, timeout = 60_000): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['-r', REGISTER, file], { cwd: ROOT, encoding: 'utf8', timeout });
}
