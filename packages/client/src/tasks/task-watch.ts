import type { Sleep } from '../rounds/sleep';
import type { TaskInfo } from './task-wire.types';

/**
 * The waits of one task's poll loop, cut short by news of the task: a `notifications/tasks` heard on a listen
 * stream, or the stream's opening (a change made before it was acknowledged went unheard). Without news a
 * wait lasts its full time, so the loop polls exactly as it would without a stream, and goes on doing so
 * when the stream drops.
 */
export class TaskWatch {
  /** The latest task a notification reported and the loop has not looked at yet. */
  private news: TaskInfo | 'look' | undefined;
  private wake: AbortController | undefined;

  constructor(private readonly sleep: Sleep) {}

  /** A notification of the task: wakes the loop if it tells something the loop has not seen. */
  heard(task: TaskInfo | 'look'): void {
    this.news = task;
    this.wake?.abort();
  }

  /**
   * Waits `ms` (through the client's `sleep`), or less if news arrives meanwhile or arrived since the last
   * wait and differs from `last`, the task as the loop saw it. Rejects only when `signal` fires.
   */
  async wait(ms: number, signal: AbortSignal, last: TaskInfo | undefined): Promise<void> {
    if (this.isNews(last)) {
      this.news = undefined;
      return;
    }
    const wake = new AbortController();
    this.wake = wake;
    try {
      await this.sleep(ms, AbortSignal.any([signal, wake.signal]));
    } catch (error) {
      if (signal.aborted || !wake.signal.aborted) throw error;
    } finally {
      this.wake = undefined;
      this.news = undefined;
    }
  }

  private isNews(last: TaskInfo | undefined): boolean {
    const news = this.news;
    if (news === undefined) return false;
    if (news === 'look' || last === undefined) return true;
    return (
      news.status !== last.status ||
      news.statusMessage !== last.statusMessage ||
      news.lastUpdatedAt !== last.lastUpdatedAt
    );
  }
}
