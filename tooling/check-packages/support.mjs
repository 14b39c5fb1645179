// Shared steps of the package checks: build the workspace, pack every publishable package, and install the
// tarballs into a fresh project outside the repository, as a user would (the npm registry gives the rest).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The packages a user installs, in dependency order (every folder of packages/ that is not private). */
export function publishablePackages() {
  return readdirSync(path.join(ROOT, 'packages'))
    .map((dir) => ({
      dir: path.join(ROOT, 'packages', dir),
      manifest: readJson(path.join(ROOT, 'packages', dir, 'package.json')),
    }))
    .filter((p) => p.manifest !== undefined && p.manifest.private !== true);
}

export function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** One line per step, with the seconds since the check started (a slow step shows where the minutes go). */
export function step(title) {
  console.log(stepLine(title));
}

/** A step's line, timed now; a check that runs steps side by side holds the lines and prints them later. */
export function stepLine(title) {
  return `-- [${Math.round(process.uptime())} s] ${title}`;
}

/** Runs a command, its output shown; throws with the command line and exit code on failure or timeout. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    stdio: options.capture ? 'pipe' : 'inherit',
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 300_000,
    ...options,
  });
  if (result.error !== undefined || result.status !== 0) {
    const output = options.capture ? `\n${result.stdout ?? ''}${result.stderr ?? ''}` : '';
    throw new Error(
      `${command} ${args.join(' ')} (in ${options.cwd ?? process.cwd()}) failed: ${result.error?.message ?? `exit ${result.status}`}${output}`,
    );
  }
  return result.stdout;
}

/** A fresh folder in the system temp directory, so no node_modules of the repository can be found from it. */
export function freshTempDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (dir.startsWith(ROOT + path.sep))
    throw new Error(`temp folder ${dir} is inside the repository; set TMPDIR elsewhere`);
  return dir;
}

/** Builds the workspace (unless CHECK_SKIP_BUILD=1) and packs every publishable package; returns name -> tarball path. */
export function buildAndPack(into) {
  if (process.env.CHECK_SKIP_BUILD !== '1') {
    step('build the workspace (tsc -b)');
    run('npm', ['run', 'build', '--silent'], { cwd: ROOT });
  }
  mkdirSync(into, { recursive: true });
  const tarballs = {};
  for (const { dir, manifest } of publishablePackages()) {
    const out = run('npm', ['pack', '--json', '--pack-destination', into], { cwd: dir, capture: true });
    const [packed] = JSON.parse(out);
    checkPackedFiles(
      manifest,
      packed.files.map((f) => f.path),
    );
    tarballs[manifest.name] = path.join(into, packed.filename);
    step(
      `packed ${manifest.name}: ${packed.filename} (${packed.entryCount} files, ${Math.round(packed.size / 1024)} KiB)`,
    );
  }
  return tarballs;
}

// What a broken `files` list or a missing build would let slip into (or out of) a tarball.
function checkPackedFiles({ name, exports = {} }, files) {
  const problems = [];
  // entries served through entry/ load the one-file build (scripts/build/bundle-packages.mjs), run by prepack
  const bundled = Object.values(exports).some((target) => target?.default?.startsWith('./entry/'));
  if (bundled && !files.some((f) => /^dist\/bundle\/[^/]+\.js$/.test(f)))
    problems.push('no one-file build under dist/bundle/');
  if (bundled && !files.includes('entry/bundle.js')) problems.push('no entry/bundle.js');
  if (!files.includes('package.json')) problems.push('no package.json');
  if (!files.includes('LICENSE')) problems.push('no LICENSE');
  if (!files.some((f) => f.startsWith('dist/') && f.endsWith('.d.ts')))
    problems.push('no type declarations under dist/');
  if (files.some((f) => f.endsWith('.tsbuildinfo'))) problems.push('a .tsbuildinfo file');
  // (a scaffolder's template/ holds a user project's tests on purpose)
  if (files.some((f) => f.startsWith('test/') || (/^(dist|src)\//.test(f) && /\.test\.[jt]s$/.test(f))))
    problems.push('its own test files');
  if (problems.length > 0) throw new Error(`${name}: the tarball has ${problems.join(', ')}`);
}

/**
 * Creates a project outside the repository with the given dependencies (tarball paths or registry ranges)
 * and installs it with the registry; returns its folder.
 */
export function installProject(dir, { dependencies, devDependencies = {}, scripts = {} }) {
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      { name: 'tessera-install-check', version: '0.0.0', private: true, scripts, dependencies, devDependencies },
      null,
      2,
    ),
  );
  step(`npm install in ${dir}`);
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir });
  return dir;
}

/** The packages whose one copy the user's project must own: every peer dependency of every Tessera package. */
export function peerRanges() {
  const peers = {};
  for (const { manifest } of publishablePackages()) {
    for (const [name, range] of Object.entries(manifest.peerDependencies ?? {}))
      if (!name.startsWith('@tessera/')) peers[name] = range;
  }
  return peers;
}

/** Fails when a package that must exist once is installed at several places in node_modules. */
export function assertSingleCopies(project, names) {
  for (const name of names) {
    const copies = findPackageDirs(path.join(project, 'node_modules'), name);
    if (copies.length !== 1)
      throw new Error(`${name}: expected exactly one installed copy, found ${copies.length}: ${copies.join(', ')}`);
  }
  step(`one copy each of ${names.join(', ')}`);
}

function findPackageDirs(nodeModules, name, found = []) {
  if (!existsSync(nodeModules)) return found;
  if (existsSync(path.join(nodeModules, name, 'package.json'))) found.push(path.join(nodeModules, name));
  for (const entry of readdirSync(nodeModules)) {
    const scoped = entry.startsWith('@')
      ? readdirSync(path.join(nodeModules, entry)).map((e) => path.join(entry, e))
      : [entry];
    for (const pkg of scoped) findPackageDirs(path.join(nodeModules, pkg, 'node_modules'), name, found);
  }
  return found;
}

/** The root devDependency range of a tool (typescript, @types/node), so the user's compiler matches ours. */
export function rootRange(name) {
  return readJson(path.join(ROOT, 'package.json')).devDependencies[name];
}

export function removeDir(dir) {
  if (process.env.CHECK_KEEP === '1') return step(`kept ${dir} (CHECK_KEEP=1)`);
  rmSync(dir, { recursive: true, force: true });
}
