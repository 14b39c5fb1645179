import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// `npx tessera` outside this repository fetches `tessera`, an unrelated package on the public registry; the docs
// run the terminal client as `npx @tessera/cli` (npm runs a package's only bin) or as `tessera` once installed.
const ROOT = path.resolve(__dirname, '../../..');
const DOC_ROOTS = ['README.md', 'ARCHITECTURE.md', 'packages', 'apps', 'tooling', 'docs'];
const SKIPPED = new Set(['node_modules', 'dist', 'api', '.vitepress']);

function markdownFiles(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return relative.endsWith('.md') ? [relative] : [];
  return readdirSync(full)
    .filter((entry) => !SKIPPED.has(entry))
    .flatMap((entry) => markdownFiles(path.join(relative, entry)));
}

describe('how the docs run the terminal client', () => {
  test('@tessera/cli has one bin, tessera, so `npx @tessera/cli` runs it', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages/cli/package.json'), 'utf8'));
    expect(manifest.bin).toEqual({ tessera: 'dist/bin.js' });
  });

  test('no page says `npx tessera`', () => {
    const files = DOC_ROOTS.flatMap(markdownFiles);
    expect(files).toContain(path.join('packages', 'cli', 'README.md'));
    const mentions = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\bnpx (--\S+ )*tessera(?![-\w/])/.test(line) ? [`${file}:${index + 1}`] : [])),
    );
    expect(mentions).toEqual([]);
  });
});
