import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { appFrame } from './app-frame';
import type { Target } from './connect-steps';
import { dashboardReadmePicture, screenshotDir } from './paths';
import { connectServer } from './server-cards';
import type { Step } from './step';
import { expectResult } from './tool-steps';
import { expectVisible, openDialog, openTab } from './ui';

/** The dashboard in the Inspector, after its view called a tool back (the picture in the dashboard's README). */
export const dashboardPicture = join(screenshotDir, 'dashboard.png');

/**
 * How long an app's view may take: it loads two frames deep from the sandbox's own origin, and an answer
 * given in it crosses the view, the Inspector and the server; on a loaded CI machine that takes seconds.
 */
const VIEW_TIMEOUT_MS = 30_000;

/** The question as the view renders it in the Inspector's app elicitation dialog, filled. */
export const appQuestionPicture = join(screenshotDir, 'app-question.png');

/** What the check does with the dashboard picture: keep it with the screenshots, or refresh the README's too. */
export interface PictureOptions {
  saveToReadme: boolean;
}

/**
 * `apps/dashboard` in the Inspector's Apps tab: its view renders in the iframe, calls `load_stats` back
 * through the host and shows the answer; then `set_alert`'s question, rendered by the same view (SEP-3118),
 * answered inside it.
 */
export function appSteps(target: Target, pictures: PictureOptions): Step[] {
  let view: Frame | undefined;
  let question: Frame | undefined;
  return [
    {
      name: 'connect to the dashboard, an MCP Apps server',
      run: (page) => connectServer(page, target.servers, 'dashboard'),
    },
    {
      name: 'Apps tab: show_dashboard is listed as an app',
      run: async (page) => {
        await openTab(page, 'Apps');
        await expectVisible(page.getByText(/^MCP Apps \(\d+\)$/), 'the heading "MCP Apps (n)"');
        await expectVisible(page.getByText('show_dashboard', { exact: true }), 'the app show_dashboard');
        return 'show_dashboard';
      },
    },
    {
      name: 'open show_dashboard: its view renders the numbers in the iframe',
      run: async (page) => {
        await page.getByText('show_dashboard', { exact: true }).first().click();
        view = await appFrame(page, '[data-testid=stats] .tile', 'the dashboard tiles', VIEW_TIMEOUT_MS);
        const tiles = (await view.locator('[data-testid=stats]').innerText()).replace(/\s+/g, ' ').trim();
        for (const name of ['requests', 'errors', 'p95Ms'])
          if (!new RegExp(`${name} \\d+`).test(tiles)) throw new Error(`the view shows no "${name}" tile: "${tiles}"`);
        return tiles;
      },
    },
    {
      name: 'Refresh in the view: load_stats called back through the host',
      run: async (page) => {
        await view!.locator('[data-testid=refresh]').click();
        await expectVisible(
          view!.getByText('refreshed by the view', { exact: true }),
          'the view saying it refreshed',
          VIEW_TIMEOUT_MS,
        );
        await page.screenshot({ path: dashboardPicture, animations: 'disabled' });
        if (pictures.saveToReadme) copyFileSync(dashboardPicture, dashboardReadmePicture);
        return 'refreshed by the view';
      },
    },
    {
      name: 'call set_alert: the dashboard view renders its question (SEP-3118)',
      run: async (page) => {
        await openTab(page, 'Tools');
        await page.getByText('set_alert', { exact: true }).first().click();
        await page.getByRole('button', { name: 'Execute Tool' }).click();
        await expectVisible(
          page.getByTestId('app-elicitation'),
          "the Inspector's app-rendered elicitation",
          VIEW_TIMEOUT_MS,
        );
        question = await appFrame(page, '[data-testid=question]', "the view's question form", VIEW_TIMEOUT_MS);
        await expectVisible(
          question.getByText('Alert at how many errors a minute?', { exact: true }),
          'the question in the view',
        );
        // the dashboard's AlertThreshold, as the view draws it from the question's schema
        const description = 'Alert once the service reaches this many errors a minute';
        await expectVisible(question.getByText(description, { exact: true }), `the description "${description}"`);
        if (await openDialog(page).isVisible()) throw new Error("the Inspector's own form showed too");
        await question.getByLabel('Errors a minute').fill('7');
        await page.getByTestId('app-elicitation').screenshot({ path: appQuestionPicture, animations: 'disabled' });
        return 'Errors a minute: 7';
      },
    },
    {
      name: 'save it in the view: set_alert returns its result',
      run: async (page) => {
        await question!.getByRole('button', { name: 'Save' }).click();
        return expectResult(page, 'Alert set at 7 errors a minute.', VIEW_TIMEOUT_MS);
      },
    },
  ];
}
