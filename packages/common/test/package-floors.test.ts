import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The packages' floors (ARCHITECTURE.md, "Packages and their floors"): a package depends on, and its sources
// import (types included: a declaration file names them too), only packages of a lower floor.

const ROOT = path.resolve(__dirname, '../../..');

/** The one table, lowest first. */
const FLOORS: readonly (readonly string[])[] = [
  ['@tessera/common'],
  ['@tessera/request-state', '@tessera/client'],
  ['@tessera/core'],
  ['@tessera/redis', '@tessera/testing', '@tessera/cli', 'create-tessera', '@tessera/compose'],
];

const floorOf = new Map(FLOORS.flatMap((names, floor) => names.map((name) => [name, floor] as const)));
const isOurs = (name: string) => name.startsWith('@tessera/') || name === 'create-tessera';

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const packages = readdirSync(path.join(ROOT, 'packages'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => {
    const dir = path.join(ROOT, 'packages', entry.name);
    return { dir, manifest: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest };
  });

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts|cts)$/.test(entry.name) ? [full] : [];
  });
}

/** The packages of ours a file names in an import, an export ... from, a require or an import(). */
function importedPackages(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/(?:from\s+|require\(\s*|import\(\s*)'(@tessera\/[\w-]+|create-tessera)[/']/g))
    names.push(match[1]!);
  return names;
}

describe("the packages' floors", () => {
  test('every package has a floor, and every name in the table is a package', () => {
    const names = packages.map(({ manifest }) => manifest.name);
    expect(names.length).toBeGreaterThan(5); // really read the packages
    expect(names.filter((name) => !floorOf.has(name))).toEqual([]);
    expect([...floorOf.keys()].filter((name) => !names.includes(name))).toEqual([]);
  });

  test('a package depends only on packages of a lower floor', () => {
    const upward = packages.flatMap(({ manifest }) => {
      const declared = Object.keys({
        ...manifest.dependencies,
        ...manifest.peerDependencies,
        ...manifest.optionalDependencies,
      });
      return declared
        .filter((name) => isOurs(name) && floorOf.get(name)! >= floorOf.get(manifest.name)!)
        .map((name) => `${manifest.name} -> ${name}`);
    });
    expect(upward).toEqual([]);
  });

  test("a package's sources import only packages of a lower floor", () => {
    let read = 0;
    const upward = packages.flatMap(({ dir, manifest }) =>
      sourceFiles(path.join(dir, 'src')).flatMap((file) => {
        read++;
        return importedPackages(readFileSync(file, 'utf8'))
          .filter((name) => name !== manifest.name && !(floorOf.get(name)! < floorOf.get(manifest.name)!))
          .map((name) => `${path.relative(ROOT, file)} -> ${name}`);
      }),
    );
    expect(read).toBeGreaterThan(100);
    expect(upward).toEqual([]);
  });

  test("ARCHITECTURE.md's package table lists the same floors", () => {
    const text = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');
    const block = /## Packages and their floors[\s\S]*?```\n([\s\S]*?)```/.exec(text)?.[1];
    expect(block).toBeDefined();
    const documented: string[][] = [];
    for (const line of block!.split('\n')) {
      const match = /^(?:floor (\d+))?\s+(@tessera\/[\w-]+|create-tessera)\s/.exec(line);
      if (!match) continue;
      if (match[1] !== undefined) documented[Number(match[1])] = [];
      documented[documented.length - 1]!.push(match[2]!);
    }
    expect(documented).toEqual(FLOORS);
  });

  test('the import reader finds every form', () => {
    const source = [
      "import type { A } from '@tessera/core';",
      "export { B } from '@tessera/common';",
      "const c = require('@tessera/client');",
      "const d = import('@tessera/core/node');",
      "import e from 'other';",
    ].join('\n');
    expect(importedPackages(source)).toEqual(['@tessera/core', '@tessera/common', '@tessera/client', '@tessera/core']);
  });
});
