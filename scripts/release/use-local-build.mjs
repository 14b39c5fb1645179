// `npm run use-local-build -- <project folder> [@tessera/<name> ...]`: points a project at this clone's build
// instead of the registry. Every package is built and packed into <project>/tessera-packages/, and the
// project's package.json names those tarballs, for its own dependencies and (through `overrides`) for the
// Tessera packages they depend on in turn, so npm never asks the registry for an unpublished @tessera/* package.
// The registry still supplies everything else. Packages named after the folder are added as dependencies.
// Then: cd <project> && npm install.
//
// A bare `npm install @tessera/<name>` in such a project stops with EOVERRIDE (npm refuses an override of a
// direct dependency whose spec differs), so a later addition names its tarball, which the override matches:
// `npm install ./tessera-packages/<file>.tgz`, or this script again with the package's name.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildAndPack, publishablePackages, step } from '../../tooling/check-packages/support.mjs';

const [target, ...added] = process.argv.slice(2);
if (target === undefined)
  fail('usage: npm run use-local-build -- <project folder (one with a package.json)> [@tessera/<name> ...]');
// npm runs scripts from the repository root; a relative folder means the caller's own working directory
const project = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
const manifestPath = path.join(project, 'package.json');
if (!existsSync(manifestPath)) fail(`${manifestPath} does not exist: scaffold or create the project first`);

const known = publishablePackages()
  .map(({ manifest }) => manifest.name)
  .filter((name) => name !== 'create-tessera');
const unknown = added.filter((name) => !known.includes(name));
if (unknown.length > 0) fail(`${unknown.join(', ')}: not a Tessera package; known: ${known.join(', ')}`);

const tarballs = buildAndPack(path.join(project, 'tessera-packages'));
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const local = Object.fromEntries(
  Object.entries(tarballs)
    .filter(([name]) => name !== 'create-tessera')
    .map(([name, file]) => [name, `file:${path.relative(project, file).split(path.sep).join('/')}`]),
);
manifest.dependencies = { ...manifest.dependencies };
for (const name of added) {
  const declared = ['devDependencies', 'peerDependencies', 'optionalDependencies'].some((f) => manifest[f]?.[name]);
  if (!declared) manifest.dependencies[name] = local[name];
}
const pointed = [];
for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
  for (const name of Object.keys(manifest[field] ?? {})) {
    if (local[name] === undefined) continue;
    manifest[field][name] = local[name];
    pointed.push(name);
  }
}
// the packages' own dependencies on each other (core on request-state, ...) resolve to the tarballs too
manifest.overrides = { ...manifest.overrides, ...local };
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
step(
  `${manifestPath}: ${pointed.length > 0 ? pointed.join(', ') : 'no @tessera dependency yet'} and overrides for every Tessera package point at tessera-packages/`,
);
console.log(`\nNow: cd ${path.relative(process.env.INIT_CWD ?? process.cwd(), project) || '.'} && npm install`);
console.log(
  'To add another Tessera package later, name its tarball (a bare `npm install @tessera/<name>` stops with EOVERRIDE):',
);
for (const [name, spec] of Object.entries(local))
  if (!pointed.includes(name)) console.log(`  npm install ./${spec.slice('file:'.length)}   # ${name}`);

function fail(message) {
  console.error(message);
  process.exit(1);
}
