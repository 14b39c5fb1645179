// The packages' entries (entry/*.js) load the one-file build that `npm run build` makes after tsc
// (scripts/build/bundle-packages.mjs) when it is current, and tsc's files otherwise. Checked on copies of core and
// request-state, each bundled here in a folder of its own (the repository's own build is left alone), in fresh
// processes: what a server's imports load, that every entry gives the names and values tsc's files give, an
// ES-module import, and a bundle that is missing or older than tsc's output.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');
const BUNDLER = join(ROOT, 'scripts', 'build', 'bundle-packages.mjs');

let work: string;
const core = () => join(work, 'core');
const requestState = () => join(work, 'request-state');

/** Runs `script` (CommonJS, or an ES module with `esm`) in a fresh node process and returns what it printed as JSON. */
function inNode<T>(script: string, esm = false): T {
  const args = esm ? ['--input-type=module', '-e', script] : ['-e', script];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: work, encoding: 'utf8', timeout: 60_000 })) as T;
}

/** Core's files a fresh process has loaded after requiring `entries` (paths inside the copy). */
function coreFilesLoadedBy(...entries: string[]): string[] {
  return inNode<string[]>(`
    for (const e of ${JSON.stringify(entries)}) require(${JSON.stringify(core())} + '/entry/' + e + '.js');
    const prefix = ${JSON.stringify(core() + '/')};
    console.log(JSON.stringify(Object.keys(require.cache).filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length))));
  `);
}

function bundle(folder: string): void {
  execFileSync(process.execPath, [BUNDLER, folder], { encoding: 'utf8', timeout: 120_000 });
}

