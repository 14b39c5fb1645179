// The scaffolded project, made from this clone (create-tessera's bin) and installed against its tarballs: built
// with the TypeScript its template pins, its own `npm test` run on every Node given; then rebuilt with each other
// TypeScript version of the matrix, as a user who installs that one, and tested again. `npm test` builds into the
// project's dist/, so each side-by-side run takes a copy of its own (`copyProject`).
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { readJson, ROOT } from '../check-packages/support.mjs';
import { installAgainstTarballs } from './local-project.mjs';
import { runCaptured } from './run-captured.mjs';
import { TYPESCRIPT_VERSIONS } from './versions.mjs';

/** Scaffolds and installs the project; returns its folder. */
export async function scaffoldProject(dir, tarballs, step, signal) {
  mkdirSync(dir, { recursive: true });
  step('node packages/create-tessera/dist/bin.js my-server');
  await runCaptured(process.execPath, [path.join(ROOT, 'packages', 'create-tessera', 'dist', 'bin.js'), 'my-server'], {
    cwd: dir,
    signal,
  });
  const project = path.join(dir, 'my-server');
  await installAgainstTarballs(project, tarballs, step, signal);
  return project;
}

/** A copy of the installed project at `into` (its node_modules' links kept as they are); returns its folder. */
export function copyProject(project, into) {
  const copy = path.join(into, path.basename(project));
  cpSync(project, copy, { recursive: true, verbatimSymlinks: true });
  return copy;
}

/** The version of the TypeScript installed in the project. */
export function installedTypescript(project) {
  return readJson(path.join(project, 'node_modules', 'typescript', 'package.json')).version;
}

/**
 * The project's own `npm test` (a build, then `node --test`), with the given Node binary first on PATH, as a user
 * who installed that Node runs it; returns the tests' summary.
 */
export async function testProject(project, node, signal) {
  const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` };
  const version = await runCaptured('npm', ['exec', '--offline', '-c', 'node --version'], {
    cwd: project,
    env,
    signal,
  });
  const expected = await runCaptured(node, ['--version'], { signal });
  if (version.trim() !== expected.trim())
    throw new Error(`npm scripts in ${project} run Node ${version.trim()}, expected ${expected.trim()}`);
  const output = await runCaptured('npm', ['test'], { cwd: project, env, timeoutMs: 180_000, signal });
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
export async function useTypescript(project, version, signal) {
  await runCaptured(
    'npm',
    ['install', '--save-dev', `typescript@${version}`, '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: project, signal },
  );
}
