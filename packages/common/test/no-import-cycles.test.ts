import { execFileSync } from 'node:child_process';
import path from 'node:path';

// No package's sources import in a circle, type-only imports included (a circle of types still ties the files'
// meanings together). dpdm reads the imports with the TypeScript parser.

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The circles known and not yet broken, each written as its files in dpdm's order: the test fails when one of
 * them is gone too, so this list only shrinks. The task runtime takes the server runtime, which holds it.
 */
const KNOWN = [
  ['packages/core/src/server/server-runtime.ts', 'packages/core/src/tasks/task-runtime.ts'],
  [
    'packages/core/src/server/server-runtime.ts',
    'packages/core/src/tasks/task-runtime.ts',
    'packages/core/src/tasks/task-owner.ts',
  ],
].map((circle) => circle.join(' -> '));

// dpdm loads ES modules jest's module system cannot require: it runs in a plain node process. core's
// loading/load-feature.ts is not followed: its requires run on a feature's first use, never at import, so an edge
// through it is no import circle (it is the one place core defers a module, by design).
const PROBE = `
const { parseDependencyTree, parseCircular } = require('dpdm');
parseDependencyTree('packages/*/src/**/*.ts', {
  context: process.cwd(), transform: false, skipDynamicImports: false,
  include: /packages\\/[^/]+\\/src\\//, exclude: /node_modules|packages\\/core\\/src\\/loading\\/load-feature\\.ts/,
}).then((tree) => console.log(JSON.stringify({ files: Object.keys(tree).length, circles: parseCircular(tree, false) })));
`;

test('no import circle in packages/*/src beyond the known ones', () => {
  const found = JSON.parse(execFileSync(process.execPath, ['-e', PROBE], { cwd: ROOT, encoding: 'utf8' })) as {
    files: number;
    circles: string[][];
  };
  expect(found.files).toBeGreaterThan(100); // really read the sources
  const circles = found.circles.map((circle) => circle.join(' -> '));
  expect(circles.sort()).toEqual([...KNOWN].sort());
});
