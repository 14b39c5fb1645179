import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { AppSurface } from '@tessera/core/advanced';
import type { FromServer, ToServer } from './dev-messages';
import type { ReaperProcess } from './reaper-process';

export type LoadOutcome = { surface: AppSurface } | { refused: string };
export type ServeOutcome = { url: string } | { failed: string };

/** How long a stopping server may drain before it is killed: above the drainMs serve-child gives listen. */
const STOP_DEADLINE_MS = 12_000;

/**
 * One build's server: a child process that loads the entry, reports its surface, serves when told and drains
 * when stopped. In stdio mode its stdin and stdout are pipes the dev loop connects to its own.
 */
export class ServerProcess {
  private readonly child: ChildProcess;
  private readonly messages: FromServer[] = [];
  private readonly waiting: Array<() => void> = [];
  private stopRequested = false;
  readonly exited: Promise<number | null>;

  constructor(entry: string, exportName: string | undefined, stdio: boolean, reaper: ReaperProcess) {
    this.child = fork(join(__dirname, 'serve-child.js'), [entry, exportName ?? ''], {
      stdio: [stdio ? 'pipe' : 'ignore', stdio ? 'pipe' : 'inherit', 'inherit', 'ipc'],
    });
    // it drains on SIGTERM as on a stop message
    reaper.watch(this.child, 'SIGTERM');
    this.child.on('message', (message: FromServer) => {
      this.messages.push(message);
      this.waiting.splice(0).forEach((wake) => wake());
    });
    this.exited = new Promise((done) => {
      this.child.once('exit', (code) => {
        done(code);
        this.waiting.splice(0).forEach((wake) => wake());
      });
    });
  }

  get stdin(): NodeJS.WritableStream | null {
    return this.child.stdin;
  }

  get stdout(): NodeJS.ReadableStream | null {
    return this.child.stdout;
  }

  /** Whether stop() was called: its exit is expected. */
  get stopping(): boolean {
    return this.stopRequested;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Whether the entry loaded and createApp accepted it. */
  async loaded(): Promise<LoadOutcome> {
    const message = await this.next(['loaded', 'refused']);
    if (message?.type === 'loaded') return { surface: message.surface };
    if (message?.type === 'refused') return { refused: message.message };
    return { refused: 'the server process exited while loading the entry' };
  }

  /** Serves on the loopback port; resolves with the endpoint URL, or why it could not. */
  async serve(port: number): Promise<ServeOutcome> {
    this.send({ type: 'serve', port });
    const message = await this.next(['listening', 'serve-failed']);
    if (message?.type === 'listening') return { url: message.url };
    if (message?.type === 'serve-failed') return { failed: message.message };
    return { failed: 'the server process exited before it listened' };
  }

  serveStdio(): void {
    this.send({ type: 'serve-stdio' });
  }

  /** The server's own graceful stop (app.close(): calls in flight finish), killed if it takes too long. */
  async stop(): Promise<void> {
    this.stopRequested = true;
    if (!this.running) return;
    this.send({ type: 'stop' });
    const late = setTimeout(() => this.child.kill('SIGKILL'), STOP_DEADLINE_MS);
    await this.exited;
    clearTimeout(late);
  }

  /** Last resort when the dev process itself exits. */
  kill(): void {
    if (this.running) this.child.kill('SIGKILL');
  }

  private send(message: ToServer): void {
    if (this.child.connected) this.child.send(message);
  }

  private async next(types: FromServer['type'][]): Promise<FromServer | undefined> {
    for (;;) {
      const index = this.messages.findIndex((m) => types.includes(m.type));
      if (index !== -1) return this.messages.splice(index, 1)[0];
      if (!this.running) return undefined;
      await new Promise<void>((wake) => this.waiting.push(wake));
    }
  }
}
