import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ServerAnswer, ServerKind, ServerQuestion } from '../http-server';
import { serverEnv } from './accelerator-kinds';

/** A benchmark server in a child process of its own (../http-server.js), and the questions the parent asks it. */
export interface ServerChild {
  kind: ServerKind;
  tools: number;
  /** Served from another checkout's build (BENCH_HTTP_BASE), for an A/B in one run. */
  base: boolean;
  url: string;
  /** The child's CPU time so far (user + system, µs). */
  cpu(): Promise<number>;
  /** The child's RSS and heap in bytes, after a full GC when `gc` is set. */
  memory(gc: boolean): Promise<{ rss: number; heapUsed: number }>;
  /** Starts V8's CPU profiler in the child; `profileStop` writes the profile to `file`. */
  profileStart(): Promise<void>;
  profileStop(file: string): Promise<void>;
  /** Starts counting the child's work; `workStop` returns JS function calls and bytes allocated since. */
  workStart(): Promise<void>;
  workStop(): Promise<{
    calls: number;
    bytes: number;
    callsByScript: Record<string, number>;
    bytesByScript: Record<string, number>;
  }>;
  /** Asks the child to exit cleanly, and waits for it. */
  stop(): Promise<void>;
  kill(): void;
}

/**
 * The `-young-1mb` kinds are their stack started with V8's young generation held at 1 MB semi-spaces (node's
 * default lets a burst grow them to 16 MB each, pages the process keeps until a GC shrinks them): what RSS
 * after a burst looks like when the young generation cannot grow, and what that costs in throughput.
 */
const YOUNG_1MB = ['--min-semi-space-size=1', '--max-semi-space-size=1'];

/** `baseRoot`: another checkout, built, whose own http-server.js serves the kind (an A/B within one run). */
export function startServer(
  kind: ServerKind,
  tools: number,
  execArgv: string[] = [],
  baseRoot?: string,
): Promise<ServerChild> {
  const young = kind.endsWith('-young-1mb') ? YOUNG_1MB : [];
  const script =
    baseRoot === undefined
      ? join(__dirname, '..', 'http-server.js')
      : join(baseRoot, 'tooling', 'benchmarks', 'dist', 'http-server.js');
  const child: ChildProcess = fork(script, [kind, String(tools)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['--expose-gc', ...young, ...execArgv],
    env: serverEnv(kind),
  });
  const ask = (question: ServerQuestion) =>
    new Promise<ServerAnswer>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${kind} server exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (answer: ServerAnswer) => {
        child.off('exit', onExit);
        if (answer.error) reject(new Error(`${kind} server: ${answer.error}`));
        else resolve(answer);
      });
      child.send(question);
    });
  return new Promise((resolve, reject) => {
    const early = (code: number | null) =>
      reject(new Error(`${kind} server (${tools} tools) exited before listening (${code})`));
    child.once('error', reject);
    child.once('exit', early);
    child.once('message', ({ url }: ServerAnswer) => {
      child.off('exit', early);
      if (!url) return reject(new Error(`${kind}: no url`));
      resolve({
        kind,
        tools,
        base: baseRoot !== undefined,
        url,
        cpu: async () => (await ask({ cmd: 'cpu' })).cpu!,
        memory: async (gc) => {
          const { rss, heapUsed } = await ask({ cmd: 'memory', gc });
          return { rss: rss!, heapUsed: heapUsed! };
        },
        profileStart: async () => void (await ask({ cmd: 'profile-start' })),
        profileStop: async (file) => void (await ask({ cmd: 'profile-stop', file })),
        workStart: async () => void (await ask({ cmd: 'work-start' })),
        workStop: async () => {
          const { calls, bytes, callsByScript, bytesByScript } = await ask({ cmd: 'work-stop' });
          return { calls: calls!, bytes: bytes!, callsByScript: callsByScript!, bytesByScript: bytesByScript! };
        },
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.send({ cmd: 'stop' } satisfies ServerQuestion);
          }),
        kill: () => {
          if (child.exitCode === null) child.kill();
        },
      });
    });
  });
}
