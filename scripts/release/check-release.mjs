// `npm run check:release`: a release as a user installs it. Every package is published with Changesets to a
// real registry (Verdaccio on loopback, throwaway storage), then, in fresh folders outside the repository and
// against that registry only through `npm_config_registry`, the README is followed word for word:
// `npm create tessera@latest my-server`, its `npm install`, `npm test`, `npm start` (stdio) and
// `npm run start:http`; the complete example's install lines in a project holding @tessera/core alone and
// one holding @tessera/client alone, the example compiled by the project's own tsc and called over stdio;
// then every package together (the newcomer scenarios, every export loaded from ESM); then the docs site's
// getting-started page walked line by line from an empty folder to its first answered question. Last, the README's way
// to try a clone's build without any registry of ours: scaffold, `npm run use-local-build`, install, test.
// Prints one line per step; exits non-zero on any failure; the registry is stopped whatever happens.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readmeExample, readmeInstallCommands } from '../../tooling/check-packages/readme-example.mjs';
import {
  assertSingleCopies,
  freshTempDir,
  peerRanges,
  publishablePackages,
  readJson,
  removeDir,
  ROOT,
  run,
  step,
} from '../../tooling/check-packages/support.mjs';
import { publishWorkspace } from './publish-workspace.mjs';
import { devLoopAnswersEdit } from './scaffold-dev-loop.mjs';
import { stopsOnSigterm, withHttpServer } from './scaffold-servers.mjs';
import { startVerdaccio } from './verdaccio.mjs';

const HERE = import.meta.dirname;
const PARTS = path.join(HERE, '..', '..', 'tooling', 'check-packages');
const started = Date.now();

/** The strict compiler settings a user's project has (the scaffold's, and the README's decorator settings). */
const USER_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'node16',
    moduleResolution: 'node16',
    strict: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    esModuleInterop: true,
    outDir: 'dist',
    rootDir: 'src',
    types: ['node'],
  },
  include: ['src'],
};

const GETTING_STARTED = path.join(ROOT, 'docs', 'guide', 'getting-started.md');
/** What the page's client prints when the question was asked and answered. */
const FIRST_ANSWER = 'provisioned web1 in eu';

const work = freshTempDir('tessera-release-');
let registry;
try {
  registry = await startVerdaccio(path.join(work, 'registry'));
  publishWorkspace(registry, path.join(work, 'tarballs'));

  // What a user has: the registry named by the environment, nothing else of ours (no token, no repository).
  const env = { ...process.env, npm_config_registry: registry.url, npm_config_yes: 'true' };
  delete env.npm_config_userconfig;
  const npm = (args, cwd, timeoutMs = 300_000) => run('npm', args, { cwd, env, timeoutMs });

  await scaffoldedProject(path.join(work, 'user'), npm, env);
  const server = coreAlone(path.join(work, 'core-alone'), npm);
  clientAlone(path.join(work, 'client-alone'), npm, server);
  everyPackage(server, npm);
  await walkGettingStarted(path.join(work, 'getting-started'), env);
  await registry.stop();
  fromCloneWithTarballs(path.join(work, 'from-clone'));
  console.log(`check:release ok (${Math.round((Date.now() - started) / 1000)} s)`);
} finally {
  await registry?.stop();
  removeDir(work);
}

async function scaffoldedProject(dir, npm, env) {
  mkdirSync(dir, { recursive: true });
  step('npm create tessera@latest my-server');
  npm(['create', 'tessera@latest', 'my-server'], dir, 120_000);
  const project = path.join(dir, 'my-server');
  step('cd my-server && npm install');
  npm(['install', '--no-audit', '--no-fund', '--loglevel=error'], project);
  assertSingleCopies(project, [...Object.keys(peerRanges()), '@tessera/core']);
  expectFromRegistry(project, ['@tessera/core', '@tessera/testing', '@tessera/request-state']);

  step("npm test (the project's own flow tests)");
  npm(['test'], project, 180_000);

  copyFileSync(path.join(PARTS, 'scaffold-client.mjs'), path.join(project, 'scaffold-client.mjs'));
  step('npm start (stdio): initialize, tools/list, an @Elicit call answered');
  run(process.execPath, ['scaffold-client.mjs', 'stdio'], { cwd: project, env, timeoutMs: 90_000 });

  step('npm run start:http: the same over Streamable HTTP');
  await withHttpServer(
    project,
    (url) => run(process.execPath, ['scaffold-client.mjs', 'http', url], { cwd: project, env, timeoutMs: 60_000 }),
    env,
  );
  step('SIGTERM: node dist/src/http.js drains and exits 0 (stopOnSignals)');
  await stopsOnSigterm(project);
  step('npm run dev: serves, answers an edit with the change, Ctrl+C stops every process it started');
  await devLoopAnswersEdit(project, env);
}

