// The docs' toolchain table and the pins check:toolchains runs on must name the same versions.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const MODULE = path.resolve(__dirname, '..', 'documented-matrix.mjs');

/** Runs assertMatrixDocumented (an ES module) in a child Node; the page from the argument, or the real one. */
function check(page?: string): string {
  const script = `import { assertMatrixDocumented } from ${JSON.stringify(MODULE)};
    try { console.log('named ' + assertMatrixDocumented(...process.argv.slice(1)).join(' ')); }
    catch (error) { console.log(error.message); }`;
  const args = page === undefined ? [] : [page];
  return execFileSync(process.execPath, ['--input-type=module', '-e', script, ...args], { encoding: 'utf8' }).trim();
}

describe('the documented toolchain matrix', () => {
  test('docs/project/checks.md names every pinned Node and TypeScript version', () => {
    expect(check()).toMatch(/^named 22\.\d+\.\d+ 24\.\d+\.\d+ 26\.\d+\.\d+ 5\.9\.\d+ 7\.\d+\.\d+$/);
  });

  test('a table missing a pinned version is refused, naming it', () => {
    const stale =
      '## Toolchains\n\n| Node | 22.0.0, 24.22.3, 26.12.1 |\n| TypeScript | 5.9.3, 7.0.2 |\n\n## Conformance\n';
    expect(check(stale)).toMatch(/does not name 22\.\d+\.\d+ \(tooling\/toolchains\/versions\.mjs\)$/);
  });

  test('a version named only after the section does not count', () => {
    const elsewhere = '## Toolchains\n\n22.23.5 24.22.3 26.12.1 5.9.3\n\n## Conformance\n\nTypeScript 7.0.2\n';
    expect(check(elsewhere)).toMatch(/does not name 7\.0\.2 /);
  });

  test('a page without the section is refused', () => {
    expect(check('# Checks\n\n## Conformance\n')).toBe('docs/project/checks.md has no "## Toolchains" section');
  });
});
