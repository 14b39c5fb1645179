import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// check:deps-latest skips its scratch clone only when this script finds nothing newer than what is installed.
const SCRIPT = path.resolve(__dirname, '../newer-than-installed.mjs');

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'newer-than-installed-'));
  installed('@modelcontextprotocol/server', '2.4.0');
  installed('class-validator', '0.15.1');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function installed(name: string, version: string): void {
  const dir = path.join(root, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version }));
}

const newer = (...specs: string[]) =>
  spawnSync(process.execPath, [SCRIPT, '--root', root, ...specs], { encoding: 'utf8', timeout: 30_000 });

test('nothing printed when every newest version is the installed one', () => {
  const run = newer('@modelcontextprotocol/server@2.4.0', 'class-validator@0.15.1');
  expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 0, stdout: '' });
});

test('one line per package that is newer, or not installed at all', () => {
  const run = newer('@modelcontextprotocol/server@2.5.0', 'class-validator@0.15.1', 'tsyringe@4.10.0');
  expect(run.status).toBe(0);
  expect(run.stdout.trim().split('\n')).toEqual([
    '@modelcontextprotocol/server 2.4.0 -> 2.5.0',
    'tsyringe (not installed) -> 4.10.0',
  ]);
});

test('a spec without a version is refused, naming it', () => {
  const run = newer('class-validator');
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('not a name@version: "class-validator"');
});
