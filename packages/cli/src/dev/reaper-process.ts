import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ToReaper } from './dev-messages';

/**
 * Stops the dev loop's children when the dev process goes without stopping them (killed, or crashed): a
 * small process of its own (reaper-child) told about each child while it runs. A normal stop stops every
 * child first, then closes the reaper, which then has nothing left to do.
 */
export class ReaperProcess {
  private readonly child: ChildProcess;

  constructor() {
    this.child = fork(join(__dirname, 'reaper-child.js'), [], {
      detached: true,
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
  }

  /** Watches a child until it exits: `group` when it leads a process group of its own (killed as a whole). */
  watch(child: ChildProcess, signal: NodeJS.Signals, group = false): void {
    if (child.pid === undefined) return;
    const target = group ? -child.pid : child.pid;
    this.send({ type: 'watch', target, signal });
    // a group outlives its leader when the leader execs nothing and waits (TypeScript 7's tsc on Node < 22.15)
    if (!group) child.once('exit', () => this.send({ type: 'forget', target }));
  }

  /** Closes the channel: the reaper stops what is still watched, then exits. */
  close(): void {
    if (this.child.connected) this.child.disconnect();
  }

  private send(message: ToReaper): void {
    if (this.child.connected) this.child.send(message);
  }
}
