// User projects that import @tessera/core, @tessera/core/node, @tessera/client and @tessera/testing: one with
// "type": "module" (esm-flow.ts) and one without (cjs-flow.ts, CommonJS). Each compiles with every TypeScript
// version of the matrix under two settings: TypeScript 7's `tsc --init` output as a user gets it (plus the
// decorator flags and Node's types, which a Tessera project needs), and the scaffold's tsconfig. Both with
// `skipLibCheck: false`, so the published .d.ts files (and what they import) are type-checked by each compiler.
// Every build then completes the flow on this machine's Node; the caller runs the TypeScript 7 builds on each
// Node version of the matrix.
import { copyFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { peerRanges, ROOT, run, step } from '../check-packages/support.mjs';
import { installAgainstTarballs } from './local-project.mjs';
import { TYPESCRIPT_VERSIONS } from './versions.mjs';

const HERE = import.meta.dirname;
const FLAVOURS = { esm: { type: 'module' }, cjs: {} };
const LATEST_TYPESCRIPT = Object.keys(TYPESCRIPT_VERSIONS).at(-1);

/** Each TypeScript version under an npm alias of its own, so one install holds all of them. */
const aliasOf = (version) => `typescript-${version}`;

/**
 * Installs the consumers against the tarballs, compiles each one every way, runs each build once here;
 * returns the builds to run on other Node versions ({ label, file }) and the TypeScript 7 compiler's path.
 */
export function checkConsumers(dir, tarballs) {
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
  installAgainstTarballs(dir, tarballs);
  const tsc = (version) => path.join(dir, 'node_modules', aliasOf(version), 'bin', 'tsc');

  const latest = [];
  for (const [flavour, manifestFields] of Object.entries(FLAVOURS)) {
    const project = path.join(dir, flavour);
    mkdirSync(path.join(project, 'src'), { recursive: true });
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: `${flavour}-consumer`, private: true, ...manifestFields }, null, 2),
    );
    copyFileSync(path.join(HERE, 'consumers', `${flavour}-flow.ts`), path.join(project, 'src', 'flow.ts'));
    writeSettings(project, tsc(TYPESCRIPT_VERSIONS[LATEST_TYPESCRIPT]));

    for (const settings of ['init', 'scaffold'])
      for (const [compiler, version] of Object.entries(TYPESCRIPT_VERSIONS)) {
        const outDir = `dist/${settings}-${version}`;
        const label = `${flavour} consumer, ${settings === 'init' ? "TypeScript 7's tsc --init" : "the scaffold's"} settings, ${compiler}`;
        run(process.execPath, [tsc(version), '-p', `tsconfig.${settings}.json`, '--outDir', outDir], {
          cwd: project,
          timeoutMs: 180_000,
        });
        const file = path.join(project, outDir, 'flow.js');
        step(`${label}: compiled with skipLibCheck false; ${runFlow(process.execPath, file)}`);
        if (compiler === LATEST_TYPESCRIPT && settings === 'init') latest.push({ label, file });
      }
  }
  return { latest, typescript7: tsc(TYPESCRIPT_VERSIONS[LATEST_TYPESCRIPT]) };
}

/** Runs a compiled consumer flow on the given Node binary; returns the line it prints. */
export function runFlow(node, file) {
  return run(node, [file], { cwd: path.dirname(file), capture: true, timeoutMs: 60_000 }).trim();
}

// tsconfig.init.json: what `tsc --init` of TypeScript 7 writes, untouched; tsconfig.scaffold.json: the scaffold's
// compiler options. Each extended by the few settings a Tessera project needs on top.
function writeSettings(project, typescript7) {
  run(process.execPath, [typescript7, '--init'], { cwd: project, capture: true });
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
