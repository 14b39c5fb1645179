import { relative, join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot, screenshotDir } from './paths';

/**
 * Runs steps in order and prints one line each: `ok`, `FAIL` (with the reason) or `skip` (after a
 * failure, since every step builds on the one before). A step with a page leaves a screenshot, even when it fails.
 */
export class StepRunner {
  private done = 0;
  private failure: string | undefined;

  constructor(private readonly total: number) {}

  get failed(): string | undefined {
    return this.failure;
  }

  /** Stops the run: the step under way may still print its line, every later one is skipped. */
  abort(reason: string): void {
    this.failure ??= reason;
  }

  async step(name: string, run: () => Promise<string | void>, page?: Page): Promise<void> {
    const label = `${String(++this.done).padStart(2)}/${this.total} ${name}`;
    if (this.failure) {
      console.log(`skip ${label}`);
      return;
    }
    const started = Date.now();
    let note: string | void = undefined;
    let problem: string | undefined;
    try {
      note = await run();
    } catch (error) {
      problem = error instanceof Error ? error.message.split('\n')[0] : String(error);
      this.failure ??= `${name}: ${problem}`;
    }
    const picture = page && !page.isClosed() ? await this.screenshot(page, name) : '';
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (problem) console.log(`FAIL ${label} (${seconds} s): ${problem}${picture}`);
    else console.log(`ok   ${label}${note ? ` -> ${note}` : ''} (${seconds} s)${picture}`);
  }

  private async screenshot(page: Page, name: string): Promise<string> {
    const file = join(
      screenshotDir,
      `${String(this.done).padStart(2, '0')}-${name
        .replace(/[^a-z0-9]+/gi, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase()
        .slice(0, 60)}.png`,
    );
    try {
      // Finished transitions: the picture shows the state the step checked, not a frame of an animation.
      await page.screenshot({ path: file, timeout: 5000, animations: 'disabled' });
      return `  [${relative(repoRoot, file)}]`;
    } catch {
      return '  [no screenshot]';
    }
  }
}
