import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppSurface } from '@tessera/core/advanced';
import type { Tool } from '@modelcontextprotocol/client';
import { runCaptured } from './fixtures/run-captured';

// `tessera inspect` loads compiled apps the way a user's node does, so it runs as the built CLI (npm test builds
// first) on compiled entries: the conformance server's module and a fixture compiled here with decorator metadata.
const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'packages/cli/dist/bin.js');
const CONFORMANCE_MODULE = path.join(ROOT, 'tooling/conformance/dist/server/app.js');
const CONFORMANCE_MAIN = path.join(ROOT, 'tooling/conformance/dist/server/main.js');
const FIXTURES = path.join(__dirname, 'fixtures/inspect');
const SEEDED_KEY = 'inspect-fixture-seeded-key-0123456789abcdef';

function tessera(...args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
}

let built: string;
beforeAll(() => {
  // inside the repository, so that the compiled fixture resolves @tessera/core as a project's file would
  built = mkdtempSync(path.join(FIXTURES, '.built-'));
  const tsc = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/typescript/bin/tsc'),
      path.join(FIXTURES, 'guarded.app.ts'),
      ...['--outDir', built, '--rootDir', FIXTURES, '--module', 'node16', '--moduleResolution', 'node16'],
      ...['--target', 'ES2022', '--experimentalDecorators', '--emitDecoratorMetadata', '--skipLibCheck'],
      ...['--types', 'node', '--strict'],
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  expect(tsc.stdout + tsc.stderr).toBe('');
});
afterAll(() => rmSync(built, { recursive: true, force: true }));

describe('tessera inspect --json of the conformance module', () => {
  let server: ReturnType<typeof spawn>;
  let url: string;

  beforeAll(async () => {
    server = spawn(process.execPath, [CONFORMANCE_MAIN, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = /LISTENING (\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      server.once('exit', (code) => reject(new Error(`the conformance server exited (${code})`)));
    });
  });
  afterAll(() => {
    server.kill();
  });

  it("lists the same tools, with the same input schemas, as the served app's tools/list", async () => {
    const inspected = tessera('inspect', '--json', CONFORMANCE_MODULE);
    expect(inspected.stderr).toBe('');
    expect(inspected.status).toBe(0);
    const surface = JSON.parse(inspected.stdout) as AppSurface;
    const listed = await runCaptured(['tools', '--json', url]);
    expect(listed.code).toBe(0);
    const { tools } = JSON.parse(listed.stdout) as { tools: Tool[] };
    expect(surface.tools.length).toBeGreaterThan(10);
    expect(surface.tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema }))).toEqual(
      tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema })),
    );
  });
});

describe('tessera inspect of an app with questions, guards and a request-state key', () => {
  it('shows the questions and the pipeline in order, and the security settings', () => {
    const run = tessera('inspect', '--json', path.join(built, 'guarded.app.js'));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const surface = JSON.parse(run.stdout) as AppSurface;
    const [deploy] = surface.tools;
    expect(deploy!.name).toBe('deploy');
    expect(deploy!.taskSupport).toBe('optional');
    expect(
      deploy!.questions.map(({ key, message, after, conditional, inject }) => ({
        key,
        message,
        after,
        conditional,
        inject,
      })),
    ).toEqual([
      { key: 'region', message: 'Which region?', after: [], conditional: false, inject: 'outcome' },
      { key: 'fallback', message: null, after: ['region'], conditional: true, inject: 'value' },
    ]);
    const stages = Object.fromEntries(deploy!.pipeline.map((s) => [s.stage, s.runs]));
    expect(stages.guards).toEqual(['SignedIn', 'Owner']);
    expect(stages.interceptors).toEqual(['Timing']);
    expect(stages.filters).toEqual(['Friendly']);
    expect(stages.params).toContain('pipe Trim');
    const order = deploy!.pipeline.map((s) => s.stage);
    expect(order.indexOf('guards')).toBeLessThan(order.indexOf('interceptors'));
    expect(order.indexOf('interceptors')).toBeLessThan(order.indexOf('params'));
    expect(surface.extensions).toEqual(['io.modelcontextprotocol/tasks']);
    expect(surface.security).toEqual({
      keySource: 'configured',
      ttlSeconds: 600,
      audience: 'inspect-audience',
      singleUse: true,
      recordsIdempotentLegs: true,
      bindsPrincipal: false,
    });
  });

  it('prints no key material, as text or as JSON', () => {
    const key = Buffer.from(SEEDED_KEY, 'utf8');
    for (const args of [['--json'], []]) {
      const run = tessera('inspect', ...args, path.join(built, 'guarded.app.js'));
      expect(run.status).toBe(0);
      const printed = run.stdout + run.stderr;
      expect(printed).toContain('inspect-audience');
      for (const encoded of [SEEDED_KEY, key.toString('base64'), key.toString('base64url'), key.toString('hex')])
        expect(printed).not.toContain(encoded);
    }
  });

  it('prints the text form with the questions and guards in order', () => {
    const run = tessera('inspect', path.join(built, 'guarded.app.js'));
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('region @Elicit "Which region?" (outcome)');
    expect(run.stdout).toContain('fallback @Elicit (message computed) after region when ... (value)');
    expect(run.stdout).toContain('guards: SignedIn -> Owner');
  });
});

