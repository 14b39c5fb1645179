import { InMemoryTransport } from '@modelcontextprotocol/client';
import { join } from 'node:path';
import { InputRequestRefusedError, TesseraClient, type InputRequestEvent, type TesseraClientOptions } from '../src';
import { recordingCallbacks } from './fixtures/callbacks.fixture';
import { buildMrtrServer, type SeenLeg } from './fixtures/mrtr-server.fixture';

/** A 2025-era server: the SDK McpServer on a linked in-memory pair, which speaks only `initialize`. */
async function connectLegacy(seen: SeenLeg[], options: TesseraClientOptions) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await buildMrtrServer(seen).connect(serverSide);
  const client = new TesseraClient(options);
  await client.connect({ transport: clientSide });
  return client;
}

describe('2025-era servers: the same callbacks answer push requests', () => {
  let seen: SeenLeg[];
  let client: TesseraClient | undefined;
  beforeEach(() => {
    seen = [];
  });
  afterEach(() => client?.close());

  it("falls back from 'auto' to the 2025 era and says so", async () => {
    client = await connectLegacy(seen, recordingCallbacks().callbacks);
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(client.era).toBe('legacy');
  });

  it('answers the legacy shim (input_required turned into elicitation/create pushes) and ctx.mcpReq.elicitInput', async () => {
    const recording = recordingCallbacks();
    const pushes: InputRequestEvent[] = [];
    client = await connectLegacy(seen, {
      ...recording.callbacks,
      protocol: 'legacy',
      hooks: { onInputRequest: (event) => void pushes.push(event) },
    });
    const shim = await client.callTool({ name: 'greet', arguments: { greeting: 'Hello' } });
    expect(shim.content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    const push = await client.callTool({ name: 'push-greet', arguments: {} });
    expect(push.content).toEqual([{ type: 'text', text: 'pushed: Ada' }]);
    expect(recording.asked).toEqual(['elicit:Hello! Who are you?', 'elicit:Name (push)?']);
    expect(pushes.map((event) => [event.kind, event.key])).toEqual([
      ['elicitation', undefined],
      ['elicitation', undefined],
    ]);
  });

  it('answers sampling and roots pushes with the same callbacks', async () => {
    const recording = recordingCallbacks();
    client = await connectLegacy(seen, { ...recording.callbacks, protocol: 'legacy' });
    const result = await client.callTool({ name: 'everything', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'Ada|test-model|2' }]);
    expect([...recording.asked].sort()).toEqual(['elicit:Name?', 'roots', 'sample']);
  });

  it('applies refusals to push requests too', async () => {
    const recording = recordingCallbacks();
    const sampling = jest.fn(recording.callbacks.sampling);
    client = await connectLegacy(seen, { ...recording.callbacks, sampling, protocol: 'legacy', refuse: ['sampling'] });
    // The refusal travels to the server as an error answer; the SDK's legacy shim makes it a tool error result.
    const result = await client.callTool({ name: 'summarize', arguments: { topic: 'x' } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('which this client refuses');
    expect(sampling).not.toHaveBeenCalled();
    await expect(
      client.fulfil({ s: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } } }),
    ).rejects.toBeInstanceOf(InputRequestRefusedError);
  });

  it("fails to connect when pinned to 2026-07-28 and the server can't", async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await buildMrtrServer(seen).connect(serverSide);
    const pinned = new TesseraClient({ protocol: { pin: '2026-07-28' } });
    await expect(pinned.connect({ transport: clientSide }, { timeoutMs: 2000 })).rejects.toThrow();
  });
});

describe('stdio', () => {
  const script = join(__dirname, 'fixtures', 'stdio-server.cjs');

  it.each([
    ['auto', '2026-07-28'],
    ['legacy', '2025-11-25'],
  ] as const)("connects to a spawned SDK stdio server (protocol '%s') and runs the flow", async (protocol, version) => {
    const client = new TesseraClient({
      protocol,
      elicitation: async () => ({ action: 'accept', content: { name: 'Io' } }),
    });
    await client.connect({ command: process.execPath, args: [script], env: { PATH: process.env.PATH ?? '' } });
    try {
      expect(client.protocolVersion).toBe(version);
      const result = await client.callTool({ name: 'greet', arguments: { greeting: 'Hi' } });
      const text = (result.content[0] as { text: string }).text;
      expect(text).toMatch(/^Hi, Io \(state stdio-1, pid \d+\)$/);
    } finally {
      await client.close();
    }
  });
});
