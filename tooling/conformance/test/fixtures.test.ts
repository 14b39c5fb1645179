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
