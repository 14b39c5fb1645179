import type { Page } from 'playwright-core';

/** What went wrong while one page loaded: console errors, uncaught errors, failed or refused requests. */
export function watchPage(page: Page, origin: string): { take(): string[] } {
  let problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'no reason';
    if (!request.url().startsWith(origin)) problems.push(`request leaving the site: ${request.url()}`);
    // The next page's navigation cancels the site's own prefetches of linked pages: not a failure (a missing
    // file is answered 404 and reported below).
    else if (reason !== 'net::ERR_ABORTED') problems.push(`failed request: ${request.url()} (${reason})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return {
    take() {
      const taken = problems;
      problems = [];
      return taken;
    },
  };
}

/** The same-origin links and images of the loaded page, as absolute URLs. */
export async function internalTargets(page: Page, origin: string): Promise<string[]> {
  const urls = await page.$$eval('a[href], img[src]', (elements) =>
    elements.map((e) => (e instanceof HTMLAnchorElement ? e.href : (e as HTMLImageElement).src)),
  );
  return urls.filter((url) => url.startsWith(`${origin}/`));
}

/** Waits for every Mermaid diagram of the page to be drawn (an `svg` inside each `.mermaid`). */
export async function diagramsDrawn(page: Page): Promise<void> {
  const diagrams = await page.locator('.mermaid').count();
  if (diagrams === 0) return;
  await page.waitForFunction((n) => document.querySelectorAll('.mermaid svg').length >= n, diagrams, {
    timeout: 15_000,
  });
}
