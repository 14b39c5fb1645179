#!/usr/bin/env node
// Which of the given `name@version` specs differ from what the repository's `npm ci` installed
// (`<root>/node_modules/<name>/package.json`), one `name installed -> newest` line each. check:deps-latest runs
// its scratch clone only when one does: with every newest version already the installed one, the main suite
// has just run the contract folders and the conformance suite on exactly these versions.
//
// Usage: node newer-than-installed.mjs [--root <repo>] <name@version> ...   (exit 1 only on a bad argument)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
let root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
if (args[0] === '--root') {
  if (args[1] === undefined) fail('--root needs a folder');
  root = path.resolve(args[1]);
  args.splice(0, 2);
}
if (args.length === 0) fail('give at least one name@version');

for (const spec of args) {
  const at = spec.lastIndexOf('@');
  if (at <= 0) fail(`not a name@version: ${JSON.stringify(spec)}`);
  const [name, newest] = [spec.slice(0, at), spec.slice(at + 1)];
  const installed = installedVersion(name);
  if (installed !== newest) console.log(`${name} ${installed ?? '(not installed)'} -> ${newest}`);
}

function installedVersion(name) {
  try {
    return JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

function fail(message) {
  console.error(`newer-than-installed: ${message}`);
  process.exit(1);
}