/** The README's first install line (the server packages) and its dev line, and the example compiled and served. */
function coreAlone(project, npm) {
  const [serverLine, , devLine] = readmeInstallCommands();
  mkdirSync(path.join(project, 'src'), { recursive: true });
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'core-alone', private: true }, null, 2));
  step(`core alone: npm ${serverLine.join(' ')}`);
  npm([...serverLine, '--no-audit', '--no-fund', '--loglevel=error'], project);
  step(`npm ${devLine.join(' ')}`);
  npm([...devLine, '--no-audit', '--no-fund', '--loglevel=error'], project);
  expectNotInstalled(project, '@tessera/client');
  assertSingleCopies(project, [...serverLine.slice(1), '@tessera/request-state']);

  step("compile the README's complete example with the project's own tsc");
  writeFileSync(path.join(project, 'src', 'example.ts'), readmeExample());
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(USER_TSCONFIG, null, 2));
  run(path.join(project, 'node_modules', '.bin', 'tsc'), ['-p', project], { cwd: project, timeoutMs: 180_000 });
  return project;
}

/** The README's client line alone, and a client compiled there calling the core-alone project's example over stdio. */
function clientAlone(project, npm, server) {
  const [, clientLine] = readmeInstallCommands();
  mkdirSync(path.join(project, 'src'), { recursive: true });
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'client-alone', private: true }, null, 2));
  step(`client alone: npm ${clientLine.join(' ')}`);
  npm([...clientLine, '--no-audit', '--no-fund', '--loglevel=error'], project);
  npm(['install', '--save-dev', 'typescript@~5.9.3', '@types/node@^20', '--no-audit', '--no-fund'], project);
  expectNotInstalled(project, '@tessera/core');
  assertSingleCopies(project, clientLine.slice(1));

  step('compile a client with @tessera/client and call the example over stdio');
  copyFileSync(path.join(PARTS, 'example-client.ts'), path.join(project, 'src', 'example-client.ts'));
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(USER_TSCONFIG, null, 2));
  run(path.join(project, 'node_modules', '.bin', 'tsc'), ['-p', project], { cwd: project, timeoutMs: 180_000 });
  run(process.execPath, [path.join(project, 'dist', 'example-client.js'), path.join(server, 'dist', 'example.js')], {
    cwd: project,
    timeoutMs: 60_000,
  });
}

/** Every published library together: what a newcomer hit, and every export of every package loaded from ESM. */
function everyPackage(project, npm) {
  const libraries = publishablePackages()
    .map(({ manifest }) => manifest.name)
    .filter((name) => name !== 'create-tessera');
  step(`every package: npm install ${libraries.join(' ')}`);
  npm(['install', ...libraries, '--no-audit', '--no-fund', '--loglevel=error'], project);
  assertSingleCopies(project, [...Object.keys(peerRanges()), ...libraries]);

  step("replay what a newcomer hit, under the project's strict tsc");
  copyFileSync(path.join(PARTS, 'newcomer-scenarios.ts'), path.join(project, 'src', 'newcomer-scenarios.ts'));
  run(path.join(project, 'node_modules', '.bin', 'tsc'), ['-p', project], { cwd: project, timeoutMs: 180_000 });
  run(process.execPath, [path.join(project, 'dist', 'newcomer-scenarios.js')], { cwd: project, timeoutMs: 120_000 });

  // every entry of every exports map (`@tessera/core/node` too), as a user's ESM code would import it
  const names = libraries.flatMap((name) => {
    const manifest = readJson(path.join(project, 'node_modules', name, 'package.json'));
    return Object.keys(manifest.exports ?? { '.': '' })
      .filter((k) => k !== './package.json')
      .map((k) => (k === '.' ? name : `${name}/${k.slice(2)}`));
  });
  step(`import from ESM: ${names.join(', ')}`);
  const probe = names
    .map(
      (n, i) =>
        `import * as m${i} from '${n}'; if (Object.keys(m${i}).length === 0) throw new Error('${n}: no named exports from ESM');`,
    )
    .join('\n');
  run(process.execPath, ['--input-type=module', '-e', probe], { cwd: project, timeoutMs: 60_000 });
}

