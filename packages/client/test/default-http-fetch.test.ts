import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultHttpFetch, httpFetchFor } from '../src/connect/default-http-fetch';

// Which fetch an HTTP target gets by default: node:http only on Node, the global fetch everywhere else.
describe('the default fetch for an HTTP target', () => {
  test('on this Node: the node:http fetch, one per process', () => {
    const first = defaultHttpFetch();
    expect(typeof first).toBe('function');
    expect(first).not.toBe(globalThis.fetch);
    expect(defaultHttpFetch()).toBe(first);
  });

  test('no process (browsers, workers), Bun, Deno, or a Node without getBuiltinModule: none, so the global fetch is used', () => {
    const getBuiltinModule = (id: string) => process.getBuiltinModule(id as 'node:http');
    expect(httpFetchFor(undefined)).toBeUndefined();
    expect(httpFetchFor({ release: { name: 'node' }, versions: { bun: '1.2.0' }, getBuiltinModule })).toBeUndefined();
    expect(httpFetchFor({ release: { name: 'node' }, versions: { deno: '2.0.0' }, getBuiltinModule })).toBeUndefined();
    expect(httpFetchFor({ release: { name: 'node' }, versions: {} })).toBeUndefined();
    expect(typeof httpFetchFor({ release: { name: 'node' }, versions: {}, getBuiltinModule })).toBe('function');
  });

  test('no connect file imports a node: module as a value (a bundle for a browser must not need node:http)', () => {
    const dir = join(__dirname, '../src/connect');
    for (const file of readdirSync(dir)) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect({ file, imports: /^import (?!type)[^;]*from 'node:/m.test(source) }).toEqual({ file, imports: false });
    }
  });
});
