import { TesseraClient } from '../src';
import { recordingCallbacks } from './fixtures/callbacks.fixture';
import { AWKWARD_STATE, type SeenLeg } from './fixtures/mrtr-server.fixture';
import { createFixtureHandler } from './fixtures/serve-fixture.fixture';

describe('automatic rounds (in memory, 2026-07-28)', () => {
  let seen: SeenLeg[];
  let client: TesseraClient;
  let asked: string[];

  beforeEach(async () => {
    seen = [];
    const recording = recordingCallbacks();
    asked = recording.asked;
    client = new TesseraClient({
      ...recording.callbacks,
      elicitation: { handle: recording.callbacks.elicitation, url: true },
    });
    const handler = createFixtureHandler(seen);
    await client.connect({ fetch: (request) => handler.fetch(request) });
  });

  afterEach(() => client.close());

  it('negotiates 2026-07-28 and reports it', () => {
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.era).toBe('modern');
  });

  it('declares capabilities from the callbacks given, URL mode included when asked for', () => {
    const client2 = new TesseraClient({ elicitation: async () => ({ action: 'cancel' }) });
    expect(client2.capabilities).toEqual({ elicitation: { form: { applyDefaults: true } } });
    expect(new TesseraClient().capabilities).toEqual({});
    expect(client.capabilities).toEqual({
      elicitation: { form: { applyDefaults: true }, url: {} },
      sampling: {},
      roots: {},
    });
  });

  it('runs an elicitation flow and returns the plain result', async () => {
    const result = await client.callTool({ name: 'greet', arguments: { greeting: 'Hello' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    expect(result.structuredContent).toEqual({ text: 'Hello, Ada' });
    expect(asked).toEqual(['elicit:Hello! Who are you?']);
    expect(seen).toHaveLength(2);
    // Same arguments on the retry, this round's answer under the server's key, no state (the server sent none).
    expect(seen[1]).toMatchObject({
      target: 'greet',
      inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } },
    });
    expect(seen[1]!.requestState).toBeUndefined();
  });

  it('survives a listed output schema (the SDK callTool would reject the input_required leg)', async () => {
    await client.sdk.listTools();
    const result = await client.callTool({ name: 'greet', arguments: { greeting: 'Hi' } });
    expect(result.structuredContent).toEqual({ text: 'Hi, Ada' });
  });

  it('runs a sampling flow', async () => {
    const result = await client.callTool({ name: 'summarize', arguments: { topic: 'tides' } });
    expect(result.content).toEqual([{ type: 'text', text: 'summary: <Summarize tides>' }]);
    expect(asked).toEqual(['sample']);
  });

  it('runs a roots flow', async () => {
    const result = await client.callTool({ name: 'where', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'file:///work,file:///tmp' }]);
    expect(asked).toEqual(['roots']);
  });

  it('answers a URL-mode elicitation when the callback supports it', async () => {
    const result = await client.callTool({ name: 'open-link', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'link: accept' }]);
  });

  it('answers every kind in one round, concurrently, under the same keys', async () => {
    let inFlight = 0;
    let peak = 0;
    // each answer waits until all three callbacks were called: asked one after the other, the first would never end
    let allAsked!: () => void;
    const barrier = new Promise<void>((resolve) => (allAsked = resolve));
    const slow = async <T>(value: T): Promise<T> => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      if (inFlight === 3) allAsked();
      await barrier;
      inFlight -= 1;
      return value;
    };
    const concurrent = new TesseraClient({
      elicitation: () => slow({ action: 'accept' as const, content: { name: 'Bo' } }),
      sampling: () => slow({ model: 'm1', role: 'assistant' as const, content: { type: 'text' as const, text: 'x' } }),
      listRoots: () => slow({ roots: [{ uri: 'file:///a' }] }),
    });
    const handler = createFixtureHandler(seen);
    await concurrent.connect({ fetch: (request) => handler.fetch(request) });
    const result = await concurrent.callTool({ name: 'everything', arguments: {} });
    await concurrent.close();
    expect(result.content).toEqual([{ type: 'text', text: 'Bo|m1|1' }]);
    expect(peak).toBe(3);
    expect(Object.keys(seen.at(-1)!.inputResponses ?? {}).sort()).toEqual(['name', 'roots', 'sample']);
    expect(seen.at(-1)!.requestState).toBe('all-three');
  });

  it('carries state through a three-round flow, sending only the latest answers', async () => {
    let n = 0;
    const interviewer = new TesseraClient({
      elicitation: async () => ({ action: 'accept', content: { name: `a${++n}` } }),
    });
    const handler = createFixtureHandler(seen);
    await interviewer.connect({ fetch: (request) => handler.fetch(request) });
    const result = await interviewer.callTool({ name: 'interview', arguments: { topic: 'cats' } });
    await interviewer.close();
    expect(result.content).toEqual([{ type: 'text', text: 'cats: a1 > a2 > a3' }]);
    expect(seen.map((leg) => leg.requestState)).toEqual([undefined, '[]', '["a1"]', '["a1","a2"]']);
    expect(seen.map((leg) => Object.keys(leg.inputResponses ?? {}))).toEqual([[], ['q1'], ['q2'], ['q3']]);
  });

  it('echoes requestState byte for byte', async () => {
    const result = await client.callTool({ name: 'echo-state', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'state intact' }]);
    expect(seen[1]!.requestState).toBe(AWKWARD_STATE);
  });

  it('uses a fresh request id for every leg', async () => {
    await client.callTool({ name: 'interview', arguments: { topic: 'ids' } });
    const ids = seen.map((leg) => leg.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('repeats the call exactly on every leg, _meta included', async () => {
    await client.callTool({ name: 'interview', arguments: { topic: 'meta' }, _meta: { 'example.com/trace': 't-1' } });
    expect(seen).toHaveLength(4);
    for (const leg of seen) expect(leg.meta).toMatchObject({ 'example.com/trace': 't-1' });
  });

  it('runs the loop for prompts and resource templates too', async () => {
    const prompt = await client.getPrompt({ name: 'briefing', arguments: { subject: 'tides' } });
    expect(prompt.messages[0]!.content).toEqual({ type: 'text', text: 'Brief Ada on tides' });
    const resource = await client.readResource({ uri: 'secret://42' });
    expect(resource.contents).toEqual([{ uri: 'secret://42', text: 'secret 42' }]);
    expect(seen.filter((leg) => leg.target === 'secret secret://42').map((leg) => leg.requestState)).toEqual([
      undefined,
      'r1',
    ]);
  });

  it("runs the client's hooks on every call, a call's own hooks after them, and hooks swapped in later", async () => {
    const order: string[] = [];
    const recording = recordingCallbacks();
    const options = {
      ...recording.callbacks,
      hooks: { onRound: () => void order.push('client') } as { onRound: () => void },
    };
    const hooked = new TesseraClient(options);
    const handler = createFixtureHandler([]);
    await hooked.connect({ fetch: (request) => handler.fetch(request) });
    try {
      await hooked.callTool({ name: 'greet', arguments: { greeting: 'Hi' } });
      await hooked.callTool({ name: 'greet', arguments: { greeting: 'Hi' } });
      await hooked.callTool(
        { name: 'greet', arguments: { greeting: 'Hi' } },
        { hooks: { onRound: () => void order.push('call') } },
      );
      options.hooks = { onRound: () => void order.push('swapped') };
      await hooked.callTool({ name: 'greet', arguments: { greeting: 'Hi' } });
      expect(order).toEqual(['client', 'client', 'client', 'call', 'swapped']);
    } finally {
      await hooked.close();
    }
  });
});
