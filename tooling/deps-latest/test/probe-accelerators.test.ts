import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// probe-accelerators.mjs is run as check:deps-latest runs it, on a scratch tree laid out as the repository is.
const SCRIPT = path.resolve(__dirname, '../probe-accelerators.mjs');

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'probe-accelerators-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function accelerator(pkg: string, name: string, probeSource?: string): void {
  const dir = path.join(root, 'packages', pkg, 'dist', 'accelerators', name);
  mkdirSync(dir, { recursive: true });
  if (probeSource !== undefined) writeFileSync(path.join(dir, 'probe.js'), probeSource);
}

function contract(pkg: string, name: string): void {
  mkdirSync(path.join(root, 'packages', pkg, 'test', 'contracts', name), { recursive: true });
}

function probe(...extra: string[]) {
  const foldersOut = path.join(root, 'contracts.txt');
  const run = spawnSync(process.execPath, [SCRIPT, '--root', root, '--folders-out', foldersOut, ...extra], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  const folders = run.status === 0 ? readFileSync(foldersOut, 'utf8').split('\n').filter(Boolean) : [];
  return { ...run, lines: run.stdout.split('\n').filter(Boolean), folders };
}

it('prints each accelerator on or off, and runs the contract of each one still on', () => {
  accelerator('core', 'lane', 'exports.probe = () => [];');
  accelerator('core', 'validation', "exports.probe = () => ['ValidationExecutor', 'getMetadataStorage()'];");
  accelerator('client', 'node-http');
  contract('core', 'lane');
  contract('core', 'validation');
  contract('client', 'node-http');

  const run = probe();

  expect(run.status).toBe(0);
  expect(run.lines).toEqual([
    "accelerator client/node-http: on (no probe: it shadows no dependency's internals)",
    'accelerator core/lane: on',
    'accelerator core/validation: off (ValidationExecutor; getMetadataStorage())',
    'contract packages/client/test/contracts/node-http: runs',
    'contract packages/core/test/contracts/lane: runs',
    'contract packages/core/test/contracts/validation: not run (its accelerator is off)',
  ]);
  expect(run.folders).toEqual(['packages/client/test/contracts/node-http', 'packages/core/test/contracts/lane']);
});

it('a probe that throws or answers something else than a list turns its accelerator off, naming why', () => {
  accelerator('core', 'lane', "exports.probe = () => { throw new Error('no Server export'); };");
  accelerator('core', 'odd', 'exports.probe = () => true;');
  contract('core', 'lane');

  const run = probe();

  expect(run.status).toBe(0);
  expect(run.lines).toEqual([
    'accelerator core/lane: off (the probe itself failed: no Server export)',
    'accelerator core/odd: off (the probe itself failed: probe() returned boolean, not a list)',
    'contract packages/core/test/contracts/lane: not run (its accelerator is off)',
  ]);
  expect(run.folders).toEqual([]);
});

it('a contract folder without an accelerator of its name runs', () => {
  contract('request-state', 'codec');
  expect(probe().folders).toEqual(['packages/request-state/test/contracts/codec']);
});

it('refuses an unknown argument by name', () => {
  const run = probe('--rot', 'x');
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('unknown or incomplete argument "--rot" (takes --root, --folders-out)');
});

it("finds the repository's own accelerators, the lane's probe among them, once built", () => {
  const repo = path.resolve(__dirname, '../../..');
  const run = spawnSync(process.execPath, [SCRIPT, '--root', repo], { encoding: 'utf8', timeout: 60_000 });
  expect(run.status).toBe(0);
  expect(run.stdout).toContain('accelerator core/lane: on\n');
  expect(run.stdout).toContain('contract packages/core/test/contracts/lane: runs\n');
});
