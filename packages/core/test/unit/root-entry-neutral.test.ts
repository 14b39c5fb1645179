import path from 'node:path';
import { runSourceAsync } from '../e2e/support/run-source';

// The root entry is the runtime-neutral face: it loads and serves a call where node:http and node:net
// do not exist (Workers, Deno, bundles for the edge). Node-only faces live in '@tessera/core/node'.

const support = path.join(__dirname, '..', 'e2e', 'support');
const fixture = path.join(__dirname, '..', 'e2e', 'fixtures', 'neutral-call.fixture.ts');
const flowFixture = path.join(__dirname, '..', 'e2e', 'fixtures', 'neutral-flow.fixture.ts');
const refuseBuiltins = path.join(support, 'refuse-node-builtins-in-sources.cjs');

function run(entry?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return spawn([path.join(support, 'refuse-node-network.cjs'), fixture, ...(entry ? [entry] : [])]);
}

/** node -r register-sources -r <preload> <rest...>. */
const spawn = ([preload, ...rest]: string[]) => runSourceAsync(['-r', preload!, ...rest], { timeout: 30_000 });

describe('the root entry without node:http and node:net', () => {
  test('loads and serves a tools/call through fetch', async () => {
    const { code, stdout, stderr } = await run();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      result: { content: [{ type: 'text', text: 'served without node:http' }] },
    });
  });

  test('the advanced subpath loads there too', async () => {
    const { code, stderr } = await run('@tessera/core/advanced');
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  test('the node subpath does need them (so the check above is real)', async () => {
    const { code, stderr } = await run('@tessera/core/node');
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/refused to load (node:)?(http|net)/);
  });
});

// Sealing runs there too: @tessera/request-state and core's root entry use Web Crypto, TextEncoder and
// btoa/atob, never node:crypto or Buffer.
describe('the root entries of core and request-state without Node built-ins or Buffer', () => {
  test('a two-leg @Elicit flow seals and opens its requestState through fetch', async () => {
    const { code, stdout, stderr } = await spawn([refuseBuiltins, flowFixture]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      result: { content: [{ type: 'text', text: 'provisioned in eu without Buffer or node:crypto' }] },
    });
  });

  test('a built-in loaded by a workspace source is refused (so the check above is real)', async () => {
    const { code, stderr } = await spawn([refuseBuiltins, fixture, '@tessera/core/node']);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/refused to load (node:)?\w+ from core\/src\/node\//);
  });

  test('Buffer read by a workspace source is refused, and still there for libraries', async () => {
    const probe = path.join(__dirname, '..', '..', 'src', 'probe.js'); // compiled in memory, never written
    const script =
      `const M = require('node:module'); const m = new M(${JSON.stringify(probe)});` +
      `m._compile('module.exports = () => Buffer.from("x")', ${JSON.stringify(probe)});` +
      `if (typeof Buffer.from !== 'function') process.exit(3); m.exports();`;
    const { code, stderr } = await spawn([refuseBuiltins, '-e', script]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/refused Buffer in core\/src\/probe\.js/);
  });
});