beforeAll(() => {
  // tsc's output for both packages (nothing to do when the suite's build made it)
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'packages/core'], {
    cwd: ROOT,
    timeout: 240_000,
  });
  work = mkdtempSync(join(tmpdir(), 'tessera-bundled-entries-'));
  // the copies find their dependencies where the repository's packages do
  symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'), 'dir');
  for (const [name, to] of [
    ['core', core()],
    ['request-state', requestState()],
  ]) {
    for (const part of ['package.json', 'entry', 'dist'])
      cpSync(join(ROOT, 'packages', name, part), join(to, part), {
        recursive: true,
        filter: (source) => !source.includes(`${join('dist', 'bundle')}`),
      });
    bundle(to);
  }
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the bundled entries', () => {
  test('a server importing @tessera/core and @tessera/core/node loads one file of core', () => {
    expect(coreFilesLoadedBy('index', 'node')).toEqual([
      'entry/index.js',
      'entry/bundle.js',
      'dist/bundle/core.js',
      'entry/node.js',
    ]);
  });

  test("request-state's entries load one file of it", () => {
    const files = inNode<string[]>(`
      require(${JSON.stringify(requestState())} + '/entry/index.js');
      require(${JSON.stringify(requestState())} + '/entry/framework.js');
      console.log(JSON.stringify(Object.keys(require.cache).filter((f) => f.startsWith(${JSON.stringify(requestState() + '/dist/')}))));
    `);
    expect(files).toEqual([join(requestState(), 'dist', 'bundle', 'request-state.js')]);
  });

  test("each entry exports what tsc's file exports: the same names, classes named alike", () => {
    const differences = inNode<string[]>(`
      const ENTRIES = { index: 'index.js', node: 'node/index.js', advanced: 'advanced.js', validators: 'validators.js' };
      const dir = ${JSON.stringify(core())};
      const differences = [];
      for (const [entry, file] of Object.entries(ENTRIES)) {
        const bundled = require(dir + '/entry/' + entry + '.js');
        const plain = require(dir + '/dist/' + file);
        if (Object.keys(bundled).sort().join() !== Object.keys(plain).sort().join()) differences.push(entry + ': other names');
        for (const name of Object.keys(plain))
          if (typeof plain[name] === 'function' && bundled[name].name !== plain[name].name)
            differences.push(entry + '.' + name + ' is named ' + bundled[name].name + ', not ' + plain[name].name);
      }
      console.log(JSON.stringify(differences));
    `);
    expect(differences).toEqual([]);
  });

  test("the entries share one instance of each module: @tessera/core/node's listen serves @tessera/core's app", () => {
    const answer = inNode<unknown>(`
      const dir = ${JSON.stringify(core())};
      const { createApp, Provider, Tool } = require(dir + '/entry/index.js');
      const { listen } = require(dir + '/entry/node.js');
      class Greeter { hello() { return 'hello from the bundle'; } }
      Tool({ description: 'Says hello' })(Greeter.prototype, 'hello', Object.getOwnPropertyDescriptor(Greeter.prototype, 'hello'));
      Provider()(Greeter);
      (async () => {
        const listener = await listen(createApp({ name: 'bundled', version: '1.0.0', providers: [Greeter] }), { port: 0 });
        try {
          const response = await fetch(listener.url, {
            method: 'POST',
            headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json',
              'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'hello' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'hello', arguments: {},
              _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28',
                'io.modelcontextprotocol/clientInfo': { name: 'test', version: '0' },
                'io.modelcontextprotocol/clientCapabilities': {} } } }),
          });
          console.log(JSON.stringify((await response.json()).result.content));
        } finally {
          await listener.close();
        }
      })();
    `);
    expect(answer).toEqual([{ type: 'text', text: 'hello from the bundle' }]);
  });

  test('an ES-module import sees every name the entry exports, with the bundle behind it', () => {
    const report = inNode<{ names: string[]; expected: string[]; same: boolean }>(
      `
      import { createRequire } from 'node:module';
      import * as core from ${JSON.stringify(core() + '/entry/index.js')};
      import { createApp } from ${JSON.stringify(core() + '/entry/index.js')};
      const require = createRequire(import.meta.url);
      const expected = Object.keys(require(${JSON.stringify(core() + '/dist/index.js')}));
      const names = Object.keys(core).filter((n) => n !== 'default' && n !== '__esModule');
      const same = createApp === require(${JSON.stringify(core() + '/dist/bundle/core.js')}).index().createApp;
      console.log(JSON.stringify({ names: names.sort(), expected: expected.filter((n) => n !== '__esModule').sort(), same }));
    `,
      true,
    );
    expect(report.names).toEqual(report.expected);
    expect(report.same).toBe(true);
  });

  test('a published package (no build info) loads the bundle', () => {
    const info = join(core(), 'dist', '.tsbuildinfo');
    const kept = join(work, 'tsbuildinfo');
    cpSync(info, kept, { preserveTimestamps: true });
    rmSync(info);
    try {
      expect(coreFilesLoadedBy('index')).toContain('dist/bundle/core.js');
      expect(coreFilesLoadedBy('index')).not.toContain('dist/index.js');
    } finally {
      cpSync(kept, info, { preserveTimestamps: true });
    }
  });

  test("a bundle older than tsc's output (tsc -b alone rebuilt dist) is not used: tsc's files are", () => {
    const info = join(core(), 'dist', '.tsbuildinfo');
    const later = new Date(Date.now() + 60_000);
    utimesSync(info, later, later);
    try {
      const files = coreFilesLoadedBy('index', 'node');
      expect(files).toContain('dist/index.js');
      expect(files).toContain('dist/node/index.js');
      const same = inNode<boolean>(`
        const dir = ${JSON.stringify(core())};
        console.log(require(dir + '/entry/index.js').createApp === require(dir + '/dist/index.js').createApp);
      `);
      expect(same).toBe(true);
    } finally {
      bundle(core());
    }
    expect(coreFilesLoadedBy('index')).not.toContain('dist/index.js');
  });

  test("without a bundle (tsc -b on a fresh clone), tsc's files", () => {
    const bundleDir = join(core(), 'dist', 'bundle');
    rmSync(bundleDir, { recursive: true });
    try {
      const files = coreFilesLoadedBy('index', 'node');
      expect(files).toContain('dist/index.js');
      expect(files).not.toContain('dist/bundle/core.js');
    } finally {
      bundle(core());
    }
  });
});
