import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { valueImports } from './value-imports';

// Core's floors: a folder of src/ loads at run time only what sits on its own floor or below. A type may be
// named from anywhere (it is gone from the compiled file); a value from a higher floor would tie the lower
// folder to everything the higher one loads. ARCHITECTURE.md shows the same table, checked below.

const SRC = path.resolve(__dirname, '../../src');
const ARCHITECTURE = path.resolve(__dirname, '../../../../ARCHITECTURE.md');

/** The one rank table, lowest first: a folder (or a file at the root of src/) per name. */
const FLOORS: readonly (readonly string[])[] = [
  ['types', 'encoding', 'errors', 'logging', 'loading'],
  ['contracts'],
  ['metadata'],
  ['schema'],
  ['validation', 'extensions', 'mcp-apps'],
  ['decorators', 'di', 'mrtr', 'http-headers'],
  ['compiler'],
  ['pipeline', 'telemetry', 'limits'],
  ['screening', 'auth'],
  ['call-adapter'],
  ['tasks'],
  ['server', 'endpoint', 'skills'],
  ['app', 'lowlevel'],
  ['accelerators'],
  ['node'],
  ['index.ts', 'advanced.ts', 'validators.ts'],
];

const rankOf = new Map(FLOORS.flatMap((names, rank) => names.map((name) => [name, rank] as const)));

/** The table's name for a file of src/: its top folder, or itself at the root. */
const unitOf = (file: string): string => path.relative(SRC, file).split(path.sep)[0]!;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * The one file whose loads are deferred by design: loadFeature requires each optional feature's module on its
 * first use (one literal require each, for bundlers), from any floor; nothing loads it at import.
 */
const DEFERRED_LOADER = path.join(SRC, 'loading', 'load-feature.ts');

/** Each value import across units, as `from -> to (file: specifier)`. */
function crossings(): { from: string; to: string; where: string }[] {
  return sourceFiles(SRC)
    .filter((file) => file !== DEFERRED_LOADER)
    .flatMap((file) =>
      valueImports(file, readFileSync(file, 'utf8')).flatMap((specifier) => {
        const from = unitOf(file);
        const to = unitOf(path.resolve(path.dirname(file), specifier));
        return from === to ? [] : [{ from, to, where: `${path.relative(SRC, file)}: ${specifier}` }];
      }),
    );
}

describe("core's floors", () => {
  test('every folder and root file of src/ has a floor, and every name in the table exists', () => {
    const units = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
      .map((entry) => entry.name);
    expect(units.length).toBeGreaterThan(20); // really read the tree
    expect(units.filter((unit) => !rankOf.has(unit))).toEqual([]);
    expect([...rankOf.keys()].filter((name) => !units.includes(name))).toEqual([]);
  });

  test('no folder loads a value from a higher floor', () => {
    const all = crossings();
    expect(all.length).toBeGreaterThan(100); // really read the imports
    const upward = all
      .filter(({ from, to }) => rankOf.get(to)! > rankOf.get(from)!)
      .map(({ from, to, where }) => ({ pair: `${from} -> ${to}`, where }));
    expect(upward).toEqual([]);
  });

  test("ARCHITECTURE.md's map of core lists the same floors in the same order", () => {
    const text = readFileSync(ARCHITECTURE, 'utf8');
    const block = /Inside `@tessera\/core`[\s\S]*?```\n([\s\S]*?)```/.exec(text)?.[1];
    expect(block).toBeDefined();
    const documented = block!
      .split('\n')
      .filter((line) => /^floor \d+ /.test(line))
      .map((line) => {
        const names: string[] = [];
        for (const word of line.split(/\s+/).slice(2)) {
          if (!/^[\w.-]+(\/|\.ts)$/.test(word)) break;
          names.push(word.replace(/\/$/, ''));
        }
        return names;
      });
    expect(documented).toEqual(FLOORS);
  });
});

describe('valueImports, what the floors test reads', () => {
  test('values and effects count; type-only forms do not', () => {
    const source = [
      "import type { A } from './a';",
      "import { type B, type C } from './b';",
      "import { D } from './d';",
      "import { type E, F } from './f';",
      "import G from './g';",
      "import * as H from './h';",
      "import './i';",
      "export type { J } from './j';",
      "export { K } from './k';",
      "export * from './l';",
      "const m = require('./m') as typeof import('./n');",
      "const o = import('./o');",
      "import { P } from 'outside';",
    ].join('\n');
    expect(valueImports('sample.ts', source)).toEqual(['./d', './f', './g', './h', './i', './k', './l', './m', './o']);
  });
});
