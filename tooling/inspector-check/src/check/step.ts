import type { Page } from 'playwright-core';

/** One visible step of the check: it drives the page and returns a short note for its line (or nothing). */
export interface Step {
  name: string;
  run(page: Page): Promise<string | void>;
}
