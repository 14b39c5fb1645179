import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { InvalidConnectTargetError, nodeHttpFetch } from '../src';
import { createTransport } from '../src/connect/create-transport';
import { fetchOfNodeHttp, httpFetchFor, nodeHttpFor } from '../src/accelerators/node-http/default-http-fetch';
import { NodeHttpTransport } from '../src/accelerators/node-http/node-http-transport';

// Which fetch an HTTP target gets: the platform's unless nodeHttpFetch() is passed, which is there only on Node.
describe('the fetch of an HTTP target', () => {
  test('by default the platform fetch, through the SDK transport', () => {
    expect(createTransport({ url: 'http://127.0.0.1:1/mcp' })).toBeInstanceOf(StreamableHTTPClientTransport);
  });

  test('nodeHttpFetch() on this Node: the node:http fetch, one per process, taking the leg transport', () => {
    const first = nodeHttpFetch();
    expect(typeof first).toBe('function');
    expect(first).not.toBe(globalThis.fetch);
    expect(nodeHttpFetch()).toBe(first);
    expect(createTransport({ url: 'http://127.0.0.1:1/mcp', fetch: first })).toBeInstanceOf(NodeHttpTransport);
  });

  test.each(['off', 'off:node-http'])('TESSERA_ACCELERATORS=%s: nodeHttpFetch() is the platform fetch', (value) => {
    const saved = process.env.TESSERA_ACCELERATORS;
    process.env.TESSERA_ACCELERATORS = value;
    try {
      const platform = nodeHttpFetch();
      expect(platform).not.toBe(nodeHttpFor(process));
      expect(createTransport({ url: 'http://127.0.0.1:1/mcp', fetch: platform })).toBeInstanceOf(
        StreamableHTTPClientTransport,
      );
    } finally {
      if (saved === undefined) delete process.env.TESSERA_ACCELERATORS;
      else process.env.TESSERA_ACCELERATORS = saved;
    }
    // named off, another accelerator leaves the sender on
    process.env.TESSERA_ACCELERATORS = 'off:lane';
    try {
      expect(createTransport({ url: 'http://127.0.0.1:1/mcp', fetch: nodeHttpFetch() })).toBeInstanceOf(
        NodeHttpTransport,
      );
    } finally {
      if (saved === undefined) delete process.env.TESSERA_ACCELERATORS;
      else process.env.TESSERA_ACCELERATORS = saved;
    }
  });

  test('nodeHttpFetch() where node:http cannot be had: refused, naming the fix', () => {
    const bun = nodeHttpFor({ release: { name: 'node' }, versions: { bun: '1.2.0' } });
    expect(() => fetchOfNodeHttp(bun)).toThrow(InvalidConnectTargetError);
    expect(() => fetchOfNodeHttp(bun)).toThrow(
      "nodeHttpFetch() needs Node's node:http (Node 20.16 or later); on this runtime leave `fetch` out to use the platform fetch",
    );
  });

  test('no process (browsers, workers), Bun, Deno, or a Node without getBuiltinModule: no node:http fetch', () => {
    const getBuiltinModule = (id: string) => process.getBuiltinModule(id as 'node:http');
    expect(httpFetchFor(undefined)).toBeUndefined();
    expect(httpFetchFor({ release: { name: 'node' }, versions: { bun: '1.2.0' }, getBuiltinModule })).toBeUndefined();
    expect(httpFetchFor({ release: { name: 'node' }, versions: { deno: '2.0.0' }, getBuiltinModule })).toBeUndefined();
    expect(httpFetchFor({ release: { name: 'node' }, versions: {} })).toBeUndefined();
    expect(typeof httpFetchFor({ release: { name: 'node' }, versions: {}, getBuiltinModule })).toBe('function');
  });

  test('no connect or node-http file imports a node: module as a value (a browser bundle must not need node:http)', () => {
    const dirs = [join(__dirname, '../src/connect'), join(__dirname, '../src/accelerators/node-http')];
    for (const [dir, file] of dirs.flatMap((dir) => readdirSync(dir).map((file) => [dir, file] as const))) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect({ file, imports: /^import (?!type)[^;]*from 'node:/m.test(source) }).toEqual({ file, imports: false });
    }
  });
});
