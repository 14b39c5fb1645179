// User projects that import @tessera/core, @tessera/core/node, @tessera/client and @tessera/testing: one with
// "type": "module" (esm-flow.ts) and one without (cjs-flow.ts, CommonJS). Each compiles with every TypeScript
// version of the matrix under two settings: TypeScript 7's `tsc --init` output as a user gets it (plus the
// decorator flags and Node's types, which a Tessera project needs), and the scaffold's tsconfig. Both with
// `skipLibCheck: false`, so the published .d.ts files (and what they import) are type-checked by each compiler.
// Every build then completes the flow on this machine's Node; the caller runs the TypeScript 7 builds on each
// Node version of the matrix. Each build has an output folder of its own, so builds can run side by side.
import { copyFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { peerRanges, ROOT } from '../check-packages/support.mjs';
import { installAgainstTarballs } from './local-project.mjs';
import { runCaptured } from './run-captured.mjs';
import { TYPESCRIPT_VERSIONS } from './versions.mjs';

const HERE = import.meta.dirname;
const FLAVOURS = { esm: { type: 'module' }, cjs: {} };
const LATEST_TYPESCRIPT = Object.keys(TYPESCRIPT_VERSIONS).at(-1);

/** Each TypeScript version under an npm alias of its own, so one install holds all of them. */
const aliasOf = (version) => `typescript-${version}`;

/**
 * The consumers' builds, each compiled into a folder of its own (`{ label, project, settings, tsc, outDir,
 * onEveryNode }`: the TypeScript 7 builds under `tsc --init` settings run on each Node version of the matrix).
 */
export function consumerBuilds(dir) {
  const builds = [];
  for (const flavour of Object.keys(FLAVOURS))
    for (const settings of ['init', 'scaffold'])
      for (const [compiler, version] of Object.entries(TYPESCRIPT_VERSIONS))
        builds.push({
          label: `${flavour} consumer, ${settings === 'init' ? "TypeScript 7's tsc --init" : "the scaffold's"} settings, ${compiler}`,
          project: path.join(dir, flavour),
          settings,
          tsc: typescriptIn(dir, version),
          outDir: `dist/${settings}-${version}`,
          onEveryNode: compiler === LATEST_TYPESCRIPT && settings === 'init',
        });
  return builds;
}

/** The TypeScript 7 compiler the consumers install. */
export function consumersTypescript7(dir) {
  return typescriptIn(dir, TYPESCRIPT_VERSIONS[LATEST_TYPESCRIPT]);
}

const typescriptIn = (dir, version) => path.join(dir, 'node_modules', aliasOf(version), 'bin', 'tsc');

/** Writes the consumers' projects and installs them (every TypeScript of the matrix) against the tarballs. */
export async function installConsumers(dir, tarballs, step, signal) {
  mkdirSync(dir, { recursive: true });
  const devDependencies = { '@types/node': '^22.19.0' };
  for (const version of Object.values(TYPESCRIPT_VERSIONS))
    devDependencies[aliasOf(version)] = `npm:typescript@${version}`;
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'tessera-consumers',
        private: true,
        dependencies: {
          '@tessera/core': '*',
          '@tessera/client': '*',
          '@tessera/testing': '*',
          ...peerRanges(),
        },
        devDependencies,
      },
      null,
      2,
    ),
  );
  await installAgainstTarballs(dir, tarballs, step, signal);
  for (const [flavour, manifestFields] of Object.entries(FLAVOURS)) {
    const project = path.join(dir, flavour);
    mkdirSync(path.join(project, 'src'), { recursive: true });
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: `${flavour}-consumer`, private: true, ...manifestFields }, null, 2),
    );
    copyFileSync(path.join(HERE, 'consumers', `${flavour}-flow.ts`), path.join(project, 'src', 'flow.ts'));
    await writeSettings(project, consumersTypescript7(dir), signal);
  }
}

/** Compiles one build (each into a folder of its own) and runs it once here; returns the compiled flow's path. */
export async function compileConsumer(build, step, signal) {
  await runCaptured(process.execPath, [build.tsc, '-p', `tsconfig.${build.settings}.json`, '--outDir', build.outDir], {
    cwd: build.project,
    timeoutMs: 180_000,
    signal,
  });
  const file = path.join(build.project, build.outDir, 'flow.js');
  step(`${build.label}: compiled with skipLibCheck false; ${await runFlow(process.execPath, file, signal)}`);
  return file;
}

/** Runs a compiled consumer flow on the given Node binary; returns the line it prints. */
export async function runFlow(node, file, signal) {
  return (await runCaptured(node, [file], { cwd: path.dirname(file), timeoutMs: 60_000, signal })).trim();
}

// tsconfig.init.json: what `tsc --init` of TypeScript 7 writes, untouched; tsconfig.scaffold.json: the scaffold's
// compiler options. Each extended by the few settings a Tessera project needs on top.
async function writeSettings(project, typescript7, signal) {
  await runCaptured(process.execPath, [typescript7, '--init'], { cwd: project, signal });
  renameSync(path.join(project, 'tsconfig.json'), path.join(project, 'tsconfig.init-defaults.json'));
  const common = { rootDir: 'src', skipLibCheck: false };
  writeJson(path.join(project, 'tsconfig.init.json'), {
    extends: './tsconfig.init-defaults.json',
    compilerOptions: { ...common, experimentalDecorators: true, emitDecoratorMetadata: true, types: ['node'] },
    include: ['src'],
  });
  const scaffold = JSON.parse(
    readFileSync(path.join(ROOT, 'packages', 'create-tessera', 'template', 'tsconfig.json'), 'utf8'),
  );
  writeJson(path.join(project, 'tsconfig.scaffold.json'), {
    compilerOptions: { ...scaffold.compilerOptions, ...common },
    include: ['src'],
  });
}

function writeJson(file, value) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
