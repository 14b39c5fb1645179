import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { includesOf, inlineTsFences, sourcePages } from '../src/page-sources';

const ROOT = join(__dirname, '..', '..', '..');
const DOCS = join(ROOT, 'docs');
const pages = sourcePages(DOCS);

describe("the site's code blocks come from compiled files", () => {
  test('the pages are found (a guard against checking nothing)', () => {
    expect(pages.size).toBeGreaterThan(25);
    expect([...pages.keys()]).toEqual(expect.arrayContaining(['index.md', join('guide', 'getting-started.md')]));
  });

  test('no page writes a TypeScript fence inline', () => {
    const inline = [...pages].flatMap(([path, text]) => inlineTsFences(text).map((line) => `${path}:${line}`));
    expect(inline).toEqual([]);
  });

  test('every <<< include names a file that exists, and a region that file has', () => {
    const broken: string[] = [];
    let count = 0;
    for (const [path, text] of pages)
      for (const include of includesOf(text, dirname(join(DOCS, path)), DOCS)) {
        count++;
        if (!existsSync(include.file)) broken.push(`${path}:${include.line}: no file ${include.file}`);
        else if (include.region && !readFileSync(include.file, 'utf8').includes(`#region ${include.region}`))
          broken.push(`${path}:${include.line}: ${include.file} has no region "${include.region}"`);
      }
    expect(broken).toEqual([]);
    expect(count).toBeGreaterThan(25);
  });

  test("the README's complete example is the getting-started snippet, verbatim", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## A complete small example\n'));
    const ts = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    const json = /```json\n([\s\S]*?)```/.exec(section)?.[1];
    expect(ts).toBe(readFileSync(join(DOCS, 'snippets', 'getting-started', 'server.ts'), 'utf8'));
    expect(json).toBe(readFileSync(join(DOCS, 'snippets', 'getting-started', 'tsconfig.json'), 'utf8'));
  });

  test('every snippet compiles against the packages (tsc -p docs/snippets)', () => {
    const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
    for (const project of ['docs/snippets', 'docs/snippets/getting-started']) {
      const run = spawnSync(tsc, ['-p', project, '--noEmit'], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 });
      expect({ project, status: run.status, output: run.stdout + run.stderr }).toEqual({
        project,
        status: 0,
        output: '',
      });
    }
  });
});
