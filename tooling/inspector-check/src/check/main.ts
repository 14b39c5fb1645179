import 'reflect-metadata';
import { mkdirSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import type { Page } from 'playwright-core';
import { appSteps } from './app-steps';
import { openBrowser } from './browser';
import { connectSteps, type Target } from './connect-steps';
import { ensureChromium } from './ensure-chromium';
import { repoRoot, screenshotDir } from './paths';
import { mountSteps } from './mount-steps';
import { promptSteps } from './prompt-steps';
import { RunScope } from './run-scope';
import { startConcierge, startDashboard, startGateway, startInspector } from './services';
import { StepRunner } from './step-runner';
import { formPicture, oneQuestionSteps, taskSteps, threeRoundSteps } from './tool-steps';

/** The whole run, services and browser included, must end within this; past it everything is killed. */
const GLOBAL_TIMEOUT_MS = 240_000;

/**
 * `npm run check:inspector`: the concierge example over Streamable HTTP, the MCP Inspector's web UI on
 * loopback, and headless Chromium driving the UI through a tool with one question, a three-round flow and
 * a prompt that asks, on protocol 2026-07-28; then the dashboard MCP App (its view, a tool called back, a
 * question the view renders) and a gateway that mounts the concierge. One line per step; exit code 0 only
 * if every step passed. `--save-dashboard-picture` also refreshes the picture in the dashboard's README.
 */
async function main(): Promise<number> {
  const run = new RunScope();
  process.once('exit', () => run.killAllNow());
  rmSync(screenshotDir, { recursive: true, force: true });
  mkdirSync(screenshotDir, { recursive: true });
  console.log(`MCP Inspector check; screenshots in ${relative(repoRoot, screenshotDir)}/`);

  const target: Target = { pageUrl: '', servers: { concierge: '', dashboard: '', gateway: '' } };
  const uiSteps = [
    ...connectSteps(target),
    ...oneQuestionSteps(),
    ...threeRoundSteps(),
    ...taskSteps(),
    ...promptSteps(),
    ...appSteps(target, { saveToReadme: process.argv.includes('--save-dashboard-picture') }),
    ...mountSteps(target),
  ];
  const runner = new StepRunner(6 + uiSteps.length);
  const stopEarly = (reason: string) => {
    console.log(`FAIL ${reason}: stopping everything the check started`);
    runner.abort(reason);
    void run.stopAll().finally(() => process.exit(1));
  };
  const timeout = setTimeout(
    () => stopEarly(`the check did not finish within ${GLOBAL_TIMEOUT_MS / 1000} s`),
    GLOBAL_TIMEOUT_MS,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopEarly(`stopped by ${signal}`));
  let chromium = '';
  let page: Page | undefined;
  let token = '';
  try {
    await runner.step('Chromium installed', async () => (chromium = await ensureChromium(run)));
    await runner.step(
      'concierge server on Streamable HTTP',
      async () => (target.servers.concierge = await startConcierge(run)),
    );
    await runner.step(
      'dashboard server (apps/dashboard, an MCP App)',
      async () => (target.servers.dashboard = await startDashboard(run)),
    );
    await runner.step(
      'gateway server mounting the concierge (stdio child)',
      async () => (target.servers.gateway = await startGateway(run)),
    );
    await runner.step('MCP Inspector web UI on loopback', async () => {
      const inspector = await startInspector(run, target.servers);
      target.pageUrl = inspector.pageUrl;
      token = inspector.token;
      return `${inspector.origin}, protocol era "modern"`;
    });
    await runner.step('headless Chromium', async () => {
      page = await openBrowser(run, chromium);
      return chromium;
    });
    for (const step of uiSteps) await runner.step(step.name, () => step.run(page!), page);
    if (runner.failed) console.log(run.logTails([token]));
  } finally {
    await run.stopAll();
    clearTimeout(timeout);
  }
  if (runner.failed) {
    console.log(`MCP Inspector check FAILED at: ${runner.failed}`);
    return 1;
  }
  console.log(`MCP Inspector check: every step passed; the form alone is ${relative(repoRoot, formPicture)}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.log(`FAIL ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