describe('which export tessera inspect reads', () => {
  it("reads an ES module's export default, and the app when the entry exports createApp's result", () => {
    const entry = path.join(built, 'default.mjs');
    writeFileSync(entry, "import { guardedModule } from './guarded.app.js';\nexport default guardedModule;\n");
    const run = tessera('inspect', '--json', entry);
    expect(run.stderr).toBe('');
    expect((JSON.parse(run.stdout) as AppSurface).name).toBe('inspect-guarded');
    const appEntry = path.join(built, 'app.cjs');
    writeFileSync(
      appEntry,
      "const { createApp } = require('@tessera/core');\n" +
        "exports.app = createApp(require('./guarded.app.js').guardedModule);\n",
    );
    const app = tessera('inspect', '--json', appEntry);
    expect(app.stderr).toBe('');
    expect((JSON.parse(app.stdout) as AppSurface).tools.map((t) => t.name)).toEqual(['deploy']);
  });

  it('asks for --export when several exports fit, and reads the one it names', () => {
    const entry = path.join(built, 'two.cjs');
    writeFileSync(
      entry,
      "const { guardedModule } = require('./guarded.app.js');\n" +
        "exports.first = guardedModule;\nexports.second = { ...guardedModule, name: 'second' };\n",
    );
    const ambiguous = tessera('inspect', entry);
    expect(ambiguous.status).toBe(2);
    expect(ambiguous.stderr).toContain('exports several (first, second): choose one with --export <name>');
    const chosen = tessera('inspect', '--json', '--export', 'second', entry);
    expect(chosen.status).toBe(0);
    expect((JSON.parse(chosen.stdout) as AppSurface).name).toBe('second');
    expect(tessera('inspect', '--export', 'third', entry).status).toBe(2);
  });
});

describe('tessera inspect of a bad entry', () => {
  it('exits 2 naming the file and what it expected when the entry exports neither a module nor an app', () => {
    const entry = path.join(built, 'neither.cjs');
    writeFileSync(entry, 'exports.answer = 42;\n');
    const run = tessera('inspect', entry);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(entry);
    expect(run.stderr).toContain('exports neither');
    expect(run.stderr).toContain('export default, app, appModule, module');
  });

  it('exits 2 for a missing file, and for a file that is not compiled JavaScript', () => {
    expect(tessera('inspect', path.join(built, 'missing.js')).status).toBe(2);
    const ts = tessera('inspect', path.join(FIXTURES, 'guarded.app.ts'));
    expect(ts.status).toBe(2);
    expect(ts.stderr).toContain('not a compiled JavaScript file');
  });

  it("exits 1 with createApp's own message when the module is refused", () => {
    const entry = path.join(built, 'refused.cjs');
    writeFileSync(entry, 'exports.appModule = { name: "refused", version: "1", providers: [42] };\n');
    const run = tessera('inspect', entry);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`createApp refused the module from ${entry}`);
    expect(run.stderr).toContain('providers must be classes');
  });

  it('--help shows the options, an example and the exit codes', () => {
    const run = tessera('inspect', '--help');
    expect(run.status).toBe(0);
    for (const part of ['--json', '--export <name>', 'Example:', 'Exit codes:']) expect(run.stdout).toContain(part);
  });
});
