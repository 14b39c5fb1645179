import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// `tessera dev` leaves no process behind, however it ends: Ctrl+C, SIGTERM, or killed outright. The project's
// compiler is a stand-in for TypeScript 7's launcher on Node without process.execve (it waits on the native
// compiler as its own child); the entry is the conformance server's built module (npm test builds first).
const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'packages/cli/dist/bin.js');
const ENTRY = path.join(ROOT, 'tooling/conformance/dist/server/app.js');
const LAUNCHER = path.join(__dirname, 'fixtures/ts7-launcher');
/** How long the children may take to go: the server drains first (its own deadline is 12 s). */
const GONE_WITHIN_MS = 20_000;

/** Every process in the tree under `root` (not `root` itself), with its command line. */
function descendants(root: number): Map<number, string> {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
  }
  const found = new Map<number, string>();
  const walk = (pid: number): void =>
    (parents.get(pid) ?? []).forEach((child) => {
      found.set(child, commandOf(child));
      walk(child);
    });
  walk(root);
  return found;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Running: it exists and is not a zombie waiting for a parent to reap it. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe('tessera dev stops every child it started', () => {
  let project: string;
  let dev: ChildProcess | undefined;
  let children = new Map<number, string>();

  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), 'tessera-dev-children-'));
    const typescript = path.join(project, 'node_modules/typescript');
    mkdirSync(path.join(typescript, 'bin'), { recursive: true });
    writeFileSync(
      path.join(typescript, 'package.json'),
      JSON.stringify({ name: 'typescript', version: '7.0.2', bin: { tsc: './bin/tsc.cjs' } }),
    );
    copyFileSync(path.join(LAUNCHER, 'tsc.cjs'), path.join(typescript, 'bin/tsc.cjs'));
    copyFileSync(path.join(LAUNCHER, 'compiler.cjs'), path.join(typescript, 'bin/compiler.cjs'));
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'dev-children', private: true }));
    writeFileSync(path.join(project, 'tsconfig.json'), '{}');
  });
  afterEach(() => {
    // whatever the test saw, nothing it started outlives it
    if (dev?.pid !== undefined && running(dev.pid)) dev.kill('SIGKILL');
    children.forEach((_, pid) => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone, as it should be
      }
    });
    children = new Map();
    dev = undefined;
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  /** Starts tessera dev and resolves once it serves, with its children then. */
  async function startDev(): Promise<ChildProcess> {
    const started = spawn(process.execPath, [BIN, 'dev', '--port', '0', ENTRY], {
      cwd: project,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    dev = started;
    await new Promise<void>((resolve, reject) => {
      let said = '';
      started.stderr!.on('data', (chunk: Buffer) => {
        said += chunk.toString('utf8');
        if (said.includes('tessera dev: serving ')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`tessera dev exited (${code}) before serving:\n${said}`)));
    });
    children = descendants(started.pid!);
    const commands = [...children.values()];
    expect(commands.some((c) => c.includes('compiler.cjs'))).toBe(true);
    expect(commands.some((c) => c.includes('serve-child.js'))).toBe(true);
    return started;
  }

  /** Resolves once none of the children runs; rejects naming those left after the bound. */
  async function childrenGone(): Promise<void> {
    const deadline = Date.now() + GONE_WITHIN_MS;
    for (;;) {
      const left = [...children].filter(([pid]) => running(pid));
      if (left.length === 0) return;
      if (Date.now() > deadline)
        throw new Error(`left running: ${left.map(([pid, command]) => `${pid} ${command}`).join('; ')}`);
      await new Promise((wake) => setTimeout(wake, 100));
    }
  }

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'on %s: exits 0 with the compiler, its launcher and the server stopped',
    async (signal) => {
      const started = await startDev();
      const exited = new Promise((resolve) => started.once('exit', resolve));
      started.kill(signal);
      expect(await exited).toBe(0);
      await childrenGone();
    },
    60_000,
  );

  it('killed outright (SIGKILL): its reaper stops the compiler, its launcher and the server', async () => {
    const started = await startDev();
    expect([...children.values()].some((c) => c.includes('reaper-child.js'))).toBe(true);
    const exited = new Promise((resolve) => started.once('exit', (_, signal) => resolve(signal)));
    started.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    await childrenGone();
  }, 60_000);
});
