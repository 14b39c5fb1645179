import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { createApp, silentLogger } from '@tessera/core';
import { listen, serveStdio } from '@tessera/core/node';
import { TesseraClient } from '@tessera/client';
import { MachineTools } from './fixtures';
import { listenedApp } from './support/listened-app';
import { watchLargeInputs } from './support/watch-large-inputs';
import { lowLevelProvision } from './support/low-level-provision';
import { Deployer } from './mrtr-fixtures';
import { envelopeOf, manyKeys, postProvision, PROVISION_HEADERS } from './support/provision-call';

// #17 item 1, the rest of the message: 300 000 small keys outside `arguments` (in `_meta`, in
// `inputResponses`, at the top level) held the event loop ~160 ms in JSON.parse. Now refused from the
// body's bytes after one scan, never parsed; what is asserted (one scan, no parse, the answer) does not
// depend on the machine's load. A real flow with a large answer still goes through.
const META = envelopeOf('outside');
const ARGS = { name: 'web1', region: 'eu' };
const EXPECTED = {
  code: -32602,
  message:
    'Invalid request for tool "provision": the request holds more than 10000 keys and array items outside arguments (limits.maxMembersOutsideArguments)',
};

/** A tools/call of `provision` with 300 000 small keys placed by `where`: about 3.6 MB, under the 4 MiB body limit. */
function hugeBody(id: number, where: 'meta' | 'inputResponses' | 'top'): Uint8Array<ArrayBuffer> {
  const keys = manyKeys(300_000);
  const params: Record<string, unknown> = {
    name: 'provision',
    arguments: ARGS,
    _meta: where === 'meta' ? { ...META, ...keys } : META,
  };
  if (where === 'inputResponses') params.inputResponses = keys;
  return new TextEncoder().encode(
    JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params, ...(where === 'top' ? keys : {}) }),
  );
}

describe('members outside arguments over the limit are refused before JSON.parse', () => {
  const loopback = listenedApp('outside', [MachineTools]);

  test('node fast path: 300 000 keys in _meta refused with the -32602, scanned once, never parsed; a concurrent call is served', async () => {
    const body = hugeBody(1, 'meta'); // built outside the watched window
    const small = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'provision', arguments: { name: 'web2', region: 'us' }, _meta: META },
    });
    const { result, scans, parses } = await watchLargeInputs(async () => {
      const big = postProvision(loopback.listener.url, body).then((r) => r.json() as Promise<{ error?: unknown }>);
      const served = await (await postProvision(loopback.listener.url, small)).text();
      return { answer: await big, served };
    });
    expect(result.answer.error).toEqual(EXPECTED);
    expect(result.served).toContain('provisioned web2 in us');
    expect(scans).toBe(1);
    expect(parses).toBe(0);
  });

  test.each(['inputResponses', 'top'] as const)(
    'fetch face: 300 000 keys in %s refused the same way, never parsed',
    async (where) => {
      const body = hugeBody(3, where);
      const { result, scans, parses } = await watchLargeInputs(async () => {
        const response = await loopback.app.fetch(
          new Request('http://localhost/mcp', { method: 'POST', headers: PROVISION_HEADERS, body }),
        );
        return (await response.json()) as { error: unknown };
      });
      expect(result.error).toEqual(EXPECTED);
      expect(scans).toBe(1);
      expect(parses).toBe(0);
    },
  );

  test("the SDK adapter's path (fastPath: false) and the low-level server refuse it too, unparsed", async () => {
    const sdkPath = await listen(loopback.app, { port: 0, fastPath: false });
    const low = lowLevelProvision();
    try {
      const body = hugeBody(4, 'meta');
      const viaSdk = await watchLargeInputs(
        async () => (await (await postProvision(sdkPath.url, body)).json()) as { error: unknown },
      );
      expect(viaSdk.result.error).toEqual(EXPECTED);
      expect(viaSdk.parses).toBe(0);
      const viaLow = await watchLargeInputs(
        async () =>
          (await (
            await low.fetch(new Request('http://localhost/mcp', { method: 'POST', headers: PROVISION_HEADERS, body }))
          ).json()) as { error: unknown },
      );
      expect(viaLow.result.error).toEqual(EXPECTED);
      expect(viaLow.parses).toBe(0);
    } finally {
      await sdkPath.close();
      await low.close();
    }
  });
});