/**
 * The getting-started page as a reader follows it, in an empty folder: every line of its ```sh fences run as
 * written (through the shell, against the local registry) and every file it shows saved under the name it gives.
 */
async function walkGettingStarted(dir, env) {
  // imported here: publishWorkspace has just built the workspace (unless CHECK_SKIP_BUILD=1)
  const { pageWalk } = await import('../../tooling/docs-check/dist/page-walk.js');
  const page = readFileSync(GETTING_STARTED, 'utf8');
  const docs = path.join(ROOT, 'docs');
  const steps = pageWalk(page, path.dirname(GETTING_STARTED), docs, '## A complete small example', '## Next steps');
  mkdirSync(dir, { recursive: true });
  let output = '';
  for (const s of steps) {
    const where = `docs/guide/getting-started.md, "${s.section}" (line ${s.line})`;
    step(`getting-started page: ${s.kind === 'run' ? s.command : `save ${s.file}`}`);
    try {
      if (s.kind === 'write') writeFileSync(path.join(dir, s.file), s.text);
      else output = run('sh', ['-c', s.command], { cwd: dir, env, timeoutMs: 300_000, capture: true });
    } catch (error) {
      throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const last = steps.at(-1);
  if (!output.includes(FIRST_ANSWER))
    throw new Error(
      `docs/guide/getting-started.md, "${last?.section}" (line ${last?.line}): the last step printed no "${FIRST_ANSWER}":\n${output}`,
    );
  console.log(output.trim());
}

/** The Tessera packages in a project came from the registry, at this release's version. */
function expectFromRegistry(project, names) {
  for (const name of names) {
    const installed = readJson(path.join(project, 'node_modules', name, 'package.json'));
    const ours = publishablePackages().find(({ manifest }) => manifest.name === name)?.manifest;
    if (installed?.version !== ours?.version)
      throw new Error(`${name}: installed ${installed?.version ?? 'nothing'}, released ${ours?.version}`);
  }
}

function expectNotInstalled(project, name) {
  if (readJson(path.join(project, 'node_modules', name, 'package.json')) !== undefined)
    throw new Error(`${name} was installed in ${project}, which asked only for the other side`);
}

/** The README's way to try this clone before a release: the scaffold from the clone, then the packed tarballs. */
function fromCloneWithTarballs(dir) {
  mkdirSync(dir, { recursive: true });
  // as the README writes it, from the clone's root: the project beside the clone, named by its folder
  const cloneSide = path.join(dir, 'clone');
  mkdirSync(cloneSide);
  step(
    'from the clone: node packages/create-tessera/dist/bin.js ../my-server; npm run use-local-build -- ../my-server',
  );
  run(process.execPath, [path.join(ROOT, 'packages', 'create-tessera', 'dist', 'bin.js'), '../my-server'], {
    cwd: cloneSide,
  });
  const project = path.join(dir, 'my-server');
  if (readJson(path.join(project, 'package.json'))?.name !== 'my-server')
    throw new Error(`../my-server: no project named my-server in ${project}`);
  run('npm', ['run', '--silent', 'use-local-build', '--', project], {
    cwd: ROOT,
    env: { ...process.env, CHECK_SKIP_BUILD: '1' },
  });
  step('npm install against the usual registry: no @tessera package is asked of it (no E404)');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project });
  assertSingleCopies(project, ['@tessera/core', '@tessera/request-state', '@tessera/testing']);
  step("npm test (the project's own flow tests, on the tarballs)");
  run('npm', ['test'], { cwd: project, timeoutMs: 180_000 });
  laterAdditions(project);
}

/** A use-local-build project takes more Tessera packages later, both ways use-local-build prints (no EOVERRIDE). */
function laterAdditions(project) {
  step('later: npm install ./tessera-packages/<@tessera/client tarball>');
  const client = readdirSync(path.join(project, 'tessera-packages')).find((f) => f.startsWith('tessera-client-'));
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `./tessera-packages/${client}`], {
    cwd: project,
  });
  step('later: npm run use-local-build -- my-server @tessera/redis; npm install');
  run('npm', ['run', '--silent', 'use-local-build', '--', project, '@tessera/redis'], {
    cwd: ROOT,
    env: { ...process.env, CHECK_SKIP_BUILD: '1' },
  });
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project });
  assertSingleCopies(project, ['@tessera/core', '@tessera/request-state', '@tessera/client', '@tessera/redis']);
}
