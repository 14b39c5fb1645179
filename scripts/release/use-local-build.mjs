// `npm run use-local-build -- <project folder>`: points a project at this clone's build instead of the
// registry. Every package is built and packed into <project>/tessera-packages/, and the project's
// package.json names those tarballs, for its own dependencies and (through `overrides`) for the Tessera
// packages they depend on in turn, so npm never asks the registry for an unpublished @tessera/* package.
// The registry still supplies everything else. Then: cd <project> && npm install.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildAndPack, step } from '../../tooling/check-packages/support.mjs';

const [target] = process.argv.slice(2);
if (target === undefined) fail('usage: npm run use-local-build -- <project folder (one with a package.json)>');
// npm runs scripts from the repository root; a relative folder means the caller's own working directory
const project = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
const manifestPath = path.join(project, 'package.json');
if (!existsSync(manifestPath)) fail(`${manifestPath} does not exist: scaffold or create the project first`);

const tarballs = buildAndPack(path.join(project, 'tessera-packages'));
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const local = Object.fromEntries(
  Object.entries(tarballs)
    .filter(([name]) => name !== 'create-tessera')
    .map(([name, file]) => [name, `file:${path.relative(project, file).split(path.sep).join('/')}`]),
);
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

function fail(message) {
  console.error(message);
  process.exit(1);
}
