// Runs one workspace TypeScript file in a spawned node, from the repository root, without a build (through
// register-sources.cjs): how the examples' tests run their demos, and how the loading tests look at a fresh process.
import { execFile, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../../..');
const REGISTER = path.join(__dirname, 'register-sources.cjs');

export function runSource(file: string, timeout = 60_000): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['-r', REGISTER, file], { cwd: ROOT, encoding: 'utf8', timeout });
}

/** How a spawned node ended: its exit code (1 when it was killed) and what it wrote. */
export interface SourceRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `node [flags] -r register-sources.cjs ...args`, without blocking the test's event loop: `args` is what follows
 * on node's command line (a file and its arguments, more `-r` preloads first, or `-e` and a script).
 */
export function runSourceAsync(
  args: string[],
  { flags = [], timeout = 60_000, env }: { flags?: string[]; timeout?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<SourceRun> {
  return new Promise((resolve) => {
    const options = { cwd: ROOT, timeout, ...(env ? { env: { ...process.env, ...env } } : {}) };
    execFile(process.execPath, [...flags, '-r', REGISTER, ...args], options, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
