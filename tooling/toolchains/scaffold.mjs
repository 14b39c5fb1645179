// The scaffolded project, made from this clone (create-tessera's bin) and installed against its tarballs: built
// with the TypeScript its template pins, its own `npm test` run on every Node given; then rebuilt with each other
// TypeScript version of the matrix, as a user who installs that one, and tested again.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { readJson, ROOT, run, step } from '../check-packages/support.mjs';
import { installAgainstTarballs } from './local-project.mjs';
import { TYPESCRIPT_VERSIONS } from './versions.mjs';

/** Scaffolds and installs the project; returns its folder. */
export function scaffoldProject(dir, tarballs) {
  mkdirSync(dir, { recursive: true });
  step('node packages/create-tessera/dist/bin.js my-server');
  run(process.execPath, [path.join(ROOT, 'packages', 'create-tessera', 'dist', 'bin.js'), 'my-server'], { cwd: dir });
  const project = path.join(dir, 'my-server');
  installAgainstTarballs(project, tarballs);
  return project;
}

/** The version of the TypeScript installed in the project. */
export function installedTypescript(project) {
  return readJson(path.join(project, 'node_modules', 'typescript', 'package.json')).version;
}

/**
 * The project's own `npm test` (a build, then `node --test`), with the given Node binary first on PATH, as a user
 * who installed that Node runs it; returns the tests' summary.
 */
export function testProject(project, node) {
  const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` };
  const version = run('npm', ['exec', '--offline', '-c', 'node --version'], { cwd: project, env, capture: true });
  const expected = run(node, ['--version'], { capture: true });
  if (version.trim() !== expected.trim())
    throw new Error(`npm scripts in ${project} run Node ${version.trim()}, expected ${expected.trim()}`);
  const output = run('npm', ['test'], { cwd: project, env, capture: true, timeoutMs: 180_000 });
  const passed = /^(?:#|ℹ) pass (\d+)$/m.exec(output)?.[1];
  const failed = /^(?:#|ℹ) fail (\d+)$/m.exec(output)?.[1];
  if (passed === undefined || Number(passed) === 0 || failed !== '0')
    throw new Error(
      `npm test on Node ${expected.trim()}: ${passed ?? 'no'} passed, ${failed ?? 'unknown'} failed\n${output}`,
    );
  return `npm test: ${passed} tests passed`;
}

/** The TypeScript versions of the matrix other than the one the template pins (installed in the project). */
export function otherTypescriptVersions(project) {
  const pinned = installedTypescript(project);
  return Object.entries(TYPESCRIPT_VERSIONS).filter(([, version]) => version !== pinned);
}

/** Installs another TypeScript in the project, as a user would (`npm install -D typescript@<version>`). */
export function useTypescript(project, version) {
  run('npm', ['install', '--save-dev', `typescript@${version}`, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: project,
  });
}
