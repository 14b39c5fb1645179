import type { TaskStatus, TaskStatusEvent } from '@tessera/client';
import type { ProgressBar } from './progress-bar';
import { terminalSafe } from './terminal-safe';

const WORDS: Record<TaskStatus, string> = {
  working: 'working',
  input_required: 'waiting for your answer',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** How often the elapsed time is redrawn on a terminal. */
const TICK_MS = 1_000;

/** `42s`, `3m 05s`, `1h 02m`: short enough for a status line. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** One status line: `[task 1a2b3c4d] working - table 2 of 3 - 4s` (the server's message made terminal-safe). */
export function taskStatusText(
  event: Pick<TaskStatusEvent, 'taskId' | 'status' | 'statusMessage'>,
  elapsedMs: number,
): string {
  const id = terminalSafe(event.taskId).slice(0, 8);
  const message =
    event.statusMessage === undefined ? '' : ` - ${terminalSafe(event.statusMessage).replace(/\s+/g, ' ')}`;
  return `[task ${id}] ${WORDS[event.status]}${message} - ${formatElapsed(elapsedMs)}`;
}

/**
 * A task-backed call's live status line: status, status message and time since the task started, on the
 * progress line of stderr. On a terminal it is redrawn every second; otherwise one line per change (a log).
 * Kept off the screen while a question is asked, like the progress bar.
 */
export class TaskStatusLine {
  private last: TaskStatusEvent | undefined;
  private startedAt: number | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly line: ProgressBar,
    private readonly now: () => number = Date.now,
  ) {}

  /** The task as last reported, if the call became one. */
  get current(): TaskStatusEvent | undefined {
    return this.last;
  }

  update(event: TaskStatusEvent): void {
    this.last = event;
    this.startedAt ??= this.now();
    this.draw();
    const ended = event.status === 'completed' || event.status === 'failed' || event.status === 'cancelled';
    if (ended) this.stop();
    else if (this.ticker === undefined && this.line.live) {
      this.ticker = setInterval(() => this.draw(), TICK_MS);
      this.ticker.unref?.();
    }
  }

  stop(): void {
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private draw(): void {
    if (this.last === undefined) return;
    this.line.draw(taskStatusText(this.last, this.now() - this.startedAt!));
  }
}
