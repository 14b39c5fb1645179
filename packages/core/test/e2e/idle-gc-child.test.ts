import { execFile } from 'node:child_process';
import path from 'node:path';

// listen's idle GC with V8's real gc, in spawned processes: started with --expose-gc, after a real burst the
// young generation comes back to rest and RSS falls; with `idleGcMs: false` it stays grown, so the fall is the
// idle GC's doing. Without --expose-gc, asking for it is refused and no V8 flag is touched: no global gets a gc.

const ROOT = path.resolve(__dirname, '../../../..');
const REGISTER = path.join(__dirname, 'support', 'register-sources.cjs');
const FIXTURE = path.join(__dirname, 'fixtures', 'idle-gc-burst.fixture.ts');
const MB = 1024 * 1024;

function run(args: string[], nodeFlags: string[] = []): Promise<Record<string, any>> {
  return new Promise((resolve, reject) => {
    const argv = [...nodeFlags, '-r', REGISTER, FIXTURE, ...args];
    execFile(process.execPath, argv, { cwd: ROOT, timeout: 55_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${args.join(' ')}: ${stderr || error.message}`)) : resolve(JSON.parse(stdout)),
    );
  });
}

interface Burst {
  requests: number;
  loaded: { young: number; rss: number };
  rest: { young: number; rss: number };
  restAfterMs: number;
}

describe('listen: the idle GC in a real process', () => {
  test('after a burst it gives the young generation back; without it the memory stays', async () => {
    // side by side, so both see the same machine; 1 s idle, then V8 shrinks at the second try (about 7 s)
    const [on, off] = (await Promise.all([
      run(['burst', '1000', '25000'], ['--expose-gc']),
      run(['burst', 'false', '12000'], ['--expose-gc']),
    ])) as [Burst, Burst];
    expect(on.requests).toBeGreaterThan(0);
    expect(on.loaded.young).toBeGreaterThanOrEqual(16 * MB);
    expect(on.rest.young).toBeLessThanOrEqual(2 * MB);
    expect(on.loaded.rss - on.rest.rss).toBeGreaterThan(10 * MB);
    expect(off.loaded.young).toBeGreaterThanOrEqual(16 * MB);
    expect(off.rest.young).toBeGreaterThanOrEqual(16 * MB);
  });

  test('without --expose-gc: idleGcMs is refused naming the fix, and no gc reaches a global, vm context or worker', async () => {
    expect(await run(['globals'])).toEqual({
      refused:
        "listen: idleGcMs needs V8's gc, which this process does not have: start Node with --expose-gc " +
        '(node --expose-gc server.js, or NODE_OPTIONS=--expose-gc), or leave idleGcMs out',
      global: 'undefined',
      vmContext: 'undefined',
      worker: 'undefined',
    });
  });

  test('a process started with --expose-gc keeps its gc everywhere, and may ask for the idle GC', async () => {
    expect(await run(['globals'], ['--expose-gc'])).toEqual({
      refused: null,
      global: 'function',
      vmContext: 'function',
      worker: 'function',
    });
  });
});
