// `npm run check:packages`: every package packs, installs from its tarball into a fresh project outside the
// repository (the registry supplies the peers), and the README's complete example compiles with that project's
// own tsc and runs over stdio against @tessera/client. Prints one line per step; exits non-zero on any failure.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readmeExample } from './readme-example.mjs';
import {
  assertSingleCopies,
  buildAndPack,
  freshTempDir,
  installProject,
  peerRanges,
  readJson,
  removeDir,
  rootRange,
  run,
  step,
} from './support.mjs';

export const USER_TSCONFIG = {
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

const work = freshTempDir('tessera-packages-');
try {
  const tarballs = buildAndPack(path.join(work, 'tarballs'));
  const peers = peerRanges();
  const project = path.join(work, 'project');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  const library = Object.fromEntries(
    Object.entries(tarballs)
      .filter(([name]) => name !== 'create-tessera')
      .map(([name, file]) => [name, `file:${file}`]),
  );
  installProject(project, {
    dependencies: { ...library, ...peers },
    devDependencies: { typescript: rootRange('typescript'), '@types/node': rootRange('@types/node') },
  });
  assertSingleCopies(project, [...Object.keys(peers), ...Object.keys(library)]);

  step("compile the README example and its client with the project's own tsc");
  writeFileSync(path.join(project, 'src', 'example.ts'), readmeExample());
  copyFileSync(path.join(import.meta.dirname, 'example-client.ts'), path.join(project, 'src', 'example-client.ts'));
  copyFileSync(
    path.join(import.meta.dirname, 'newcomer-scenarios.ts'),
    path.join(project, 'src', 'newcomer-scenarios.ts'),
  );
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(USER_TSCONFIG, null, 2));
  run(path.join(project, 'node_modules', '.bin', 'tsc'), ['-p', project], { cwd: project, timeoutMs: 180_000 });

  step('run the example over stdio with @tessera/client');
  run(process.execPath, [path.join(project, 'dist', 'example-client.js')], { cwd: project, timeoutMs: 60_000 });

  step("replay what a newcomer hit, under the project's strict tsc");
  run(process.execPath, [path.join(project, 'dist', 'newcomer-scenarios.js')], { cwd: project, timeoutMs: 120_000 });

  step('the packages load from ESM too');
  // every entry of every exports map (`@tessera/core/node` too), as a user's ESM code would import it
  const names = Object.keys(library).flatMap((name) => {
    const manifest = readJson(path.join(project, 'node_modules', name, 'package.json'));
    return Object.keys(manifest.exports ?? { '.': '' })
      .filter((k) => k !== './package.json')
      .map((k) => (k === '.' ? name : `${name}/${k.slice(2)}`));
  });
  step(`importing ${names.join(', ')}`);
  const probe = names
    .map(
      (n, i) =>
        `import * as m${i} from '${n}'; if (Object.keys(m${i}).length === 0) throw new Error('${n}: no named exports from ESM');`,
    )
    .join('\n');
  run(process.execPath, ['--input-type=module', '-e', probe], { cwd: project, timeoutMs: 60_000 });
  console.log('check:packages ok');
} finally {
  removeDir(work);
}
