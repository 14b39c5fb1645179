import { readFileSync } from 'node:fs';
import { ProcessGroup } from '../src/check/process-group';

/** Running: it exists and is not a zombie (a killed orphan stays one until init reaps it). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function gone(pid: number): Promise<boolean> {
  for (let tries = 0; tries < 40 && alive(pid); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
  return !alive(pid);
}

describe('ProcessGroup (what the Inspector check starts)', () => {
  test('stop() ends the leader and what it spawned, and the output is kept with secrets blanked', async () => {
    // The leader prints its background child's pid, then waits; SIGTERM is ignored by neither.
    const group = new ProcessGroup(
      'sleeper',
      'bash',
      ['-c', 'sleep 30 & echo "child $! token s3cret"; wait'],
      process.env,
    );
    const [, pid] = await group.waitFor(/child (\d+)/, 5000);
    expect(alive(Number(pid))).toBe(true);
    await group.stop(2000);
    expect(group.running).toBe(false);
    expect(await gone(Number(pid))).toBe(true);
    expect(group.log(['s3cret'])).toContain('token <redacted>');
    expect(group.log(['s3cret'])).not.toContain('s3cret');
  });

  test('a process that ignores SIGTERM is killed after the grace period', async () => {
    const group = new ProcessGroup(
      'stubborn',
      'bash',
      ['-c', 'trap "" TERM; echo ready; while true; do sleep 0.1; done'],
      process.env,
    );
    await group.waitFor(/ready/, 5000);
    const started = Date.now();
    await group.stop(300);
    expect(await group.exitCode()).toBeNull();
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('waitFor fails clearly when the process exits before printing the line', async () => {
    const group = new ProcessGroup('quitter', 'bash', ['-c', 'echo bye'], process.env);
    await expect(group.waitFor(/listening/, 5000)).rejects.toThrow('quitter exited before printing /listening/');
  });
});
