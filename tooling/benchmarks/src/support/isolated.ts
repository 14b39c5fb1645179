import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Runner } from './measure';

/**
 * A variant in a child process of its own (support/slice-worker.js): its garbage, heap growth and JIT
 * state stay its own, so one variant's GC debt cannot land in another's slice. The parent still
 * interleaves the slices, so drift on a shared machine hits every variant alike. The child exits when
 * the parent disconnects or goes away.
 */
export function isolated(name: string, id: string): Promise<Runner> {
  const child: ChildProcess = fork(join(__dirname, 'slice-worker.js'), [id], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let seq = 0;
  const ask = <T>(message: Record<string, unknown>): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = ++seq;
      const onMessage = (reply: { seq?: number; error?: string } & T) => {
        if (reply.seq !== id) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (reply.error) reject(new Error(`${name}: ${reply.error}`));
        else resolve(reply);
      };
      const onExit = (code: number | null) => reject(new Error(`${name}: worker exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ ...message, seq: id });
    });
  return ask<{ ready: true }>({ cmd: 'ready' }).then(() => ({
    name,
    warm: async (ms) => (await ask<{ estimate: number }>({ cmd: 'warm', ms })).estimate,
    slice: (n) => ask<{ wall: number; cpu: number }>({ cmd: 'slice', n }),
    close: () => {
      child.kill();
    },
  }));
}
