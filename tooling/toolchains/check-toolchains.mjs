// npm run check:toolchains: Tessera on the toolchains users have. Node 22, 24 and 26 (pinned, installed from npm
// once per version) each run the apps' demos, the scaffolded project's tests, ESM and CommonJS consumer
// projects' flows and a set of the packages' end-to-end tests; TypeScript 5.9 and 7 each compile the scaffolded
// project (tests run again) and both consumers, under TypeScript 7's `tsc --init` settings and the scaffold's,
// with the published .d.ts files type-checked (`skipLibCheck: false`); and TypeScript 7 type-checks the
// repository's own sources and tests. The packages come from this clone, packed as npm publishes them.
// Prints one line per step; exits non-zero on any failure; temporary projects are removed whatever happens.
import path from 'node:path';
import { buildAndPack, freshTempDir, removeDir, ROOT, run, step } from '../check-packages/support.mjs';
import { checkConsumers, runFlow } from './consumers.mjs';
import { installNode } from './install-node.mjs';
import { assertMatrixDocumented, MATRIX_PAGE } from './documented-matrix.mjs';
import {
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

function runConformance(binary, leg, revisions) {
  run('bash', [path.join(ROOT, 'tooling', 'conformance', 'run-conformance.sh'), leg], {
    cwd: ROOT,
    timeoutMs: 600_000,
    env: {
      ...process.env,
      CONFORMANCE_NODE: binary,
      CONFORMANCE_SERVER_PATHS: 'fast',
      CONFORMANCE_REVISIONS: revisions,
    },
  });
}

const started = Date.now();

async function main() {
  step(`${MATRIX_PAGE}'s Toolchains table names ${assertMatrixDocumented().join(', ')}`);
  const nodes = NODE_VERSIONS.map((version) => ({ version, binary: installNode(version) }));
  const work = freshTempDir('tessera-toolchains-');
  try {
    const tarballs = buildAndPack(path.join(work, 'tarballs'));

    const { latest, typescript7 } = checkConsumers(path.join(work, 'consumers'), tarballs);

    const project = scaffoldProject(path.join(work, 'scaffold'), tarballs);
    const pinned = installedTypescript(project);
    if (!Object.values(TYPESCRIPT_VERSIONS).includes(pinned))
      throw new Error(`the scaffold installs TypeScript ${pinned}, which this check does not cover`);
    step(
      `scaffolded project built with its TypeScript ${pinned}; on Node ${process.versions.node}: ${testProject(project, process.execPath)}`,
    );

    for (const { version, binary } of nodes) {
      step(`== Node ${version}`);
      for (const demo of DEMOS) {
        run(binary, [path.join(ROOT, 'apps', demo, 'dist', 'demo.js')], {
          cwd: ROOT,
          capture: true,
          timeoutMs: 120_000,
        });
        step(`Node ${version}: apps/${demo} demo completed`);
      }
      step(`Node ${version}: scaffolded project (TypeScript ${pinned}): ${testProject(project, binary)}`);
      for (const { label, file } of latest) step(`Node ${version}: ${label}: ${runFlow(binary, file)}`);
      run(
        binary,
        [path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...E2E_TESTS, '--maxWorkers=1', '--silent'],
        {
          cwd: ROOT,
          timeoutMs: 600_000,
        },
      );
      step(`Node ${version}: ${E2E_TESTS.length} end-to-end test files passed`);
      runConformance(binary, 'server', CONFORMANCE_SERVER_REVISIONS);
      runConformance(binary, 'client', CONFORMANCE_CLIENT_REVISIONS);
      step(
        `Node ${version}: conformance server leg (${CONFORMANCE_SERVER_REVISIONS}) and client leg (${CONFORMANCE_CLIENT_REVISIONS}) green`,
      );
    }

    for (const [compiler, version] of otherTypescriptVersions(project)) {
      useTypescript(project, version);
      step(`scaffolded project with ${compiler} (${version}): ${testProject(project, process.execPath)}`);
    }

    run(process.execPath, [typescript7, '-p', path.join(ROOT, 'tsconfig.test.json'), '--noEmit'], {
      cwd: ROOT,
      timeoutMs: 300_000,
    });
    step(`TypeScript ${TYPESCRIPT_VERSIONS['TypeScript 7']} type-checks the repository (tsconfig.test.json)`);
    console.log(`check:toolchains ok (${Math.round((Date.now() - started) / 1000)} s)`);
  } finally {
    removeDir(work);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
