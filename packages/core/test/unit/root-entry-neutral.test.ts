import { execFile } from 'node:child_process';
import path from 'node:path';

// The root entry is the runtime-neutral face: it loads and serves a call where node:http and node:net
// do not exist (Workers, Deno, bundles for the edge). Node-only faces live in '@tessera/core/node'.

const support = path.join(__dirname, '..', 'e2e', 'support');
const fixture = path.join(__dirname, '..', 'e2e', 'fixtures', 'neutral-call.fixture.ts');

function run(entry?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = [
    '-r',
    path.join(support, 'register-sources.cjs'),
    '-r',
    path.join(support, 'refuse-node-network.cjs'),
    fixture,
    ...(entry ? [entry] : []),
  ];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the root entry without node:http and node:net', () => {
  test('loads and serves a tools/call through fetch', async () => {
    const { code, stdout, stderr } = await run();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      result: { content: [{ type: 'text', text: 'served without node:http' }] },
    });
  });

  test('the node subpath does need them (so the check above is real)', async () => {
    const { code, stderr } = await run('@tessera/core/node');
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/refused to load (node:)?(http|net)/);
  });
});
