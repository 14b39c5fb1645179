// npm run check:toolchains: Tessera on the toolchains users have. Node 22, 24 and 26 (pinned, installed from npm
// once per version) each run the apps' demos, the scaffolded project's tests, ESM and CommonJS consumer
// projects' flows and a set of the packages' end-to-end tests; TypeScript 5.9 and 7 each compile the scaffolded
// project (tests run again) and both consumers, under TypeScript 7's `tsc --init` settings and the scaffold's,
// with the published .d.ts files type-checked (`skipLibCheck: false`); and TypeScript 7 type-checks the
// repository's own sources and tests. The packages come from this clone, packed as npm publishes them.
// After the packing, the steps run as legs side by side (CHECK_LEGS_AT_ONCE, default 2), each leg's lines printed
// as one block in a fixed order; nothing one leg writes is another's (a copy of the scaffolded project, a jest
// cache and a conformance results folder per Node leg). Prints one line per step; exits non-zero on any failure,
// after stopping every process the other legs started; temporary projects are removed whatever happens.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildAndPack, freshTempDir, removeDir, ROOT, step } from '../check-packages/support.mjs';
import { compileConsumer, consumerBuilds, consumersTypescript7, installConsumers, runFlow } from './consumers.mjs';
import { installNode } from './install-node.mjs';
import { assertMatrixDocumented, MATRIX_PAGE } from './documented-matrix.mjs';
import { runCaptured, stopAll } from './run-captured.mjs';
import { runLegs } from './run-legs.mjs';
import {
  copyProject,
  installedTypescript,
  otherTypescriptVersions,
  scaffoldProject,
  testProject,
  useTypescript,
} from './scaffold.mjs';
import { NODE_VERSIONS, TYPESCRIPT_VERSIONS } from './versions.mjs';

/** The apps whose demo runs a whole flow in one process and exits 0 only when it completed. */
const DEMOS = ['briefing', 'deployer', 'provisioner'];

/** End-to-end tests that cover the packages' main paths at a few seconds each: flows, sealing, HTTP, the client. */
const E2E_TESTS = [
  'packages/core/test/e2e/basics.test.ts',
  'packages/core/test/e2e/mrtr-forms.test.ts',
  'packages/core/test/e2e/request-state.test.ts',
  'packages/core/test/e2e/legacy-sessions-http.test.ts',
  'packages/client/test/against-tessera.test.ts',
];

/**
 * The official conformance suite on each Node version: the server leg (listen's direct path) at both requirement
 * sets, the client leg at the 2026-07-28 set; `npm run conformance` runs every leg, path and set on the primary Node.
 */
const CONFORMANCE_SERVER_REVISIONS = '2026-07-28 2025-11-25';
const CONFORMANCE_CLIENT_REVISIONS = '2026-07-28';
const CONFORMANCE_SCRIPT = path.join(ROOT, 'tooling', 'conformance', 'run-conformance.sh');

/** Legs run at once: the machine CI runs on has two cores. */
const LEGS_AT_ONCE = Number(process.env.CHECK_LEGS_AT_ONCE ?? 2);

const started = Date.now();

async function main() {
  step(`${MATRIX_PAGE}'s Toolchains table names ${assertMatrixDocumented().join(', ')}`);
  const nodes = NODE_VERSIONS.map((version) => ({ version, binary: installNode(version) }));
  const work = freshTempDir('tessera-toolchains-');
  const stopOnSignal = (signal) => {
    stopAll();
    removeDir(work);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    const tarballs = buildAndPack(path.join(work, 'tarballs'));
    await runLegs(legs(work, tarballs, nodes), LEGS_AT_ONCE);
    console.log(`check:toolchains ok (${Math.round((Date.now() - started) / 1000)} s)`);
  } finally {
    removeDir(work);
  }
}

/**
 * Every step after the packing, as legs; a leg awaits what it needs from an earlier one (started before it). The
 * Node legs, the longest, start as soon as what they need is there; the other builds fill the slots after them.
 */
