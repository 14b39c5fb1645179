import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import type { LoggingMessageNotificationParams } from '@modelcontextprotocol/client';
import { createApp, Ctx, Provider, silentLogger, Tool, type ExecutionContext } from '@tessera/core';
import { serveStdio } from '@tessera/core/node';
import {
  InvalidProtocolPreferenceError,
  ProtocolNegotiationError,
  TesseraClient,
  type TesseraClientOptions,
} from '@tessera/client';

@Provider()
class Chatty {
  @Tool()
  async work(@Ctx() ctx: ExecutionContext): Promise<string> {
    await ctx.log('debug', 'details');
    await ctx.log('info', { step: 'half way' });
    await ctx.log('warning', 'disk almost full');
    return `done on ${ctx.protocolVersion}`;
  }
}

const app = () => createApp({ name: 'chatty', version: '1', providers: [Chatty], logger: silentLogger });
const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

/** In memory over the fetch face (stateless, like HTTP), recording the JSON-RPC bodies the client sends. */
async function overFetch(options: TesseraClientOptions) {
  const a = app();
  const sent: Array<{ method: string; params?: { _meta?: Record<string, unknown> } }> = [];
  const client = new TesseraClient(options);
  await client.connect({
    fetch: async (request: Request) => {
      if (request.method === 'POST') sent.push(await request.clone().json());
      return a.fetch(request);
    },
  });
  return { client, sent };
}

/** Over one message connection (stdio-like: a 2025 session remembers its log level). */
async function overSession(options: TesseraClientOptions) {
  const a = app();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serveStdio(a, { transport: serverSide });
  const client = new TesseraClient(options);
  await client.connect({ transport: clientSide });
  return { client, close: async () => (await client.close(), await a.close()) };
}

describe('TesseraClient logLevel and onLog', () => {
  test('2026-07-28: onLog hears ctx.log at or above logLevel, asked on the call itself', async () => {
    const heard: LoggingMessageNotificationParams[] = [];
    const { client, sent } = await overFetch({ logLevel: 'info', onLog: (m) => void heard.push(m) });
    expect(text(await client.callTool({ name: 'work', arguments: {} }))).toBe('done on 2026-07-28');
    expect(heard.map((m) => [m.level, m.data])).toEqual([
      ['info', { step: 'half way' }],
      ['warning', 'disk almost full'],
    ]);
    const call = sent.find((m) => m.method === 'tools/call')!;
    expect(call.params?._meta?.['io.modelcontextprotocol/logLevel']).toBe('info');
    await client.close();
  });

  test('onLog alone listens at info; a caller _meta logLevel wins for its call', async () => {
    const heard: string[] = [];
    const { client, sent } = await overFetch({ onLog: (m) => void heard.push(m.level) });
    await client.callTool({ name: 'work', arguments: {} });
    expect(heard).toEqual(['info', 'warning']);
    await client.callTool({ name: 'work', arguments: {}, _meta: { 'io.modelcontextprotocol/logLevel': 'warning' } });
    expect(
      sent.filter((m) => m.method === 'tools/call').map((m) => m.params?._meta?.['io.modelcontextprotocol/logLevel']),
    ).toEqual(['info', 'warning']);
    await client.close();
  });

  test('without logLevel or onLog, nothing is asked', async () => {
    const { client, sent } = await overFetch({});
    await client.callTool({ name: 'work', arguments: {} });
    expect(
      sent.find((m) => m.method === 'tools/call')!.params?._meta?.['io.modelcontextprotocol/logLevel'],
    ).toBeUndefined();
    await client.close();
  });

  test.each([
    ['a 2025 session (logging/setLevel)', overSession],
    [
      'stateless 2025 HTTP (the client filters)',
      async (o: TesseraClientOptions) => ({ ...(await overFetch(o)), close: undefined }),
    ],
  ])('2025 era, %s: onLog hears warning and above', async (_what, connect) => {
    const heard: string[] = [];
    const conn = await connect({ protocol: 'legacy', logLevel: 'warning', onLog: (m) => void heard.push(m.level) });
    expect(conn.client.era).toBe('legacy');
    await conn.client.callTool({ name: 'work', arguments: {} });
    expect(heard).toEqual(['warning']);
    await (conn.close?.() ?? conn.client.close());
  });

  test('a log level the protocol does not have is refused at construction, naming the option', () => {
    expect(() => new TesseraClient({ logLevel: 'verbose' as never })).toThrow(
      'logLevel must be one of debug, info, notice, warning, error, critical, alert, emergency; got "verbose"',
    );
  });
});

describe("TesseraClient's protocol option", () => {
  test.each(['2025-06-18', '2025-03-26', '2025-11-25'])('pins the 2025 revision %s', async (pin) => {
    const { client, sent } = await overFetch({ protocol: { pin } });
    expect(client.protocolVersion).toBe(pin);
    expect(client.era).toBe('legacy');
    expect(sent[0]).toMatchObject({ method: 'initialize', params: { protocolVersion: pin } });
    expect(text(await client.callTool({ name: 'work', arguments: {} }))).toBe(`done on ${pin}`);
    await client.close();
  });

  test.each([{ pin: '2026-07-28' }, { pin: '2025-11-25' }])(
    'tells what the server serves (%j), and nothing before connect',
    async (protocol) => {
      expect(new TesseraClient().serverCapabilities).toBeUndefined();
      const { client } = await overFetch({ protocol });
      expect(client.serverCapabilities?.tools).toBeDefined();
      expect(client.serverCapabilities?.resources).toBeUndefined(); // the app serves no resources
      await client.close();
    },
  );

  test('pins 2026-07-28 as before', async () => {
    const { client } = await overFetch({ protocol: { pin: '2026-07-28' } });
    expect(client.protocolVersion).toBe('2026-07-28');
    await client.close();
  });

  test.each([{ pin: '2025-01-01' }, { pin: 'latest' }, { pin: 20250618 }, 'modern'])(
    '%j is refused in its own terms, not the SDK option names',
    (protocol) => {
      const build = () => new TesseraClient({ protocol: protocol as never });
      expect(build).toThrow(InvalidProtocolPreferenceError);
      expect(build).toThrow(
        /^TesseraClient option protocol: .* Use 'auto' .*'legacy' .*\{ pin: '<revision>' \} with one of 2026-07-28, 2025-11-25, 2025-06-18/,
      );
      expect(build).not.toThrow(/versionNegotiation/);
    },
  );

  test('a server that answers another revision than the pinned one: a clear connect error', async () => {
    const server = new McpServer({ name: 'only-latest', version: '1' }, { supportedProtocolVersions: ['2025-11-25'] });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new TesseraClient({ protocol: { pin: '2025-06-18' } });
    const failure = client.connect({ transport: clientSide });
    await expect(failure).rejects.toBeInstanceOf(ProtocolNegotiationError);
    await expect(failure).rejects.toThrow(
      "Cannot connect with protocol: { pin: '2025-06-18' }: the server does not speak that revision (it answered 2025-11-25)",
    );
    await server.close();
  });
});
