import {
  createFlowRecord,
  InvalidFlowRecordError,
  isInputRequired,
  parseFlowRecord,
  TesseraClient,
  type CallToolResult,
  type InputRequiredResult,
  type McpCall,
} from '../src';
import { recordingCallbacks } from './fixtures/callbacks.fixture';
import type { SeenLeg } from './fixtures/mrtr-server.fixture';
import { createFixtureHandler } from './fixtures/serve-fixture.fixture';

describe('manual mode', () => {
  let seen: SeenLeg[];
  let client: TesseraClient;
  let answers: number;

  beforeEach(async () => {
    seen = [];
    answers = 0;
    client = new TesseraClient({ elicitation: async () => ({ action: 'accept', content: { name: `m${++answers}` } }) });
    const handler = createFixtureHandler(seen);
    await client.connect({ fetch: (request) => handler.fetch(request) });
  });
  afterEach(() => client.close());

  it('returns the input_required union and lets the caller run the loop with fulfil()', async () => {
    const params = { name: 'interview', arguments: { topic: 'manual' } };
    const call: McpCall = { method: 'tools/call', ...params };
    const audit: string[] = [];
    let result: CallToolResult | InputRequiredResult = await client.callTool(params, { allowInputRequired: true });
    let rounds = 0;
    while (isInputRequired(result)) {
      rounds += 1;
      audit.push(Object.keys(result.inputRequests ?? {}).join(','));
      const inputResponses = await client.fulfil(result.inputRequests ?? {}, { call, round: rounds });
      result = await client.callTool(params, {
        allowInputRequired: true,
        inputResponses,
        requestState: result.requestState,
      });
    }
    expect(result.content).toEqual([{ type: 'text', text: 'manual: m1 > m2 > m3' }]);
    expect(rounds).toBe(3);
    expect(audit).toEqual(['q1', 'q2', 'q3']);
    expect(seen.map((leg) => leg.requestState)).toEqual([undefined, '[]', '["m1"]', '["m1","m2"]']);
  });

  it('hands back a state-only round as-is (no waiting in manual mode)', async () => {
    const result = await client.callTool({ name: 'steps', arguments: { plan: 'S' } }, { allowInputRequired: true });
    expect(isInputRequired(result)).toBe(true);
    expect(result).toMatchObject({ resultType: 'input_required', requestState: 'step:1' });
    expect(seen).toHaveLength(1);
  });

  it('never returns the union without allowInputRequired', async () => {
    const result = await client.callTool({ name: 'greet', arguments: { greeting: 'Hey' } });
    expect(isInputRequired(result)).toBe(false);
  });

  it('manual mode works for prompts and resources as well', async () => {
    const prompt = await client.getPrompt(
      { name: 'briefing', arguments: { subject: 's' } },
      { allowInputRequired: true },
    );
    expect(isInputRequired(prompt) && prompt.requestState).toBe('p1');
    const resource = await client.readResource({ uri: 'secret://7' }, { allowInputRequired: true });
    expect(isInputRequired(resource) && Object.keys(resource.inputRequests ?? {})).toEqual(['confirm']);
  });

  it('serialises a flow record to JSON and resumes it, seeded with the recorded answers and state', async () => {
    const params = { name: 'interview', arguments: { topic: 'resume' } };
    const call: McpCall = { method: 'tools/call', ...params };
    const first = await client.callTool(params, { allowInputRequired: true });
    if (!isInputRequired(first)) throw new Error('expected a round');
    const inputResponses = await client.fulfil(first.inputRequests ?? {}, { call });
    const json = JSON.stringify(createFlowRecord(call, first, inputResponses));
    expect(JSON.parse(json)).toEqual({
      method: 'tools/call',
      name: 'interview',
      arguments: { topic: 'resume' },
      requestState: '[]',
      inputResponses: { q1: { action: 'accept', content: { name: 'm1' } } },
    });

    const record = parseFlowRecord(json);
    const done = await client.resume(record);
    expect(done.content).toEqual([{ type: 'text', text: 'resume: m1 > m2 > m3' }]);
    expect(seen[1]).toMatchObject({
      requestState: '[]',
      inputResponses: { q1: { action: 'accept', content: { name: 'm1' } } },
    });
  });

  it('resumes in manual mode too, returning the next round', async () => {
    const next = await client.resume(
      {
        method: 'tools/call',
        name: 'interview',
        arguments: { topic: 't' },
        requestState: '[]',
        inputResponses: { q1: { action: 'accept', content: { name: 'x' } } },
      },
      { allowInputRequired: true },
    );
    expect(isInputRequired(next) && next.requestState).toBe('["x"]');
  });

  it('resumes a prompt and a resource flow', async () => {
    const prompt = await client.resume({
      method: 'prompts/get',
      name: 'briefing',
      arguments: { subject: 'r' },
      requestState: 'p1',
      inputResponses: { audience: { action: 'accept', content: { name: 'Cy' } } },
    });
    expect(prompt.messages[0]!.content).toEqual({ type: 'text', text: 'Brief Cy on r' });
    const resource = await client.resume({
      method: 'resources/read',
      uri: 'secret://9',
      requestState: 'r1',
      inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
    });
    expect(resource.contents).toEqual([{ uri: 'secret://9', text: 'secret 9' }]);
  });

  it('rejects malformed flow records clearly', async () => {
    expect(() => parseFlowRecord('{nope')).toThrow(InvalidFlowRecordError);
    expect(() => parseFlowRecord({ method: 'tools/list', name: 'x' })).toThrow(
      /method must be tools\/call, prompts\/get or resources\/read/,
    );
    expect(() => parseFlowRecord({ method: 'resources/read' })).toThrow(/needs a string uri/);
    expect(() => parseFlowRecord({ method: 'tools/call', name: 'x', requestState: 5 })).toThrow(
      /requestState must be a string/,
    );
    await expect(client.resume({ method: 'tools/call' } as never)).rejects.toMatchObject({
      code: 'TESSERA_INVALID_FLOW_RECORD',
    });
  });

  it('fulfil() uses the same callbacks for every kind', async () => {
    const { callbacks } = recordingCallbacks();
    const local = new TesseraClient(callbacks);
    const responses = await local.fulfil({
      a: { method: 'roots/list' },
      b: {
        method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: { type: 'text', text: 'q' } }], maxTokens: 3 },
      },
    });
    expect(responses).toEqual({
      a: { roots: [{ uri: 'file:///work', name: 'work' }, { uri: 'file:///tmp' }] },
      b: { model: 'test-model', role: 'assistant', content: { type: 'text', text: '<q>' } },
    });
  });
});
