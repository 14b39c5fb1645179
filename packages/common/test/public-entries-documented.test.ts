import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

// Every public entry of every package (each `exports` subpath with types) has an API report, which
// `npm run check:api` holds against the built .d.ts, and a page in the typedoc reference (`npm run docs`):
// an entry added without them would change its surface unseen and stay undocumented.

const ROOT = path.resolve(__dirname, '../../..');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

interface Entry {
  readonly name: string;
  /** The built declaration file, relative to the package folder: `dist/index.d.ts`. */
  readonly types: string;
  readonly packageDir: string;
}

function publicEntries(): Entry[] {
  const entries: Entry[] = [];
  for (const dir of readdirSync(path.join(ROOT, 'packages'))) {
    const packageDir = `packages/${dir}`;
    const manifest = JSON.parse(read(`${packageDir}/package.json`)) as {
      name: string;
      exports?: Record<string, { types?: string } | string>;
    };
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (typeof target !== 'object' || target.types === undefined) continue;
      entries.push({
        name: path.posix.join(manifest.name, subpath),
        types: path.posix.normalize(target.types),
        packageDir,
      });
    }
  }
  return entries;
}

/** The API Extractor configs check-api.mjs runs, each as the declaration file it reads. */
function reportedDeclarations(): Set<string> {
  const configs = [...read('scripts/api/check-api.mjs').matchAll(/'(packages\/[^']+\/api-extractor[^']*\.json)'/g)];
  return new Set(
    configs.map(([, file]) => {
      const config = JSON.parse(read(file)) as { mainEntryPointFilePath: string };
      const packageDir = path.posix.dirname(file);
      return path.posix.join(packageDir, config.mainEntryPointFilePath.replace('<projectFolder>/', ''));
    }),
  );
}

/** typedoc's entry points, each as the declaration file tsc builds from it. */
function documentedDeclarations(): Set<string> {
  const { entryPoints } = JSON.parse(read('typedoc.json')) as { entryPoints: string[] };
  return new Set(entryPoints.map((source) => source.replace('/src/', '/dist/').replace(/\.ts$/, '.d.ts')));
}

const entries = publicEntries();

test('finds the packages and their entries', () => {
  expect(entries.map((entry) => entry.name)).toEqual(
    expect.arrayContaining(['@tessera/core', '@tessera/core/validators', '@tessera/redis']),
  );
});

test.each(entries.map((entry) => [entry.name, entry] as const))('%s has an API report', (_name, entry) => {
  expect(reportedDeclarations()).toContain(path.posix.join(entry.packageDir, entry.types));
});

test.each(entries.map((entry) => [entry.name, entry] as const))('%s has a typedoc page', (_name, entry) => {
  expect(documentedDeclarations()).toContain(path.posix.join(entry.packageDir, entry.types));
});
