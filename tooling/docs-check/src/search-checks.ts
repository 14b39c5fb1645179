import type { Page } from 'playwright-core';

/** Questions a newcomer asks, each answered by one page the site's search must find. */
export const SEARCH_QUESTIONS: ReadonlyArray<{ query: string; page: string }> = [
  { query: 'add a guard', page: '/guide/pipeline' },
  { query: 'asking inside a task', page: '/tasks/asking' },
  { query: 'several instances', page: '/serving/several-instances' },
  { query: 'mounting express', page: '/serving/mounting' },
];

/**
 * Types the query into the site's local search box and returns the pages of the first results (their paths,
 * without the fragment).
 */
export async function searchResults(page: Page, siteUrl: string, query: string): Promise<string[]> {
  await page.goto(`${siteUrl}/`, { waitUntil: 'load' });
  // The search box is loaded on the first click: on a busy machine the click may land before it can open.
  const input = page.locator('.VPLocalSearchBox input');
  for (let attempt = 1; ; attempt++) {
    await page.locator('button.DocSearch-Button').first().click();
    const opened = await input.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (opened) break;
    if (attempt === 3) throw new Error('the search box did not open after three clicks');
  }
  await input.fill(query);
  const results = page.locator('.VPLocalSearchBox a.result');
  await results.first().waitFor({ timeout: 10_000 });
  const hrefs = await results.evaluateAll((links) => links.slice(0, 5).map((a) => (a as HTMLAnchorElement).href));
  await page.keyboard.press('Escape');
  return hrefs.map((href) => new URL(href).pathname.replace(/\.html$/, ''));
}
