import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A cross-process semaphore made of lock files: at most `count` holders in `dir` at once. The suite starts
 * every client scenario at the same moment (one process each); on a 2-core machine dozens of MCP clients
 * starting together starve each other (and the suite's mock servers) until OAuth flows time out. Each slot
 * file holds its owner's pid, so a slot left by a killed process is taken over.
 */
export async function acquireSlot(dir: string, count: number): Promise<() => void> {
  mkdirSync(dir, { recursive: true });
  for (;;) {
    for (let i = 0; i < count; i++) {
      const file = join(dir, `slot-${i}`);
      if (tryTake(file)) return () => release(file);
    }
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
  }
}

function tryTake(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch {
    if (!ownerAlive(file)) {
      try {
        unlinkSync(file); // stale: its owner is gone; whoever creates it next wins
      } catch {
        /* somebody else cleared it first */
      }
    }
    return false;
  }
}

function ownerAlive(file: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(file, 'utf8'));
  } catch {
    return true; // vanished or being written: not ours to judge
  }
  if (!Number.isInteger(pid) || pid <= 0) return true; // being written right now: retry later
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function release(file: string): void {
  try {
    if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
  } catch {
    /* already gone */
  }
}
