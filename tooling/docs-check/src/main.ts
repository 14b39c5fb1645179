// npm run check:docs (after docs:build): the built site on loopback, every page opened in headless Chromium.
// Fails on a broken internal link, a failed asset request or a console error; screenshots of three pages.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ensureChromium } from './ensure-chromium';
import { diagramsDrawn, internalTargets, watchPage } from './page-problems';
import { screenshotDir, siteDir } from './paths';
import { SEARCH_QUESTIONS, searchResults } from './search-checks';
import { fileForPath, sitePages } from './site-files';
import { serveSite } from './static-server';

/** The pages a reviewer looks at first, saved as PNGs in `.docs-check/`. */
const SCREENSHOTS: Record<string, string> = {
  '/': 'home.png',
  '/guide/getting-started': 'getting-started.png',
  '/tasks/': 'tasks.png',
};

/** Pages opened at once, each in its own tab of one context. */
const TABS = 4;

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
];

async function main(): Promise<number> {
  if (!existsSync(join(siteDir, 'index.html')))
    throw new Error(`No built site at ${siteDir}: run npm run docs:build first`);
  const pages = sitePages(siteDir);
  for (const path of Object.keys(SCREENSHOTS))
    if (!pages.includes(path)) throw new Error(`The built site has no page ${path} to screenshot`);
  const executablePath = ensureChromium();
  mkdirSync(screenshotDir, { recursive: true });

  const site = await serveSite(siteDir);
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS, timeout: 30_000 });
  const failures: string[] = [];
  const checkedTargets = new Map<string, string>(); // target path -> first page linking it
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.route(
      (url) => !url.href.startsWith(site.url),
      (route) => route.abort(),
    );
    // A few tabs at once: a page's time is mostly waiting (its load, its diagrams), not the CPU.
    let next = 0;
    const openPages = async (page: Page, watch: ReturnType<typeof watchPage>): Promise<void> => {
      for (let i = next++; i < pages.length; i = next++) {
        const path = pages[i]!;
        if (i % 10 === 0) console.log(`docs-check: opening page ${i + 1} of ${pages.length} (${path})`);
        await page.goto(site.url + path, { waitUntil: 'load' });
        await diagramsDrawn(page).catch(() => failures.push(`${path}: a Mermaid diagram was not drawn`));
        for (const target of await internalTargets(page, site.url)) {
          const targetPath = new URL(target).pathname;
          if (!checkedTargets.has(targetPath)) checkedTargets.set(targetPath, path);
        }
        if (SCREENSHOTS[path]) await page.screenshot({ path: join(screenshotDir, SCREENSHOTS[path]), fullPage: true });
        for (const problem of watch.take()) failures.push(`${path}: ${problem}`);
      }
    };
    const tabs = await Promise.all(Array.from({ length: TABS }, () => context.newPage()));
    tabs.forEach((tab) => tab.setDefaultTimeout(15_000));
    const watches = tabs.map((tab) => watchPage(tab, site.url));
    await Promise.all(tabs.map((tab, i) => openPages(tab, watches[i]!)));
    const [page, watch] = [tabs[0]!, watches[0]!];
    for (const { query, page: expected } of SEARCH_QUESTIONS) {
      const found = await searchResults(page, site.url, query).catch((error: unknown) => [`error: ${String(error)}`]);
      if (!found.includes(expected))
        failures.push(`search "${query}": ${expected} not in the first results (${found.join(', ')})`);
      else console.log(`docs-check: search "${query}" finds ${expected}`);
      for (const problem of watch.take()) failures.push(`search "${query}": ${problem}`);
    }
    for (const [target, from] of checkedTargets)
      if (!fileForPath(siteDir, target)) failures.push(`${from}: broken internal link to ${target}`);
  } finally {
    await browser.close();
    await site.close();
  }
  console.log(`docs-check: ${pages.length} pages opened, ${checkedTargets.size} internal targets checked`);
  for (const failure of failures) console.error(`docs-check: ${failure}`);
  console.log(
    failures.length ? `docs-check: FAILED (${failures.length})` : `docs-check: ok; screenshots in ${screenshotDir}`,
  );
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`docs-check: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
