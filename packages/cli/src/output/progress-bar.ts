import type { Progress } from '@modelcontextprotocol/client';

const WIDTH = 30;

/** The text of one progress line: a bar with a percentage when the total is known, else the count so far. */
export function progressLine(progress: Progress): string {
  const message = progress.message ? ` ${progress.message}` : '';
  if (progress.total === undefined || !(progress.total > 0)) return `progress ${progress.progress}${message}`;
  const ratio = Math.min(1, Math.max(0, progress.progress / progress.total));
  const filled = Math.round(ratio * WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${Math.round(ratio * 100)}% (${progress.progress}/${progress.total})${message}`;
}

/**
 * Progress notifications (and a task's status) drawn on one line of stderr, redrawn in place on a terminal,
 * one line per update otherwise (a log). `clear` ends the line so that prompts and messages start on a clean row.
 */
export class ProgressBar {
  private shown = false;
  /** Questions on screen; progress arriving meanwhile (a 2025 push mid-call) would draw over the prompt. */
  private holds = 0;

  constructor(private readonly stream: NodeJS.WriteStream) {}

  update(progress: Progress): void {
    this.draw(progressLine(progress));
  }

  /** Whether the line is redrawn in place (a terminal), rather than written as a new line each time. */
  get live(): boolean {
    return this.stream.isTTY === true;
  }

  /** Shows `line` as the current line (a task's status line uses it too); nothing while a question is shown. */
  draw(line: string): void {
    if (this.holds > 0) return;
    if (!this.live) {
      this.stream.write(`${line}\n`);
      return;
    }
    this.stream.write(`\r\x1b[2K${line.slice(0, Math.max(10, (this.stream.columns ?? 80) - 1))}`);
    this.shown = true;
  }

  /** Clears the bar and keeps it off the screen until `task` settles (a prompt is being shown). */
  async holdDuring<T>(task: () => Promise<T>): Promise<T> {
    this.clear();
    this.holds++;
    try {
      return await task();
    } finally {
      this.holds--;
    }
  }

  /** Ends the bar's line (the last state stays visible). */
  clear(): void {
    if (!this.shown) return;
    this.stream.write('\n');
    this.shown = false;
  }
}
