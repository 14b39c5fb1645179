import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { loadFeature } from '../../src/loading/load-feature';
import { OPTIONAL_FEATURES, type OptionalFeature } from '../../src/loading/optional-features';

/*
 * One way to defer a module (issue #40): every module core loads on first use is an entry of one list
 * (loading/optional-features.ts) and is loaded by one function (loading/load-feature.ts), the only place that
 * would change for an ES-module build. The listen-loading fixture reads the same list.
 */

const SRC = path.resolve(__dirname, '../../src');
const LOADING = path.join(SRC, 'loading');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function requireCalls(file: string): number {
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require') count++;
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  return count;
}

describe('the optional features', () => {
  const features = Object.keys(OPTIONAL_FEATURES) as OptionalFeature[];

  test.each(features)('%s: its module is the one Node resolves, loaded once', (feature) => {
    const { module } = OPTIONAL_FEATURES[feature];
    const resolved = require.resolve(module.startsWith('.') ? path.join(LOADING, module) : module);
    const first = loadFeature(feature);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module as Node resolves it, to compare
    expect(first).toBe(require(resolved));
    expect(loadFeature(feature)).toBe(first);
  });

  test('each says who needs it', () => {
    for (const feature of features) expect(OPTIONAL_FEATURES[feature].neededBy.length).toBeGreaterThan(10);
  });

  test('no other core file requires a module at run time (accelerators aside)', () => {
    const requiring = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => !file.startsWith('accelerators/') && file !== 'loading/load-feature.ts')
      .filter((file) => requireCalls(path.join(SRC, file)) > 0);
    expect(requiring).toEqual([]);
  });
});