function legs(work, tarballs, nodes) {
  const consumersDir = path.join(work, 'consumers');
  const builds = consumerBuilds(consumersDir);
  const running = new Map();
  const leg = (title, run) => ({ title, run: (step, signal) => remember(running, title, run(step, signal)) });
  const after = (title) => running.get(title);
  const stamp = new Date().toISOString().replace(/[-:]|\.\d+/g, '');
  const compileLeg = (build) =>
    leg(build.label, async (step, signal) => {
      await after('consumers');
      return compileConsumer(build, step, signal);
    });

  return [
    leg('consumers', (step, signal) => installConsumers(consumersDir, tarballs, step, signal)),
    leg('scaffold', async (step, signal) => {
      const project = await scaffoldProject(path.join(work, 'scaffold'), tarballs, step, signal);
      const pinned = installedTypescript(project);
      if (!Object.values(TYPESCRIPT_VERSIONS).includes(pinned))
        throw new Error(`the scaffold installs TypeScript ${pinned}, which this check does not cover`);
      step(
        `scaffolded project built with its TypeScript ${pinned}; on Node ${process.versions.node}: ${await testProject(project, process.execPath, signal)}`,
      );
      return { project, pinned };
    }),
    leg('conformance', async (step, signal) => {
      await runCaptured('bash', [CONFORMANCE_SCRIPT, 'prepare'], { cwd: ROOT, timeoutMs: 600_000, signal });
      step('conformance suite installed and tooling/conformance built, for every Node leg');
    }),
    ...builds.filter((b) => b.onEveryNode).map(compileLeg),
    ...nodes.map(({ version, binary }) =>
      leg(`Node ${version}`, async (step, signal) => {
        const { project, pinned } = await after('scaffold');
        const flows = await Promise.all(
          builds.filter((b) => b.onEveryNode).map(async (b) => ({ label: b.label, file: await after(b.label) })),
        );
        await after('conformance');
        const own = path.join(work, `node-${version}`);
        mkdirSync(own);
        step(`== Node ${version}`);
        for (const demo of DEMOS) {
          await runCaptured(binary, [path.join(ROOT, 'apps', demo, 'dist', 'demo.js')], {
            cwd: ROOT,
            timeoutMs: 120_000,
            signal,
          });
          step(`Node ${version}: apps/${demo} demo completed`);
        }
        const tested = await testProject(copyProject(project, own), binary, signal);
        step(`Node ${version}: scaffolded project (TypeScript ${pinned}): ${tested}`);
        for (const { label, file } of flows) step(`Node ${version}: ${label}: ${await runFlow(binary, file, signal)}`);
        const jest = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
        const cache = path.join(own, 'jest-cache');
        const output = await runCaptured(
          binary,
          [jest, ...E2E_TESTS, '--maxWorkers=1', '--silent', `--cacheDirectory=${cache}`],
          { cwd: ROOT, timeoutMs: 600_000, signal, withStderr: true },
        );
        step(
          `Node ${version}: ${E2E_TESTS.length} end-to-end test files passed (${/^Tests: +(.*)$/m.exec(output)?.[1]})`,
        );
        const conformance = (leg, revisions) =>
          runCaptured('bash', [CONFORMANCE_SCRIPT, leg], {
            cwd: ROOT,
            timeoutMs: 600_000,
            signal,
            env: {
              ...process.env,
              CONFORMANCE_NODE: binary,
              CONFORMANCE_SKIP_BUILD: '1',
              CONFORMANCE_RESULTS: path.join(ROOT, '.conformance', 'results', `${stamp}-node-${version}`),
              CONFORMANCE_SERVER_PATHS: 'fast',
              CONFORMANCE_REVISIONS: revisions,
            },
          });
        await conformance('server', CONFORMANCE_SERVER_REVISIONS);
        await conformance('client', CONFORMANCE_CLIENT_REVISIONS);
        step(
          `Node ${version}: conformance server leg (${CONFORMANCE_SERVER_REVISIONS}) and client leg (${CONFORMANCE_CLIENT_REVISIONS}) green`,
        );
      }),
    ),
    ...builds.filter((b) => !b.onEveryNode).map(compileLeg),
    leg('other TypeScript versions', async (step, signal) => {
      const { project } = await after('scaffold');
      const own = path.join(work, 'other-typescript');
      mkdirSync(own);
      const copy = copyProject(project, own);
      for (const [compiler, version] of otherTypescriptVersions(copy)) {
        await useTypescript(copy, version, signal);
        step(`scaffolded project with ${compiler} (${version}): ${await testProject(copy, process.execPath, signal)}`);
      }
    }),
    leg('repository', async (step, signal) => {
      await after('consumers');
      await runCaptured(
        process.execPath,
        [consumersTypescript7(consumersDir), '-p', path.join(ROOT, 'tsconfig.test.json'), '--noEmit'],
        { cwd: ROOT, timeoutMs: 300_000, signal },
      );
      step(`TypeScript ${TYPESCRIPT_VERSIONS['TypeScript 7']} type-checks the repository (tsconfig.test.json)`);
    }),
  ];
}

function remember(map, title, promise) {
  map.set(title, promise);
  return promise;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
