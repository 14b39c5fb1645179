import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessGroup } from './process-group';

/**
 * Everything one check run starts (process groups, temporary folders, a browser), so that one call stops
 * it all whatever happened: success, a failed step, the global timeout or a signal.
 */
export class RunScope {
  private readonly groups: ProcessGroup[] = [];
  private readonly folders: string[] = [];
  private readonly closers: Array<() => Promise<void>> = [];
  private stopping: Promise<void> | undefined;

  start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): ProcessGroup {
    const group = new ProcessGroup(name, command, args, env);
    this.groups.push(group);
    return group;
  }

  tempDir(prefix: string): string {
    const folder = mkdtempSync(join(tmpdir(), prefix));
    this.folders.push(folder);
    return folder;
  }

  onStop(close: () => Promise<void>): void {
    this.closers.push(close);
  }

  /**
   * Stops in reverse order of start (the browser before the Inspector before the server), each at most a few
   * seconds. Called from several places (the end of the run, the global timeout, a signal): they share one stop.
   */
  stopAll(): Promise<void> {
    this.stopping ??= this.stopEverything();
    return this.stopping;
  }

  private async stopEverything(): Promise<void> {
    for (const close of this.closers.splice(0).reverse()) {
      await Promise.race([close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    }
    for (const group of this.groups.splice(0).reverse()) await group.stop();
    for (const folder of this.folders.splice(0)) {
      try {
        rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // A leftover temporary folder is not worth failing the check for.
      }
    }
  }

  /** The last lines each process printed, secrets blanked out: what to show when a step failed. */
  logTails(secrets: string[], lines = 15): string {
    return this.groups
      .filter((group) => group.log().trim() !== '')
      .map(
        (group) =>
          `--- last output of ${group.name}:\n${group.log(secrets).trimEnd().split('\n').slice(-lines).join('\n')}`,
      )
      .join('\n');
  }

  /** Synchronous last resort, for process exit: kill every group still there. */
  killAllNow(): void {
    for (const group of this.groups) group.killNow();
  }
}