describe('the post-parse check is the authority where nothing is scanned', () => {
  test('stdio (an in-memory transport): the same -32602 for a _meta over the limit, a call within it runs', async () => {
    const app = createApp({ name: 'outside-stdio', version: '1', providers: [MachineTools], logger: silentLogger });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    serveStdio(app, { transport: serverSide });
    const answers = new Map<unknown, JSONRPCMessage>();
    const waiting = new Map<unknown, () => void>();
    clientSide.onmessage = (message) => {
      const id = (message as { id?: unknown }).id;
      answers.set(id, message);
      waiting.get(id)?.();
    };
    await clientSide.start();
    const ask = (id: number, meta: Record<string, unknown>) =>
      new Promise<JSONRPCMessage>((resolve) => {
        waiting.set(id, () => resolve(answers.get(id)!));
        void clientSide.send({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'provision', arguments: ARGS, _meta: meta },
        } as JSONRPCMessage);
      });
    try {
      expect(((await ask(1, { ...META, ...manyKeys(10_001) })) as { error?: unknown }).error).toEqual(EXPECTED);
      expect(JSON.stringify(await ask(2, { ...META, ...manyKeys(9_000) }))).toContain('provisioned web1 in eu');
    } finally {
      await clientSide.close();
      await app.close();
    }
  });

  test('listen, a body under the scan threshold: configured limits are checked after the parse, depth and members', async () => {
    const app = createApp({
      name: 'outside-small',
      version: '1',
      providers: [MachineTools],
      logger: silentLogger,
      limits: { maxMembersOutsideArguments: 100, maxDepthOutsideArguments: 8 },
    });
    const listener = await listen(app, { port: 0 });
    const call = (meta: Record<string, unknown>) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'provision', arguments: ARGS, _meta: { ...META, ...meta } },
      });
    try {
      const wide = (await (await postProvision(listener.url, call(manyKeys(100)))).json()) as {
        error?: { message: string };
      };
      expect(wide.error?.message).toBe(
        'Invalid request for tool "provision": the request holds more than 100 keys and array items outside arguments (limits.maxMembersOutsideArguments)',
      );
      // _meta is level 3, the inner array 9
      const deep = (await (
        await postProvision(listener.url, call({ a: { b: { c: { d: { e: [[]] } } } } }))
      ).json()) as { error?: { message: string } };
      expect(deep.error?.message).toBe(
        'Invalid request for tool "provision": the request nests deeper than 8 levels outside arguments (limits.maxDepthOutsideArguments)',
      );
      expect(await (await postProvision(listener.url, call(manyKeys(80)))).text()).toContain('provisioned web1 in eu');
    } finally {
      await app.close();
    }
  });
});

describe('a real flow with large answers is not refused', () => {
  test('elicitation and a 1 MB sampling answer in inputResponses: scanned, accepted, answered', async () => {
    const app = createApp({ name: 'outside-flow', version: '1', providers: [Deployer], logger: silentLogger });
    const listener = await listen(app, { port: 0 });
    const summary = 'A long summary. '.repeat(64 * 1024); // 1 MiB of text: one member, however long
    const client = new TesseraClient({
      elicitation: async (params) => ({
        action: 'accept',
        content: params.message.startsWith('Region') ? { region: 'eu' } : { size: 3 },
      }),
      sampling: async () => ({ role: 'assistant', model: 'm', content: { type: 'text', text: summary } }),
    });
    try {
      await client.connect({ url: listener.url });
      const { result, scans } = await watchLargeInputs(() =>
        client.callTool({ name: 'deploy', arguments: { app: 'shop' } }),
      );
      const text = (result.content as Array<{ text: string }>)[0]!.text;
      expect(text.startsWith('shop -> eu x3: A long summary.')).toBe(true);
      expect(text.length).toBeGreaterThan(summary.length);
      expect(scans).toBe(1); // the retry carrying the answers was scanned (and let through)
    } finally {
      await client.close();
      await app.close();
    }
  });
});
