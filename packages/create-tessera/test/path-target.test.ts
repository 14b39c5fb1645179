import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectTarget } from '../src/project-target';

// The README's tarball route, `node packages/create-tessera/dist/bin.js ../my-server`, run from source in a fresh node.
const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'packages/create-tessera/src/bin.ts');
const REGISTER = path.join(ROOT, 'packages/core/test/e2e/support/register-sources.cjs');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'create-tessera-path-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function createTessera(cwd: string, ...args: string[]) {
  return spawnSync(process.execPath, ['-r', REGISTER, BIN, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
}

describe('create-tessera <path>', () => {
  test('a relative path is the folder, and its last segment the project name', () => {
    const clone = path.join(dir, 'tessera');
    mkdirSync(clone);
    const run = createTessera(clone, '../my-server');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'my-server', 'package.json'), 'utf8'));
    expect(manifest.name).toBe('my-server');
    expect(run.stdout).toContain(`Created my-server in ${path.join(dir, 'my-server')}`);
    expect(run.stdout).toContain('cd ../my-server');
  });

  test('a path whose last segment is not a package name is refused, naming the segment', () => {
    const run = createTessera(dir, './tools/My Server');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('"My Server" cannot be a project name: it has uppercase letters');
  });

  test('names, scoped names and --dir keep the argument a name', () => {
    expect(projectTarget('my-server')).toEqual({ name: 'my-server', directory: undefined });
    expect(projectTarget('@acme/tickets')).toEqual({ name: '@acme/tickets', directory: undefined });
    expect(projectTarget('my-server', 'out/here')).toEqual({ name: 'my-server', directory: 'out/here' });
    expect(projectTarget('/srv/apps/billing')).toEqual({ name: 'billing', directory: '/srv/apps/billing' });
    expect(projectTarget('.')).toEqual({ name: path.basename(process.cwd()), directory: '.' });
  });
});
