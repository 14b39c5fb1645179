// Remote servers for the mount tests, each in a process of its own, started from the workspace's sources
// (no build) with core's test loader, and always killed at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../../..');
export const REGISTER = path.join(ROOT, 'packages/core/test/e2e/support/register-sources.cjs');

export function fixture(name: string): string {
  return path.join(__dirname, '../fixtures', name);
}

export interface SpawnedHttpRemote {
  url: string;
  stop(): Promise<void>;
}

/** Starts an HTTP fixture on a free loopback port and waits for the URL it prints. */
export function spawnHttpRemote(file: string): Promise<SpawnedHttpRemote> {
  const child = spawn(process.execPath, ['-r', REGISTER, fixture(file)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ url: line.trim(), stop: () => stopChild(child) });
    });
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before serving: ${errors}`)));
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
