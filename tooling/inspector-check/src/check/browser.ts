import { chromium, type Page } from 'playwright-core';
import type { RunScope } from './run-scope';

/** The flags this project runs headless Chromium with (see the developers' guide). */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium on a fresh profile, closed with the run. Requests that leave the machine (the
 * Inspector page links web fonts) are refused: the check depends on nothing but loopback.
 */
export async function openBrowser(run: RunScope, executablePath: string): Promise<Page> {
  const profile = run.tempDir('tessera-inspector-chromium-');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1400, height: 900 },
    timeout: 30_000,
    // The check's own handlers stop everything in order on a signal; Playwright's would exit first.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  run.onStop(() => context.close());
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  return page;
}
