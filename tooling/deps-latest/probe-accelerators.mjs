#!/usr/bin/env node
// Each accelerator's start-up probe against the dependencies installed where it runs, one line per accelerator
// (on, or off with what changed), and which contract folders (packages/<pkg>/test/contracts/<name>/) are to run:
// an accelerator the probe turns off serves nothing, so its contract is not run (its public path is the plain
// suite's). An accelerator is a folder packages/<pkg>/src/accelerators/<name>/, built to dist/; its probe is
// dist/accelerators/<name>/probe.js exporting probe(): string[]. A folder without a probe is on (it shadows no
// dependency's internals, or is opt-in); a contract folder without an accelerator of its name is run.
//
// Usage: node probe-accelerators.mjs [--root <repo>] [--folders-out <file>]   (exit 1 only on a bad argument)
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
for (let i = 0; i < args.length; i += 2) {
  if (!['--root', '--folders-out'].includes(args[i]) || args[i + 1] === undefined) {
    console.error(
      `probe-accelerators: unknown or incomplete argument ${JSON.stringify(args[i])} (takes --root, --folders-out)`,
    );
    process.exit(1);
  }
}
const root = path.resolve(option('--root') ?? path.join(import.meta.dirname, '../..'));
const require = createRequire(import.meta.url);

const foldersOf = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => statSync(path.join(dir, name)).isDirectory())
        .sort()
    : [];

const off = new Set();
for (const pkg of foldersOf(path.join(root, 'packages'))) {
  const built = path.join(root, 'packages', pkg, 'dist', 'accelerators');
  for (const name of foldersOf(built)) {
    const probeFile = path.join(built, name, 'probe.js');
    const label = `${pkg}/${name}`;
    if (!existsSync(probeFile)) {
      console.log(`accelerator ${label}: on (no probe: it shadows no dependency's internals)`);
      continue;
    }
    let changed;
    try {
      changed = require(probeFile).probe();
      if (!Array.isArray(changed)) throw new Error(`probe() returned ${typeof changed}, not a list`);
    } catch (error) {
      changed = [`the probe itself failed: ${error instanceof Error ? error.message : String(error)}`];
    }
    if (changed.length === 0) console.log(`accelerator ${label}: on`);
    else {
      off.add(label);
      console.log(`accelerator ${label}: off (${changed.join('; ')})`);
    }
  }
}

const folders = [];
for (const pkg of foldersOf(path.join(root, 'packages'))) {
  for (const name of foldersOf(path.join(root, 'packages', pkg, 'test', 'contracts'))) {
    const folder = `packages/${pkg}/test/contracts/${name}`;
    if (off.has(`${pkg}/${name}`)) console.log(`contract ${folder}: not run (its accelerator is off)`);
    else {
      folders.push(folder);
      console.log(`contract ${folder}: runs`);
    }
  }
}
const out = option('--folders-out');
if (out) writeFileSync(out, folders.map((folder) => `${folder}\n`).join(''));
