import { spawn, type ChildProcess } from 'node:child_process';

const OUTPUT_KEPT = 64 * 1024;

/**
 * A child started as the leader of its own process group, so that stopping it also stops everything it
 * spawned (the Inspector forks helpers). Its output is kept (the last 64 KB) for diagnostics, never
 * echoed: some programs print secrets (the Inspector prints its API token).
 */
export class ProcessGroup {
  private output = '';
  private readonly exited: Promise<number | null>;
  private child: ChildProcess;

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code) => resolve(code));
      this.child.once('error', (error) => {
        keep(Buffer.from(`spawn failed: ${error.message}\n`));
        resolve(null);
      });
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null && this.child.pid !== undefined;
  }

  /** What the process printed so far, with the given secrets blanked out. */
  log(secrets: string[] = []): string {
    return secrets.filter(Boolean).reduce((text, secret) => text.split(secret).join('<redacted>'), this.output);
  }

  /** Resolves when the process has exited, with its exit code (null when killed by a signal or never started). */
  exitCode(): Promise<number | null> {
    return this.exited;
  }

  /** Resolves with the first match of `pattern` in the output; rejects if the process exits first or time runs out. */
  async waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = this.output.match(pattern);
      if (match) return match;
      if (!this.running) throw new Error(`${this.name} exited before printing ${pattern}`);
      if (Date.now() > deadline) throw new Error(`${this.name} did not print ${pattern} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** SIGTERM to the whole group, SIGKILL after `graceMs` if anything is left. */
  async stop(graceMs = 3000): Promise<void> {
    if (!this.signal('SIGTERM')) return;
    const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), graceMs).unref());
    if ((await Promise.race([this.exited, timer])) === 'late') this.signal('SIGKILL');
    // The leader may be gone while members of its group linger: make sure of them too.
    this.signal('SIGKILL');
  }

  /** Synchronous last resort (process exit handlers): kill the group outright. */
  killNow(): void {
    this.signal('SIGKILL');
  }

  private signal(signal: NodeJS.Signals): boolean {
    if (this.child.pid === undefined) return false;
    try {
      process.kill(-this.child.pid, signal);
      return true;
    } catch {
      return false; // the group no longer exists
    }
  }
}
