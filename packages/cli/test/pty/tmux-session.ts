import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

let sessions = 0;

export interface TmuxOptions {
  cwd: string;
  width?: number;
  height?: number;
}

/**
 * One program in a real pseudo-terminal: a detached tmux session of fixed size on a private socket
 * (`tmux -L`), so nothing collides with another test or a user's tmux. Keys go in with `send-keys`, the screen
 * comes back with `capture-pane`. When the program ends, its exit status is printed as `[exit N]` and the
 * pane stays, so the last screen can still be read. `kill()` ends the tmux server and everything in it.
 */
export class TmuxSession {
  private socketPath: string | undefined;

  private constructor(private readonly socket: string) {}

  static start(command: string, options: TmuxOptions): TmuxSession {
    const socket = `tessera-cli-${process.pid}-${++sessions}`;
    const session = new TmuxSession(socket);
    const wrapped = `${command}; echo "[exit $?]"; sleep 600`;
    session.tmux(
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-s',
      'cli',
      '-x',
      String(options.width ?? 100),
      '-y',
      String(options.height ?? 30),
      '-c',
      options.cwd,
      wrapped,
    );
    session.socketPath = session.tmux('display-message', '-p', '#{socket_path}').trim();
    return session;
  }

  /** Named keys (`Enter`, `Down`, `Space`, `BSpace`, `C-c`) or literal text, as tmux send-keys takes them. */
  keys(...keys: string[]): void {
    this.tmux('send-keys', '-t', 'cli', ...keys);
  }

  /** Literal text, typed as is (no key-name lookup). */
  type(text: string): void {
    this.tmux('send-keys', '-t', 'cli', '-l', text);
  }

  /** The visible screen, lines the terminal wrapped joined again (-J), trailing blank lines removed. */
  screen(): string {
    return this.tmux('capture-pane', '-p', '-J', '-t', 'cli').replace(/\s+$/, '');
  }

  /** Waits until the screen matches; on timeout fails with the screen as it was. */
  async waitFor(pattern: string | RegExp, timeoutMs = 15000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (typeof pattern === 'string' ? screen.includes(pattern) : pattern.test(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`the screen never showed ${String(pattern)}; it shows:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Sends keys, then waits for what they should bring up. */
  async press(pattern: string | RegExp, ...keys: string[]): Promise<string> {
    this.keys(...keys);
    return this.waitFor(pattern);
  }

  /**
   * Kills the pane's whole process group (the command and every child it started, a server or a compiler
   * included): tmux's own hang-up can be ignored, this cannot.
   */
  killProcessGroup(): void {
    try {
      const pid = Number(this.tmux('display-message', '-p', '-t', 'cli', '#{pane_pid}').trim());
      if (pid > 0) process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  /** Ends the tmux server and everything in it, and removes its socket file (tmux may leave it behind). */
  kill(): void {
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
    if (this.socketPath) rmSync(this.socketPath, { force: true });
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }
}
