import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// What the packages share lives once: every exported error class in its package's errors/ folder, every code in
// that package's errors/codes.ts and thrown by one of its classes, and the state-carrying methods listed here only.

const PACKAGES = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const packageSources = readdirSync(PACKAGES).flatMap((name) =>
  readdirSync(path.join(PACKAGES, name)).includes('src') ? sources(path.join(PACKAGES, name, 'src')) : [],
);
const relative = (file: string) => path.relative(PACKAGES, file);

test("every exported error class lives in its package's errors/ folder", () => {
  const outside = packageSources.filter(
    (file) =>
      !file.includes(`${path.sep}errors${path.sep}`) &&
      /export class \w+ extends \w*Error\b/.test(readFileSync(file, 'utf8')),
  );
  expect(outside.map(relative)).toEqual([]);
});

test.each([
  ['request-state', 'RequestStateErrorCode'],
  ['request-state', 'RequestStateJsonRpcCode'],
  ['client', 'TesseraClientErrorCode'],
])("every code of %s's %s is thrown by one of its error classes", (pkg, table) => {
  const errorsDir = path.join(PACKAGES, pkg, 'src', 'errors');
  const codesFile = path.join(errorsDir, 'codes.ts');
  const codes = readFileSync(codesFile, 'utf8');
  const body = codes.slice(codes.indexOf(`export const ${table} = {`));
  const keys = [...body.slice(0, body.indexOf('} as const')).matchAll(/^\s+(\w+):/gm)].map((m) => m[1]);
  expect(keys.length).toBeGreaterThan(0);
  const classes = sources(errorsDir)
    .filter((file) => file !== codesFile)
    .map((file) => readFileSync(file, 'utf8'))
    .filter((text) => /export class \w+ extends/.test(text));
  const unthrown = keys.filter((key) => !classes.some((text) => text.includes(`${table}.${key}`)));
  expect(unthrown).toEqual([]);
});

test('the state-carrying methods are listed in @tessera/common only', () => {
  // a list or a union of the three names (a call's shape per method, as the client's, is not a copy of the list)
  const listing = /'tools\/call'(\s*[,|]\s*)'prompts\/get'\1'resources\/read'/;
  const copies = packageSources
    .filter((file) => !file.startsWith(path.join(PACKAGES, 'common') + path.sep))
    .filter((file) => listing.test(readFileSync(file, 'utf8')));
  expect(copies.map(relative)).toEqual([]);
});
