import { TesseraClient } from '@tessera/client';
import { createApp, silentLogger, type TesseraApp } from '@tessera/core';
import { conformanceModule } from '../src/server/app';

// A fast in-memory check of the conformance fixtures, so a broken fixture shows up in the unit tests
// before the (slower) official suite runs.
describe('conformance everything server (in memory, @tessera/client)', () => {
  let app: TesseraApp;
  let client: TesseraClient;

  beforeAll(async () => {
    app = createApp({ ...conformanceModule, logger: silentLogger });
    client = new TesseraClient({
      elicitation: (params) => {
        const props = Object.keys(
          (params as { requestedSchema?: { properties?: object } }).requestedSchema?.properties ?? {},
        );
        const content = Object.fromEntries(props.map((p) => [p, p === 'ok' ? true : `my ${p}`]));
        return { action: 'accept', content };
      },
      sampling: () => ({
        role: 'assistant',
        content: { type: 'text', text: 'Paris' },
        model: 'test-model',
        stopReason: 'endTurn',
      }),
      listRoots: () => ({ roots: [{ uri: 'file:///test/root', name: 'Test Root' }] }),
    });
    await client.connect({ fetch: app.fetch });
  });

  afterAll(async () => {
    await client.close();
    await app.close();
  });

  const text = (r: { content: unknown }) => ((r.content as Array<{ text?: string }>)[0] ?? {}).text;

  test('lists every scored fixture', async () => {
    const { tools } = await client.sdk.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'test_simple_text',
        'test_image_content',
        'test_audio_content',
        'test_embedded_resource',
        'test_multiple_content_types',
        'test_error_handling',
        'test_tool_with_progress',
        'test_missing_capability',
        'test_input_required_result_elicitation',
        'test_input_required_result_multi_round',
        'test_input_required_result_tampered_state',
        'test_tool_with_logging',
        'test_sampling',
        'test_elicitation',
        'test_elicitation_sep1034_defaults',
        'test_elicitation_sep1330_enums',
        'test_reconnection',
      ]),
    );
    const { prompts } = await client.sdk.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['test_simple_prompt', 'test_prompt_with_arguments', 'test_input_required_result_prompt']),
    );
    const { resourceTemplates } = await client.sdk.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('test://template/{id}/data');
  });

  test('content fixtures answer as the suite expects', async () => {
    expect(text(await client.callTool({ name: 'test_simple_text' }))).toBe(
      'This is a simple text response for testing.',
    );
    expect(await client.callTool({ name: 'test_error_handling' })).toMatchObject({ isError: true });
    const template = await client.readResource({ uri: 'test://template/123/data' });
    expect(template.contents[0]).toMatchObject({
      mimeType: 'application/json',
      text: '{"id":"123","templateTest":true,"data":"Data for ID: 123"}',
    });
    const prompt = await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'a', arg2: 'b' } });
    expect(prompt.messages[0].content).toEqual({ type: 'text', text: "Prompt with arguments: arg1='a', arg2='b'" });
  });

  test('the multi-round-trip fixtures complete through the round loop', async () => {
    expect(text(await client.callTool({ name: 'test_input_required_result_elicitation' }))).toBe('Hello, my name!');
    expect(text(await client.callTool({ name: 'test_input_required_result_multiple_inputs' }))).toContain(
      'file:///test/root',
    );
    expect(text(await client.callTool({ name: 'test_input_required_result_multi_round' }))).toBe(
      "Multi-round complete: my name's favorite color is my color.",
    );
    expect(text(await client.callTool({ name: 'test_input_required_result_request_state' }))).toContain('state-ok');
    const prompt = await client.getPrompt({ name: 'test_input_required_result_prompt' });
    expect(prompt.messages[0].content).toEqual({ type: 'text', text: 'Prompt built with context: my context' });
  });
});

// The 2025-11-25 fixtures on a 2025 session: their @Elicit and @Sample parameters become push requests.
describe('conformance everything server (2025 session, push requests)', () => {
  let app: TesseraApp;
  let client: TesseraClient;
  const pushed: Array<{ kind: string; params: unknown }> = [];

  beforeAll(async () => {
    app = createApp({ ...conformanceModule, logger: silentLogger }, { legacySessions: true });
    client = new TesseraClient({
      protocol: 'legacy',
      elicitation: (params) => {
        pushed.push({ kind: 'elicitation', params });
        return { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } };
      },
      sampling: (params) => {
        pushed.push({ kind: 'sampling', params });
        return { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm', stopReason: 'endTurn' };
      },
    });
    await client.connect({ fetch: app.fetch });
  });

  afterAll(async () => {
    await client.close();
    await app.close();
  });

  beforeEach(() => pushed.splice(0));

  const text = (r: { content: unknown }) => ((r.content as Array<{ text?: string }>)[0] ?? {}).text;

  test('test_sampling pushes the prompt from its arguments', async () => {
    const result = await client.callTool({ name: 'test_sampling', arguments: { prompt: 'Capital of France?' } });
    expect(text(result)).toBe('LLM response: Paris');
    expect(pushed).toEqual([
      { kind: 'sampling', params: expect.objectContaining({ maxTokens: 100, messages: [expect.anything()] }) },
    ]);
    expect((pushed[0].params as { messages: Array<{ content: unknown }> }).messages[0].content).toEqual({
      type: 'text',
      text: 'Capital of France?',
    });
  });

  test('test_elicitation pushes the message from its arguments and reports the answer', async () => {
    const result = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Who are you?' } });
    expect(text(result)).toBe('User response: action=accept, content={"username":"ada","email":"ada@example.com"}');
    expect(pushed[0]).toMatchObject({ kind: 'elicitation', params: { message: 'Who are you?' } });
  });

  test('test_elicitation_sep1034_defaults asks with a default for every primitive type', async () => {
    await client.callTool({ name: 'test_elicitation_sep1034_defaults' });
    const schema = (pushed[0].params as { requestedSchema: { properties: Record<string, { default?: unknown }> } })
      .requestedSchema;
    expect(Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, v.default]))).toEqual({
      name: 'John Doe',
      age: 30,
      score: 95.5,
      status: 'active',
      verified: true,
    });
  });

  test('test_elicitation_sep1330_enums asks with the five enum shapes', async () => {
    await client.callTool({ name: 'test_elicitation_sep1330_enums' });
    const schema = (pushed[0].params as { requestedSchema: { properties: Record<string, unknown> } }).requestedSchema;
    expect(Object.keys(schema.properties)).toEqual([
      'untitledSingle',
      'titledSingle',
      'legacyEnum',
      'untitledMulti',
      'titledMulti',
    ]);
  });
});
